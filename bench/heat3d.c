/* heat-3d (PolyBench): steps of a 7-point stencil on an n^3 float grid, two
 * sweeps per step (A -> B, B -> A). Each sweep is a compute construct with
 * copy clauses inside a plain host loop, no data region: the transfers pass
 * hoists the copies out of the loop (A and B go in once and come back once).
 * Copies in the timed region. The same file is the plain C version. */
#include "common.h"
#include <string.h>

#define IX(i, j, k) (((long)(i) * n + (j)) * n + (k))

static void heat3d(int n, int steps, float *restrict A, float *restrict B)
{
	long nnn = (long)n * n * n;
	for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(3) copy(A[0:nnn], B[0:nnn])
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				for (int k = 1; k < n - 1; k++)
					B[IX(i, j, k)] = 0.125f * (A[IX(i + 1, j, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i - 1, j, k)]) +
					                 0.125f * (A[IX(i, j + 1, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j - 1, k)]) +
					                 0.125f * (A[IX(i, j, k + 1)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j, k - 1)]) +
					                 A[IX(i, j, k)];
#pragma acc parallel loop collapse(3) copy(A[0:nnn], B[0:nnn])
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				for (int k = 1; k < n - 1; k++)
					A[IX(i, j, k)] = 0.125f * (B[IX(i + 1, j, k)] - 2.0f * B[IX(i, j, k)] + B[IX(i - 1, j, k)]) +
					                 0.125f * (B[IX(i, j + 1, k)] - 2.0f * B[IX(i, j, k)] + B[IX(i, j - 1, k)]) +
					                 0.125f * (B[IX(i, j, k + 1)] - 2.0f * B[IX(i, j, k)] + B[IX(i, j, k - 1)]) +
					                 B[IX(i, j, k)];
	}
}

static void heat3d_ref(int n, int steps, float *A, float *B)
{
	for (int t = 0; t < steps; t++) {
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				for (int k = 1; k < n - 1; k++)
					B[IX(i, j, k)] = 0.125f * (A[IX(i + 1, j, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i - 1, j, k)]) +
					                 0.125f * (A[IX(i, j + 1, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j - 1, k)]) +
					                 0.125f * (A[IX(i, j, k + 1)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j, k - 1)]) +
					                 A[IX(i, j, k)];
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				for (int k = 1; k < n - 1; k++)
					A[IX(i, j, k)] = 0.125f * (B[IX(i + 1, j, k)] - 2.0f * B[IX(i, j, k)] + B[IX(i - 1, j, k)]) +
					                 0.125f * (B[IX(i, j + 1, k)] - 2.0f * B[IX(i, j, k)] + B[IX(i, j - 1, k)]) +
					                 0.125f * (B[IX(i, j, k + 1)] - 2.0f * B[IX(i, j, k)] + B[IX(i, j, k - 1)]) +
					                 B[IX(i, j, k)];
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 128, steps = argc > 2 ? atoi(argv[2]) : 40;
	long nnn = (long)n * n * n;
	float *A = malloc(sizeof(float) * nnn), *B = malloc(sizeof(float) * nnn), *A0 = malloc(sizeof(float) * nnn);
	float *Ar = malloc(sizeof(float) * nnn), *Br = malloc(sizeof(float) * nnn);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int k = 0; k < n; k++)
				A0[IX(i, j, k)] = (float)((i + j + (n - k)) % 10) * 0.1f;
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		memcpy(A, A0, sizeof(float) * nnn);
		memcpy(B, A0, sizeof(float) * nnn);
		double t0 = now_ms();
		heat3d(n, steps, A, B);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	memcpy(Ar, A0, sizeof(float) * nnn);
	memcpy(Br, A0, sizeof(float) * nnn);
	heat3d_ref(n, steps, Ar, Br);
	double check = 0;
	for (long i = 0; i < nnn; i++)
		check += A[i];
	report_err(best, check, max_abs_diff(A, Ar, nnn));
	return 0;
}
