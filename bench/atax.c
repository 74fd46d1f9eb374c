/* atax (PolyBench): y = A^T (A x), A m x n float, in one data region with the
 * copies in the timed region. The same file is the plain C version. */
#include "common.h"

static void atax(int m, int n, const float *restrict A, const float *restrict x, float *restrict tmp, float *restrict y)
{
#pragma acc data copyin(A[0:m * n], x[0:n]) create(tmp[0:m]) copyout(y[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < m; i++) {
			float s = 0.0f;
			for (int j = 0; j < n; j++)
				s += A[i * n + j] * x[j];
			tmp[i] = s;
		}
#pragma acc parallel loop
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int i = 0; i < m; i++)
				s += A[i * n + j] * tmp[i];
			y[j] = s;
		}
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096, m = n;
	float *A = malloc(sizeof(float) * m * n), *x = malloc(sizeof(float) * n), *tmp = malloc(sizeof(float) * m);
	float *y = malloc(sizeof(float) * n), *yr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)m * n; i++)
		A[i] = (float)(i % 9) * 0.125f;
	for (int j = 0; j < n; j++)
		x[j] = (float)(j % 5) - 2.0f;
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		double t0 = now_ms();
		atax(m, n, A, x, tmp, y);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < m; i++) { /* host reference */
		float s = 0.0f;
		for (int j = 0; j < n; j++)
			s += A[i * n + j] * x[j];
		tmp[i] = s;
	}
	for (int j = 0; j < n; j++) {
		float s = 0.0f;
		for (int i = 0; i < m; i++)
			s += A[i * n + j] * tmp[i];
		yr[j] = s;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += y[j];
	report_err(best, check, max_abs_diff(y, yr, n));
	return 0;
}
