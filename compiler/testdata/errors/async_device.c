/* async, wait and the device directives: what the compiler rejects */
void f(int n, float *a)
{
#pragma acc wait(devnum: -1: 1)
#pragma acc parallel loop copy(a[0:n]) wait(devnum: -2: 2) async(1)
	for (int i = 0; i < n; i++)
		a[i] = 0;
#pragma acc data copy(a[0:n]) async(1) wait(devnum: 0: 1) /* accepted */
	{
		a[0] = 1;
	}
#pragma acc init device_type(fpga)
#pragma acc shutdown device_type(nvidia, radeon)
#pragma acc set device_type(*)
}
