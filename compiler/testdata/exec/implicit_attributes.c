/* implicit data attributes (2.6.2): arrays (global, local, 2-D) referenced
 * without clauses are copied; scalars are firstprivate in parallel/serial:
 * maxv is written in the serial region, but only its private copy, and the
 * result leaves the region through the (copied) array g. */
#include <stdio.h>

#define N 800

static int g[N];          /* global array: implicit copy */
static float grid[20][40]; /* 2-D global: implicit copy */

int main(void)
{
	int local[N]; /* local array: implicit copy */
	int k = 7;    /* scalar read in parallel: firstprivate */
	float h = 0.5f;
	int maxv = -1; /* scalar in serial: firstprivate */
	for (int i = 0; i < N; i++) {
		g[i] = i;
		local[i] = 2 * i;
	}
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		g[i] = g[i] * k + local[i];
#pragma acc parallel loop
	for (int i = 0; i < 20; i++)
		for (int j = 0; j < 40; j++)
			grid[i][j] = h * (float)(i * 40 + j);
#pragma acc kernels
	for (int i = 0; i < N; i++)
		local[i] = g[i] - 1;
#pragma acc serial
	{
		for (int i = 0; i < N; i++)
			if (local[i] > maxv)
				maxv = local[i];
		g[0] = maxv;
	}
	if (g[0] != 9 * (N - 1) - 1 || k != 7) {
		printf("FAIL g[0] = %d\n", g[0]);
		return 1;
	}
	for (int i = 1; i < N; i++)
		if (g[i] != 9 * i || local[i] != 9 * i - 1) {
			printf("FAIL at %d: g %d local %d\n", i, g[i], local[i]);
			return 1;
		}
	double s = 0;
	for (int i = 0; i < 20; i++)
		for (int j = 0; j < 40; j++)
			s += grid[i][j];
	printf("g[0] = %d g[N-1] = %d local[N-1] = %d\n", g[0], g[N - 1], local[N - 1]);
	printf("grid sum = %.1f\n", s);
	printf("OK\n");
	return 0;
}
