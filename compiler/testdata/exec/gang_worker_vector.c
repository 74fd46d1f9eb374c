/* three-level parallelism: parallel num_gangs/num_workers/vector_length with
 * loop gang / loop worker / loop vector on a static 3-D array. */
#include <stdio.h>

#define NI 6
#define NJ 10
#define NK 70

static int cube[NI][NJ][NK];
static int colsum[NI][NJ];

int main(void)
{
#pragma acc parallel num_gangs(4) num_workers(4) vector_length(32) copyout(cube, colsum)
	{
#pragma acc loop gang
		for (int i = 0; i < NI; i++) {
#pragma acc loop worker
			for (int j = 0; j < NJ; j++) {
#pragma acc loop vector
				for (int k = 0; k < NK; k++)
					cube[i][j][k] = i * 10000 + j * 100 + k;
				int s = 0;
#pragma acc loop seq
				for (int k = 0; k < NK; k++)
					s += k;
				colsum[i][j] = s + i + j;
			}
		}
	}
	long total = 0;
	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++) {
			for (int k = 0; k < NK; k++) {
				if (cube[i][j][k] != i * 10000 + j * 100 + k) {
					printf("FAIL cube[%d][%d][%d] = %d\n", i, j, k, cube[i][j][k]);
					return 1;
				}
				total += cube[i][j][k];
			}
			if (colsum[i][j] != NK * (NK - 1) / 2 + i + j) {
				printf("FAIL colsum[%d][%d] = %d\n", i, j, colsum[i][j]);
				return 1;
			}
		}
	printf("cube[5][9][69] = %d\n", cube[5][9][69]);
	printf("colsum[2][3] = %d\n", colsum[2][3]);
	printf("total = %ld\n", total);
	printf("OK\n");
	return 0;
}
