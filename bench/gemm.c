/* gemm: C = A * B (float, n x n, row-major), with the data movement in the
 * timed region. The same file is the plain C version (pragmas ignored). */
#include "common.h"

static void gemm(int n, const float *restrict a, const float *restrict b, float *restrict c)
{
#pragma acc parallel loop collapse(2) copyin(a[0:n * n], b[0:n * n]) copyout(c[0:n * n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			c[i * n + j] = s;
		}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 512;
	float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n), *c = malloc(sizeof(float) * n * n);
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7) * 0.5f;
		b[i] = (float)(i % 5) - 2.0f;
	}
	gemm(n, a, b, c); /* warm-up: builds the kernels */
	double best = 1e30;
	for (int r = 0; r < reps(); r++) {
		double t0 = now_ms();
		gemm(n, a, b, c);
		double t = now_ms() - t0;
		best = t < best ? t : best;
	}
	double check = 0;
	for (int i = 0; i < n * n; i++)
		check += c[i];
	report(best, check);
	return 0;
}
