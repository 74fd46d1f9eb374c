/* deviceptr: device memory from acc_malloc, and the device address of present
 * data from acc_deviceptr, used in compute constructs through deviceptr().
 * Without OpenACC (plain C) the API is replaced by host equivalents. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#else
static void *acc_malloc(size_t n) { return malloc(n); }
static void acc_free(void *p) { free(p); }
static void *acc_deviceptr(void *h) { return h; }
#endif

int main(void)
{
	int n = 1500;
	double *a = malloc(n * sizeof *a);
	for (int i = 0; i < n; i++)
		a[i] = i;
	/* scratch that exists only on the device */
	double *tmp = acc_malloc(n * sizeof *tmp);
	int found = 0;
	if (!tmp) {
		printf("FAIL acc_malloc\n");
		return 1;
	}
#pragma acc data copy(a[0:n])
	{
		double *da = acc_deviceptr(a);
		found = da != NULL;
		if (found) {
#pragma acc parallel loop deviceptr(da, tmp)
			for (int i = 0; i < n; i++)
				tmp[i] = da[i] * 3.0;
#pragma acc parallel loop deviceptr(tmp) present(a[0:n])
			for (int i = 0; i < n; i++)
				a[i] = tmp[n - 1 - i] + 1.0;
		}
	}
	acc_free(tmp);
	if (!found) {
		printf("FAIL acc_deviceptr returned NULL for present data\n");
		return 1;
	}
	double s = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] != 3.0 * (n - 1 - i) + 1.0) {
			printf("FAIL a[%d] = %g\n", i, a[i]);
			return 1;
		}
		s += a[i];
	}
	printf("a[0] = %.1f a[n-1] = %.1f\n", a[0], a[n - 1]);
	printf("sum = %.1f\n", s);
	free(a);
	printf("OK\n");
	return 0;
}
