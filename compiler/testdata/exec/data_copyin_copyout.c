/* data construct with copyin/copyout around several compute constructs: the
 * intermediate results stay on the device between them. */
// exec-bytes: h2d=20000 d2h=20000
#include <stdio.h>

#define N 5000

static float x[N], y[N], tmp[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		x[i] = (float)(i % 100) * 0.5f;
#pragma acc data copyin(x) copyout(y) create(tmp)
	{
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			tmp[i] = x[i] * 4.0f;
#pragma acc kernels
		for (int i = 0; i < N; i++)
			y[i] = tmp[i] + tmp[N - 1 - i];
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			y[i] = y[i] - x[i];
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		float want = (float)(i % 100) * 2.0f + (float)((N - 1 - i) % 100) * 2.0f - (float)(i % 100) * 0.5f;
		if (y[i] != want) {
			printf("FAIL y[%d] = %g, want %g\n", i, y[i], want);
			return 1;
		}
		s += y[i];
	}
	printf("y[0] = %.2f y[N-1] = %.2f\n", y[0], y[N - 1]);
	printf("sum = %.2f\n", s);
	printf("OK\n");
	return 0;
}
