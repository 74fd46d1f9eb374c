/* syrk (PolyBench): C = alpha A A^T + beta C on the lower triangle (C n x n,
 * A n x m, float), one compute construct over the collapsed (i, j) nest,
 * copies in the timed region. The same file is the plain C version. */
#include "common.h"
#include <string.h>

static void syrk(int n, int m, float alpha, float beta, const float *restrict A, float *restrict C)
{
#pragma acc parallel loop collapse(2) copyin(A[0:n * m]) copy(C[0:n * n])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			if (j <= i) {
				float s = 0.0f;
				for (int k = 0; k < m; k++)
					s += A[i * m + k] * A[j * m + k];
				C[i * n + j] = beta * C[i * n + j] + alpha * s;
			}
		}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1024, m = argc > 2 ? atoi(argv[2]) : 512;
	float *A = malloc(sizeof(float) * n * m), *C = malloc(sizeof(float) * n * n), *C0 = malloc(sizeof(float) * n * n);
	float *Cr = malloc(sizeof(float) * n * n);
	for (long i = 0; i < (long)n * m; i++)
		A[i] = (float)(i % 9) * 0.125f;
	for (long i = 0; i < (long)n * n; i++)
		C0[i] = (float)(i % 4) - 1.5f;
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		memcpy(C, C0, sizeof(float) * n * n);
		double t0 = now_ms();
		syrk(n, m, 1.5f, 0.5f, A, C);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	memcpy(Cr, C0, sizeof(float) * n * n); /* host reference */
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++) {
			float s = 0.0f;
			for (int k = 0; k < m; k++)
				s += A[i * m + k] * A[j * m + k];
			Cr[i * n + j] = 0.5f * Cr[i * n + j] + 1.5f * s;
		}
	double check = 0;
	for (long i = 0; i < (long)n * n; i++)
		check += C[i];
	report_err(best, check, max_abs_diff(C, Cr, (long)n * n));
	return 0;
}
