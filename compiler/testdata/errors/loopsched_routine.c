/* loop schedules in routines the compiler rejects: device_type on a
 * routine's loop (compute constructs get one kernel per device type; a
 * routine would need one function per device type) and gang dimensions
 * above 1 */
#pragma acc routine gang
void fill(int n, float *a)
{
#pragma acc loop gang device_type(nvidia) vector
	for (int i = 0; i < n; i++)
		a[i] = i;
#pragma acc loop gang(dim:2)
	for (int i = 0; i < n; i++)
		a[i] += 1;
}

void f(int n, float *a)
{
#pragma acc parallel copy(a[0:n])
	fill(n, a);
}
