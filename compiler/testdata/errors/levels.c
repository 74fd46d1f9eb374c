/* loop levels nested in the wrong order */
int f(int n, float *a)
{
#pragma acc parallel loop vector copy(a[0:n*n])
	for (int i = 0; i < n; i++) {
#pragma acc loop vector
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
#pragma acc parallel loop worker copy(a[0:n*n])
	for (int i = 0; i < n; i++) {
#pragma acc loop gang
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
#pragma acc parallel copy(a[0:n*n])
	{
#pragma acc loop
	for (int i = 0; i < n; i++) {
#pragma acc loop gang
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
	}
	/* PGI's nested gang loops with a reduction: no grid */
	float s = 0;
#pragma acc kernels copyin(a[0:n*n])
	{
#pragma acc loop gang independent reduction(+:s)
	for (int i = 0; i < n; i++) {
#pragma acc loop gang vector independent reduction(+:s)
		for (int j = 0; j < n; j++)
			s += a[i * n + j];
	}
	}
	return (int)s;
}

