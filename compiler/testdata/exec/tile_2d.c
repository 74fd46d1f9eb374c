/* tile: work-group tiling of loop nests. A transpose with tile(16, 16) on
 * sizes that are not multiples of the tile, tile(*, *), tile(8) on one
 * loop, tile(4, 8) gang vector with a step and a decreasing loop, and
 * `loop tile(4, 4) vector` inside a gang loop (tiles in sequence, elements
 * on the lanes), plus `kernels loop tile`. Every element is written once. */
#include <stdio.h>

#define R 100
#define C 77
#define P 5

static float a[R][C], t[C][R], u[C][R], s[R][C];
static int once[R][C];
static double v[1000];
static float cube[P][R][C];

int main(void)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			a[i][j] = (float)(i * C + j);
#pragma acc parallel loop tile(16, 16) copyin(a) copyout(t)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			t[j][i] = a[i][j];
#pragma acc parallel loop tile(*, *) copyin(t) copyout(u)
	for (int j = 0; j < C; j++)
		for (int i = 0; i < R; i++)
			u[j][i] = 2.0f * t[j][i];
#pragma acc parallel loop tile(8) copyout(v)
	for (int k = 0; k < 1000; k++)
		v[k] = 0.5 * k;
	/* step 2 on the rows, decreasing columns: every other row */
#pragma acc parallel loop gang vector tile(4, 8) copy(once)
	for (int i = 0; i < R; i += 2)
		for (int j = C - 1; j >= 0; j--)
			once[i][j] += 1;
#pragma acc parallel loop gang copyin(a) copyout(cube)
	for (int p = 0; p < P; p++) {
#pragma acc loop tile(4, 4) vector
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				cube[p][i][j] = a[i][j] + (float)(p * 10000);
	}
#pragma acc kernels loop tile(32, 2) copyin(a) copyout(s)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			s[i][j] = a[i][j] - 1.0f;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			float x = (float)(i * C + j);
			if (t[j][i] != x || u[j][i] != 2 * x || s[i][j] != x - 1 || once[i][j] != (i % 2 == 0) || cube[P - 1][i][j] != x + (P - 1) * 10000) {
				printf("FAIL [%d][%d]: %g %g %g %d %g\n", i, j, t[j][i], u[j][i], s[i][j], once[i][j], cube[P - 1][i][j]);
				return 1;
			}
		}
	for (int k = 0; k < 1000; k++)
		if (v[k] != 0.5 * k) {
			printf("FAIL v[%d] = %g\n", k, v[k]);
			return 1;
		}
	printf("t[76][99] = %g, u[3][4] = %g, v[999] = %g\n", t[76][99], u[3][4], v[999]);
	printf("once[98][0] = %d, cube[2][50][50] = %g, s[1][1] = %g\n", once[98][0], cube[2][50][50], s[1][1]);
	printf("OK\n");
	return 0;
}
