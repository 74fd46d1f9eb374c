/* private(i, j) naming the loops' own counters, declared outside the
 * construct as older C code does: on a collapse(2) parallel loop (a 2-D
 * grid), on a parallel loop whose inner loop is sequential, on gang and
 * vector loops inside a parallel region, on a tile, and with a max
 * reduction (the CSC Jacobi exercise's form). The counters keep their
 * iteration's values inside the body (they were redeclared, unset, after
 * the loop had bound them). */
#include <math.h>
#include <stdio.h>

#define N 40
#define M 36

static float a[N][M], b[N][M];

int main(void)
{
	int i, j;
	float diff = 0;
#pragma acc data copy(a, b)
	{
#pragma acc parallel loop private(i, j) collapse(2)
		for (i = 0; i < N; i++)
			for (j = 0; j < M; j++)
				a[i][j] = i * 100 + j;
#pragma acc parallel loop private(i, j)
		for (i = 0; i < N; i++)
			for (j = 0; j < M; j++)
				b[i][j] = a[i][j] + 1;
#pragma acc parallel
		{
#pragma acc loop gang private(i)
			for (i = 0; i < N; i++) {
#pragma acc loop vector private(j)
				for (j = 0; j < M; j++)
					a[i][j] += 2 * j;
			}
		}
#pragma acc parallel loop tile(8, 4) private(i, j)
		for (i = 0; i < N; i++)
			for (j = 0; j < M; j++)
				b[i][j] += (float)i;
#pragma acc parallel loop reduction(max:diff) private(i, j) collapse(2)
		for (i = 1; i < N - 1; i++)
			for (j = 1; j < M - 1; j++)
				diff = fmaxf(diff, fabsf(b[i][j] - a[i][j]));
	}
	int bad = 0;
	float want = 0;
	for (int x = 0; x < N; x++)
		for (int y = 0; y < M; y++) {
			bad += a[x][y] != x * 100 + 3 * y || b[x][y] != x * 100 + y + 1 + x;
			if (x > 0 && x < N - 1 && y > 0 && y < M - 1)
				want = fmaxf(want, fabsf(b[x][y] - a[x][y]));
		}
	bad += diff != want;
	printf("a[3][5] = %g, b[39][35] = %g, max diff %g\n", a[3][5], b[N - 1][M - 1], diff);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
