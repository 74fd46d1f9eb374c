/* gesummv (PolyBench): y = alpha A x + beta B x (A, B n x n float), one
 * compute construct, copies in the timed region. The same file is the plain
 * C version. */
#include "common.h"

static void gesummv(int n, float alpha, float beta, const float *restrict A, const float *restrict B,
                    const float *restrict x, float *restrict y)
{
#pragma acc parallel loop copyin(A[0:n * n], B[0:n * n], x[0:n]) copyout(y[0:n])
	for (int i = 0; i < n; i++) {
		float s = 0.0f, t = 0.0f;
		for (int j = 0; j < n; j++) {
			s += A[i * n + j] * x[j];
			t += B[i * n + j] * x[j];
		}
		y[i] = alpha * s + beta * t;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *B = malloc(sizeof(float) * n * n), *x = malloc(sizeof(float) * n);
	float *y = malloc(sizeof(float) * n), *yr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++) {
		A[i] = (float)(i % 7) * 0.25f;
		B[i] = (float)(i % 3) - 1.0f;
	}
	for (int j = 0; j < n; j++)
		x[j] = (float)(j % 5) * 0.5f;
	double best = 1e30;
	for (int k = 0; k <= reps(); k++) {
		double t0 = now_ms();
		gesummv(n, 1.5f, 0.5f, A, B, x, y);
		double t = now_ms() - t0;
		if (k > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) { /* host reference */
		float s = 0.0f, t = 0.0f;
		for (int j = 0; j < n; j++) {
			s += A[i * n + j] * x[j];
			t += B[i * n + j] * x[j];
		}
		yr[i] = 1.5f * s + 0.5f * t;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += y[j];
	report_err(best, check, max_abs_diff(y, yr, n));
	return 0;
}
