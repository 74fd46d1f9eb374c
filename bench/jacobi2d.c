/* jacobi-2d: steps of a 5-point stencil on an n x n double grid inside one
 * data region (the arrays stay on the device between the sweeps). The same
 * file is the plain C version (pragmas ignored). */
#include "common.h"

static void jacobi(int n, int steps, double (*restrict A)[n], double (*restrict B)[n])
{
#pragma acc data copy(A[0:n][0:n]) create(B[0:n][0:n])
	for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(2)
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
#pragma acc parallel loop collapse(2)
		for (int i = 1; i < n - 1; i++)
			for (int j = 1; j < n - 1; j++)
				A[i][j] = B[i][j];
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1024, steps = argc > 2 ? atoi(argv[2]) : 50;
	double (*A)[n] = malloc(sizeof(double) * n * n), (*B)[n] = malloc(sizeof(double) * n * n);
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) { /* r == 0: warm-up */
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				A[i][j] = (i * (j + 2) + 2) / (double)n;
				B[i][j] = 0;
			}
		double t0 = now_ms();
		jacobi(n, steps, A, B);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	double check = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			check += A[i][j];
	report(best, check);
	return 0;
}
