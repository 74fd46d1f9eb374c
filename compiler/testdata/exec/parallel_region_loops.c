/* parallel region holding several independent loop nests (gang, vector,
 * gang vector), each writing its own array, plus copyout of each. */
#include <stdio.h>

#define N 3000
#define M 40

static int sq[N];
static int cube[N];
static float tab[M][M];

int main(void)
{
	int base = 3;
#pragma acc parallel copyout(sq, cube, tab)
	{
#pragma acc loop gang vector
		for (int i = 0; i < N; i++)
			sq[i] = i * i + base;
#pragma acc loop gang
		for (int i = 0; i < N; i++)
			cube[i] = (i % 50) * (i % 50) * (i % 50);
#pragma acc loop gang
		for (int i = 0; i < M; i++) {
#pragma acc loop vector
			for (int j = 0; j < M; j++)
				tab[i][j] = (float)(i * M + j);
		}
	}
	long s1 = 0, s2 = 0;
	double s3 = 0;
	for (int i = 0; i < N; i++) {
		if (sq[i] != i * i + base) {
			printf("FAIL sq[%d] = %d\n", i, sq[i]);
			return 1;
		}
		if (cube[i] != (i % 50) * (i % 50) * (i % 50)) {
			printf("FAIL cube[%d] = %d\n", i, cube[i]);
			return 1;
		}
		s1 += sq[i];
		s2 += cube[i];
	}
	for (int i = 0; i < M; i++)
		for (int j = 0; j < M; j++) {
			if (tab[i][j] != (float)(i * M + j)) {
				printf("FAIL tab[%d][%d] = %g\n", i, j, tab[i][j]);
				return 1;
			}
			s3 += tab[i][j];
		}
	printf("sum sq = %ld\n", s1);
	printf("sum cube = %ld\n", s2);
	printf("sum tab = %.1f\n", s3);
	printf("OK\n");
	return 0;
}
