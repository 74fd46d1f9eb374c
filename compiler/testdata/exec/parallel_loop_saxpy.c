/* parallel loop: saxpy on heap arrays, copyin/copy with explicit sub-arrays. */
// exec-bytes: h2d=160112 d2h=80056
#include <stdio.h>
#include <stdlib.h>

static void saxpy(int n, float a, const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
	for (int i = 0; i < n; i++)
		y[i] = a * x[i] + y[i];
}

int main(void)
{
	int n = 10007; /* not a multiple of any work-group size */
	float *x = malloc(n * sizeof *x);
	float *y = malloc(n * sizeof *y);
	if (!x || !y)
		return 1;
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 100);
		y[i] = (float)(i % 7);
	}
	saxpy(n, 2.0f, x, y);
	saxpy(n, -1.0f, x, y);
	double sum = 0;
	for (int i = 0; i < n; i++) {
		float want = (float)(i % 100) + (float)(i % 7);
		if (y[i] != want) {
			printf("FAIL y[%d] = %g, want %g\n", i, y[i], want);
			return 1;
		}
		sum += y[i];
	}
	printf("n = %d\n", n);
	printf("y[0] = %.1f, y[n/2] = %.1f, y[n-1] = %.1f\n", y[0], y[n / 2], y[n - 1]);
	printf("sum(y) = %.1f\n", sum);
	free(x);
	free(y);
	printf("OK\n");
	return 0;
}
