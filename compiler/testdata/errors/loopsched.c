/* loop schedule clauses the compiler rejects: gang(static:) with a chunk
 * the host cannot evaluate at the construct's entry or below 1, gang(dim:) outside parallel or out of range, reductions with
 * several gang dimensions, clauses other than the loop schedule after
 * device_type on a loop, unknown device types, and num_gangs with several
 * values outside parallel or next to num_gangs after device_type, and
 * gang(static:) with tile (routines: loopsched_routine.c) */
int f(int n, int c, float *a)
{
	float s = 0;
#pragma acc parallel copy(a[0:n])
	{
		int k = c + 1;
#pragma acc loop gang(static:k)
		for (int i = 0; i < n; i++)
			a[i] = 0;
#pragma acc loop gang(static:f(k, c, a))
		for (int i = 0; i < n; i++)
			a[i] = -1;
#pragma acc loop gang(static:0)
		for (int i = 0; i < n; i++)
			a[i] = -2;
	}
#pragma acc kernels loop gang(dim:2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 1;
#pragma acc parallel loop gang(dim:4) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 2;
#pragma acc parallel loop num_gangs(2, 2) reduction(+:s) copyin(a[0:n])
	for (int i = 0; i < n; i++)
		s += a[i];
#pragma acc parallel copy(a[0:n])
	{
#pragma acc loop gang device_type(host) private(s)
		for (int i = 0; i < n; i++)
			a[i] = 3;
	}
#pragma acc parallel copy(a[0:n])
	{
#pragma acc loop gang device_type(tpu) vector
		for (int i = 0; i < n; i++)
			a[i] = 4;
	}
#pragma acc kernels loop num_gangs(2, 2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 5;
#pragma acc parallel loop num_gangs(2, 2) copy(a[0:n]) device_type(nvidia) num_gangs(8)
	for (int i = 0; i < n; i++)
		a[i] = 6;
#pragma acc parallel loop gang(static:4) tile(8) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 7;
	return (int)s;
}
