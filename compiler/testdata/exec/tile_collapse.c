/* tile together with collapse (OpenACC 3.3 §2.9.1, §2.9.8): the tile's
 * loops already form one space of tiles and one of elements, so
 * collapse(n) with n no larger than the number of tile sizes adds nothing
 * (accls accepts it; a larger n is an error). A transpose with
 * tile(8, 4) collapse(2), tile(*, 16) collapse(1) and a 3-deep
 * tile(2, 4, 8) collapse(2) with a decreasing loop. Every element is
 * written exactly once. */
// exec-no-gcc-openacc: gcc 12 rejects tile together with collapse
#include <stdio.h>

#define R 50
#define C 37
#define P 6

static int a[R][C], t[C][R], u[R][C];
static int cube[P][R][C];

int main(void)
{
	int bad = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			a[i][j] = i * C + j;
			u[i][j] = 0;
			for (int p = 0; p < P; p++)
				cube[p][i][j] = 0;
		}
#pragma acc parallel loop tile(8, 4) collapse(2) copyin(a) copyout(t)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			t[j][i] = a[i][j];
#pragma acc parallel loop collapse(1) tile(*, 16) copyin(t) copy(u)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			u[i][j] += 2 * t[j][i];
#pragma acc parallel loop tile(2, 4, 8) collapse(2) copy(cube)
	for (int p = P - 1; p >= 0; p--)
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				cube[p][i][j] += p * 10000 + i * 100 + j;
	long s = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			s += u[i][j];
			if (u[i][j] != 2 * (i * C + j) && bad++ < 3)
				printf("FAIL u[%d][%d] = %d\n", i, j, u[i][j]);
			for (int p = 0; p < P; p++) {
				s += cube[p][i][j];
				if (cube[p][i][j] != p * 10000 + i * 100 + j && bad++ < 3)
					printf("FAIL cube[%d][%d][%d] = %d\n", p, i, j, cube[p][i][j]);
			}
		}
	printf("sum = %ld\n", s);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
