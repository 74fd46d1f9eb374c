/* mvt (PolyBench): x1 += A y1, x2 += A^T y2 (A n x n float), two compute
 * constructs with their own clauses and no data region: the transfers pass
 * copies A in once for both. Copies in the timed region. The same file is
 * the plain C version. */
#include "common.h"
#include <string.h>

static void mvt(int n, const float *restrict A, const float *restrict y1, const float *restrict y2, float *restrict x1,
                float *restrict x2)
{
#pragma acc parallel loop copyin(A[0:n * n], y1[0:n]) copy(x1[0:n])
	for (int i = 0; i < n; i++) {
		float t = x1[i];
		for (int j = 0; j < n; j++)
			t += A[i * n + j] * y1[j];
		x1[i] = t;
	}
#pragma acc parallel loop copyin(A[0:n * n], y2[0:n]) copy(x2[0:n])
	for (int i = 0; i < n; i++) {
		float t = x2[i];
		for (int j = 0; j < n; j++)
			t += A[j * n + i] * y2[j];
		x2[i] = t;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *y1 = malloc(sizeof(float) * n), *y2 = malloc(sizeof(float) * n);
	float *x1 = malloc(sizeof(float) * n), *x2 = malloc(sizeof(float) * n), *x10 = malloc(sizeof(float) * n);
	float *x20 = malloc(sizeof(float) * n), *r1 = malloc(sizeof(float) * n), *r2 = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++)
		A[i] = (float)(i % 5) * 0.5f;
	for (int j = 0; j < n; j++) {
		y1[j] = (float)(j % 3) - 1.0f;
		y2[j] = (float)(j % 7) * 0.25f;
		x10[j] = (float)(j % 4);
		x20[j] = (float)(j % 6) - 3.0f;
	}
	double best = 1e30;
	for (int k = 0; k <= reps(); k++) {
		memcpy(x1, x10, sizeof(float) * n);
		memcpy(x2, x20, sizeof(float) * n);
		double t0 = now_ms();
		mvt(n, A, y1, y2, x1, x2);
		double t = now_ms() - t0;
		if (k > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) { /* host reference */
		float t = x10[i], u = x20[i];
		for (int j = 0; j < n; j++) {
			t += A[i * n + j] * y1[j];
			u += A[j * n + i] * y2[j];
		}
		r1[i] = t;
		r2[i] = u;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += x1[j] + x2[j];
	double e1 = max_abs_diff(x1, r1, n), e2 = max_abs_diff(x2, r2, n);
	report_err(best, check, e1 > e2 ? e1 : e2);
	return 0;
}
