/* bicg (PolyBench): q = A p, s = A^T r (A n x n float), two compute
 * constructs with their own clauses and no data region: the transfers pass
 * copies A in once for both. Copies in the timed region. The same file is
 * the plain C version. */
#include "common.h"

static void bicg(int n, const float *restrict A, const float *restrict p, const float *restrict r, float *restrict q,
                 float *restrict s)
{
#pragma acc parallel loop copyin(A[0:n * n], p[0:n]) copyout(q[0:n])
	for (int i = 0; i < n; i++) {
		float t = 0.0f;
		for (int j = 0; j < n; j++)
			t += A[i * n + j] * p[j];
		q[i] = t;
	}
#pragma acc parallel loop copyin(A[0:n * n], r[0:n]) copyout(s[0:n])
	for (int j = 0; j < n; j++) {
		float t = 0.0f;
		for (int i = 0; i < n; i++)
			t += r[i] * A[i * n + j];
		s[j] = t;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *p = malloc(sizeof(float) * n), *r = malloc(sizeof(float) * n);
	float *q = malloc(sizeof(float) * n), *s = malloc(sizeof(float) * n);
	float *qr = malloc(sizeof(float) * n), *sr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++)
		A[i] = (float)(i % 7) * 0.25f;
	for (int j = 0; j < n; j++) {
		p[j] = (float)(j % 3) - 1.0f;
		r[j] = (float)(j % 5) * 0.5f;
	}
	double best = 1e30;
	for (int k = 0; k <= reps(); k++) {
		double t0 = now_ms();
		bicg(n, A, p, r, q, s);
		double t = now_ms() - t0;
		if (k > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) { /* host reference */
		float t = 0.0f;
		for (int j = 0; j < n; j++)
			t += A[i * n + j] * p[j];
		qr[i] = t;
	}
	for (int j = 0; j < n; j++) {
		float t = 0.0f;
		for (int i = 0; i < n; i++)
			t += r[i] * A[i * n + j];
		sr[j] = t;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += q[j] + s[j];
	double e1 = max_abs_diff(q, qr, n), e2 = max_abs_diff(s, sr, n);
	report_err(best, check, e1 > e2 ? e1 : e2);
	return 0;
}
