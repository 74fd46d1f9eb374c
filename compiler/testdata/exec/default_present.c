/* default(present): arrays must already be present (mapped by an enclosing
 * data region, here also in a called function); scalars stay firstprivate. */
#include <stdio.h>

#define N 3000

static double a[N], b[N];

static void smooth(int n, double w)
{
	/* a and b were mapped by the caller's data region */
#pragma acc parallel loop default(present)
	for (int i = 1; i < n - 1; i++)
		b[i] = w * (a[i - 1] + a[i + 1]) + (1.0 - 2.0 * w) * a[i];
}

int main(void)
{
	for (int i = 0; i < N; i++)
		a[i] = (double)(i % 8);
	double w = 0.25;
#pragma acc data copyin(a) copy(b)
	{
		smooth(N, w);
#pragma acc parallel loop default(present)
		for (int i = 0; i < N; i++)
			a[i] = b[i] * 2.0;
		smooth(N, w);
	}
	/* reference on the host */
	static double ra[N], rb[N];
	for (int i = 0; i < N; i++) {
		ra[i] = (double)(i % 8);
		rb[i] = 0.0;
	}
	for (int it = 0; it < 2; it++) {
		for (int i = 1; i < N - 1; i++)
			rb[i] = w * (ra[i - 1] + ra[i + 1]) + (1.0 - 2.0 * w) * ra[i];
		if (it == 0)
			for (int i = 0; i < N; i++)
				ra[i] = rb[i] * 2.0;
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		if (b[i] != rb[i]) {
			printf("FAIL b[%d] = %g, want %g\n", i, b[i], rb[i]);
			return 1;
		}
		s += b[i];
	}
	printf("b[1] = %.4f b[N-2] = %.4f\n", b[1], b[N - 2]);
	printf("sum = %.4f\n", s);
	printf("OK\n");
	return 0;
}
