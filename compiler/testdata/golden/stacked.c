/* Directives stacked on one statement: a data construct (and a host_data)
 * whose body is a compute construct; the kernel must run on the device,
 * not be left to the host as the body's text. */
void stacked(int n, float *a, float *b)
{
#pragma acc data copyin(a[0:n])
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] += a[i];
#pragma acc data copy(b[0:n])
#pragma acc host_data use_device(b)
#pragma acc parallel loop deviceptr(b)
	for (int i = 0; i < n; i++)
		b[i] *= 2;
}
