/* partial updates: update device of a sub-range after the host changed only
 * that range; update self of a sub-range read by the host mid-region; a
 * 2-D static array updated row block by row block. */
// exec-bytes: h2d=11360 d2h=10640
#include <stdio.h>

#define N 1000
#define R 16
#define C 32

static double v[N], w[N];
static int grid[R][C];

int main(void)
{
	for (int i = 0; i < N; i++)
		v[i] = i;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			grid[i][j] = i * C + j;
	double mid = 0;
#pragma acc data copyin(v) copyout(w) copy(grid)
	{
		for (int i = 200; i < 300; i++)
			v[i] = -1.0;
#pragma acc update device(v[200:100])
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			w[i] = v[i] * 2.0;
#pragma acc update self(w[250:10])
		for (int i = 250; i < 260; i++)
			mid += w[i];
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				grid[i][j] *= 3;
		/* rows 4..7 back to the host, changed there, and pushed again */
#pragma acc update self(grid[4:4][0:C])
		for (int i = 4; i < 8; i++)
			for (int j = 0; j < C; j++)
				grid[i][j] = -grid[i][j];
#pragma acc update device(grid[4:4][0:C])
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				grid[i][j] += 1;
	}
	if (mid != -20.0) {
		printf("FAIL mid = %g\n", mid);
		return 1;
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		double want = (i >= 200 && i < 300) ? -2.0 : 2.0 * i;
		if (w[i] != want) {
			printf("FAIL w[%d] = %g, want %g\n", i, w[i], want);
			return 1;
		}
		s += w[i];
	}
	long gs = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			int want = 3 * (i * C + j);
			if (i >= 4 && i < 8)
				want = -want;
			if (grid[i][j] != want + 1) {
				printf("FAIL grid[%d][%d] = %d\n", i, j, grid[i][j]);
				return 1;
			}
			gs += grid[i][j];
		}
	printf("mid = %.1f sum w = %.1f\n", mid, s);
	printf("grid[4][0] = %d grid[8][0] = %d sum = %ld\n", grid[4][0], grid[8][0], gs);
	printf("OK\n");
	return 0;
}
