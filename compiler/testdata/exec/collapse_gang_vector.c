/* collapse(2) on a gang loop with an inner vector loop, and collapse(2) on
 * an inner worker vector loop under a gang loop (3-D VLA on the heap). */
#include <stdio.h>
#include <stdlib.h>

static void fill(int p, int q, int r, float (*t)[q][r])
{
#pragma acc parallel loop gang collapse(2) copyout(t[0:p][0:q][0:r])
	for (int i = 0; i < p; i++)
		for (int j = 0; j < q; j++) {
#pragma acc loop vector
			for (int k = 0; k < r; k++)
				t[i][j][k] = (float)(i + j * k);
		}
}

static void scale(int p, int q, int r, float (*t)[q][r])
{
#pragma acc parallel loop gang copy(t[0:p][0:q][0:r])
	for (int i = 0; i < p; i++) {
#pragma acc loop worker vector collapse(2)
		for (int j = 0; j < q; j++)
			for (int k = 0; k < r; k++)
				t[i][j][k] = t[i][j][k] * 2.0f + (float)i;
	}
}

int main(void)
{
	int p = 5, q = 12, r = 40;
	float (*t)[q][r] = malloc(sizeof(float) * p * q * r);
	fill(p, q, r, t);
	scale(p, q, r, t);
	double s = 0;
	for (int i = 0; i < p; i++)
		for (int j = 0; j < q; j++)
			for (int k = 0; k < r; k++) {
				float want = (float)(i + j * k) * 2.0f + (float)i;
				if (t[i][j][k] != want) {
					printf("FAIL t[%d][%d][%d] = %g, want %g\n", i, j, k, t[i][j][k], want);
					return 1;
				}
				s += t[i][j][k];
			}
	printf("t[4][11][39] = %.1f\n", t[4][11][39]);
	printf("sum = %.1f\n", s);
	free(t);
	printf("OK\n");
	return 0;
}
