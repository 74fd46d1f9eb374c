/* static 2-D arrays float a[N][M]: whole-array clauses, a row-block
 * sub-array a[lo:len][0:M] (contiguous), and row-wise kernels. */
#include <stdio.h>

#define N 64
#define M 48

static float a[N][M];
static float b[N][M];
static float colsum[M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			a[i][j] = (float)(i + j);
			b[i][j] = 0.0f;
		}
#pragma acc parallel loop copyin(a) copy(b)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			b[i][j] = a[i][j] * 2.0f;
	/* rows 10..29 only: the other rows of b stay as computed above */
#pragma acc parallel loop collapse(2) copy(b[10:20][0:M])
	for (int i = 10; i < 30; i++)
		for (int j = 0; j < M; j++)
			b[i][j] += 1000.0f;
#pragma acc parallel loop copyin(b[0:N][0:M]) copyout(colsum[0:M])
	for (int j = 0; j < M; j++) {
		float s = 0.0f;
		for (int i = 0; i < N; i++)
			s += b[i][j];
		colsum[j] = s;
	}
	double tot = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			float want = 2.0f * (float)(i + j) + (i >= 10 && i < 30 ? 1000.0f : 0.0f);
			if (b[i][j] != want) {
				printf("FAIL b[%d][%d] = %g, want %g\n", i, j, b[i][j], want);
				return 1;
			}
		}
	for (int j = 0; j < M; j++) {
		float s = 0.0f;
		for (int i = 0; i < N; i++)
			s += b[i][j];
		if (colsum[j] != s) {
			printf("FAIL colsum[%d] = %g, want %g\n", j, colsum[j], s);
			return 1;
		}
		tot += colsum[j];
	}
	printf("b[9][0] = %.1f b[10][0] = %.1f b[29][47] = %.1f b[30][47] = %.1f\n", b[9][0], b[10][0],
	       b[29][47], b[30][47]);
	printf("colsum[0] = %.1f total = %.1f\n", colsum[0], tot);
	printf("OK\n");
	return 0;
}
