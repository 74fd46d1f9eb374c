/* Gang dimensions (OpenACC 3.3 §2.9.2, §2.5.10): num_gangs(g1, g2[, g3])
 * on a parallel construct makes a 2-D or 3-D grid of gangs, and
 * gang(dim:d) partitions a loop over dimension d only, the gangs that
 * differ in the other dimensions running its iterations redundantly. Nested
 * gang(dim:2) / gang(dim:1) loops give each (i, j) to exactly one gang: the
 * atomic counts must all be 1. Without num_gangs the trip counts size the
 * dimensions. */
// exec-no-gcc-openacc: gcc 12 implements neither gang(dim:) nor num_gangs with several values
#include <stdio.h>

#define R 23
#define C 45
#define P 5

static int cnt[R][C], val[R][C];
static int cnt3[P][R][C];
static int row[R];

int main(void)
{
	int bad = 0;
	for (int i = 0; i < R; i++) {
		row[i] = 0;
		for (int j = 0; j < C; j++) {
			cnt[i][j] = val[i][j] = 0;
			for (int p = 0; p < P; p++)
				cnt3[p][i][j] = 0;
		}
	}
	/* 4 x 3 gangs: rows on dimension 2, columns on dimension 1 */
#pragma acc parallel num_gangs(4, 3) copy(cnt, val)
	{
#pragma acc loop gang(dim:2)
		for (int i = 0; i < R; i++) {
#pragma acc loop gang(dim:1) vector
			for (int j = 0; j < C; j++) {
				val[i][j] = i * 1000 + j;
#pragma acc atomic update
				cnt[i][j] += 1;
			}
		}
	}
	/* 3-D: planes on dimension 3, then rows in chunks of 4, then columns */
#pragma acc parallel num_gangs(2, 3, 2) copy(cnt3)
	{
#pragma acc loop gang(dim:3)
		for (int p = 0; p < P; p++) {
#pragma acc loop gang(dim:2, static:4)
			for (int i = 0; i < R; i++) {
#pragma acc loop gang(dim:1) worker vector
				for (int j = 0; j < C; j++) {
#pragma acc atomic update
					cnt3[p][i][j] += p + 1;
				}
			}
		}
	}
	/* no num_gangs: the loops' trip counts size dimensions 1 and 2; a
	 * dimension-1 loop alone (each row's value is the same in every gang of
	 * dimension 2 that runs it) */
#pragma acc parallel loop gang(dim:2) copy(cnt)
	for (int i = 0; i < R; i++) {
#pragma acc loop gang(dim:1)
		for (int j = 0; j < C; j++) {
#pragma acc atomic update
			cnt[i][j] += 10;
		}
	}
#pragma acc parallel num_gangs(2, 2) copy(row)
	{
#pragma acc loop gang
		for (int i = 0; i < R; i++)
			row[i] = i * i;
	}
	long sv = 0, sr = 0;
	for (int i = 0; i < R; i++) {
		sr += row[i];
		if (row[i] != i * i && bad++ < 3)
			printf("FAIL row[%d]=%d\n", i, row[i]);
		for (int j = 0; j < C; j++) {
			sv += val[i][j];
			if ((cnt[i][j] != 11 || val[i][j] != i * 1000 + j) && bad++ < 3)
				printf("FAIL cnt[%d][%d]=%d val=%d\n", i, j, cnt[i][j], val[i][j]);
			for (int p = 0; p < P; p++)
				if (cnt3[p][i][j] != p + 1 && bad++ < 3)
					printf("FAIL cnt3[%d][%d][%d]=%d\n", p, i, j, cnt3[p][i][j]);
		}
	}
	printf("sum val = %ld\n", sv);
	printf("sum row = %ld\n", sr);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
