/* Jacobi iteration on a 2-D grid inside one data region: the host loop runs
 * the kernels, a max reduction gives the change per sweep, and the grid is
 * copied back only at the end (update self every 25 sweeps for a report). */
#include <stdio.h>
#include <math.h>

#define N 66
#define M 34
#define ITERS 100

static double u[N][M], un[N][M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			u[i][j] = (i == 0 || j == 0) ? 64.0 : 0.0;
	double change = 0.0;
#pragma acc data copy(u) create(un)
	{
		for (int it = 1; it <= ITERS; it++) {
			change = 0.0;
#pragma acc parallel loop collapse(2) reduction(max:change)
			for (int i = 1; i < N - 1; i++)
				for (int j = 1; j < M - 1; j++) {
					un[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
					change = fmax(change, fabs(un[i][j] - u[i][j]));
				}
#pragma acc parallel loop collapse(2)
			for (int i = 1; i < N - 1; i++)
				for (int j = 1; j < M - 1; j++)
					u[i][j] = un[i][j];
			if (it % 25 == 0) {
#pragma acc update self(u[N / 2:1][0:M])
				printf("sweep %3d: change %.6f, u[N/2][1] = %.6f\n", it, change, u[N / 2][1]);
			}
		}
	}
	/* reference on the host */
	static double r[N][M], rn[N][M];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			r[i][j] = (i == 0 || j == 0) ? 64.0 : 0.0;
	for (int it = 0; it < ITERS; it++) {
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < M - 1; j++)
				rn[i][j] = 0.25 * (r[i - 1][j] + r[i + 1][j] + r[i][j - 1] + r[i][j + 1]);
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < M - 1; j++)
				r[i][j] = rn[i][j];
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			if (u[i][j] != r[i][j]) {
				printf("FAIL u[%d][%d] = %.17g, want %.17g\n", i, j, u[i][j], r[i][j]);
				return 1;
			}
			s += u[i][j];
		}
	printf("sum = %.6f\n", s);
	printf("OK\n");
	return 0;
}
