/* loop independent and loop auto, in kernels and parallel constructs; auto
 * lets the compiler decide (it must stay correct either way). */
#include <stdio.h>

#define N 2048

static double x[N], y[N], z[N];
static int flag[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		x[i] = (double)(i % 17);
#pragma acc kernels copyin(x) copyout(y, flag)
	{
#pragma acc loop independent
		for (int i = 0; i < N; i++)
			y[i] = x[i] * x[i];
#pragma acc loop auto
		for (int i = 0; i < N; i++)
			flag[i] = y[i] > 100.0;
	}
#pragma acc parallel copyin(y) copyout(z)
	{
#pragma acc loop auto
		for (int i = 0; i < N; i++)
			z[i] = y[i] + 1.0;
	}
	/* a true dependence under loop auto: the compiler must not parallelize
	 * it unsafely (it may run it sequentially) */
#pragma acc kernels copy(z)
	{
#pragma acc loop auto
		for (int i = 1; i < N; i++)
			z[i] = z[i] + z[i - 1] * 0.0 + (z[i - 1] > 1e300 ? 1.0 : 0.0);
	}
	int nflag = 0;
	double sum = 0;
	for (int i = 0; i < N; i++) {
		double want = (double)(i % 17) * (double)(i % 17);
		if (y[i] != want || z[i] != want + 1.0 || flag[i] != (want > 100.0)) {
			printf("FAIL at %d: y %g z %g flag %d\n", i, y[i], z[i], flag[i]);
			return 1;
		}
		nflag += flag[i];
		sum += z[i];
	}
	printf("flags = %d\n", nflag);
	printf("sum z = %.1f\n", sum);
	printf("OK\n");
	return 0;
}
