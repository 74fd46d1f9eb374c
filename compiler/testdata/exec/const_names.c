/* Clause arguments that must be integer constants written with macros and
 * enumeration constants: collapse(DEPTH), tile(TS, TS2) and gang(dim:),
 * with a macro made of other macros. */
// exec-no-gcc-openacc: gcc 12 does not know gang(dim:)
#include <stdio.h>

#define N 96
#define M 70
#define DEPTH 2
#define TS (16)
#define TS2 (TS / 2 + ONE)
#define ONE 1
enum { DIM_ONE = 1, DEPTH3 = DEPTH + 1 };

static int a[N][M];
static int c[8][N][M / 10];

int main(void)
{
#pragma acc parallel loop collapse(DEPTH) copyout(a)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = i * M + j;
#pragma acc parallel loop tile(TS, TS2) copy(a)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] += 3;
#pragma acc parallel loop gang(dim:DIM_ONE) copy(a)
	for (int i = 0; i < N; i++)
		a[i][0] -= 1;
#pragma acc parallel loop collapse(DEPTH3) copyout(c)
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M / 10; j++)
				c[k][i][j] = k + i + j;
	long sa = 0, sc = 0;
	int bad = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			int want = i * M + j + 3 - (j == 0);
			if (a[i][j] != want)
				bad++;
			sa += a[i][j];
		}
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M / 10; j++) {
				if (c[k][i][j] != k + i + j)
					bad++;
				sc += c[k][i][j];
			}
	printf("a sum %ld\nc sum %ld\n", sa, sc);
	if (bad) {
		printf("FAIL %d wrong elements\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
