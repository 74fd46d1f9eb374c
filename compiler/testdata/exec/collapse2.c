/* parallel loop collapse(2) over a static 2-D float array with sizes that
 * are not multiples of a work-group, and collapse(2) gang vector. */
#include <stdio.h>

#define N 123
#define M 77

static float a[N][M];
static float b[N][M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = (float)(i - j);
#pragma acc parallel loop collapse(2) copyin(a) copyout(b)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			b[i][j] = a[i][j] * a[i][j] + (float)i;
#pragma acc parallel loop gang vector collapse(2) copy(b)
	for (int i = 1; i < N - 1; i++)
		for (int j = 2; j < M; j++)
			b[i][j] -= 1.0f;
	double s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			float want = (float)((i - j) * (i - j) + i);
			if (i >= 1 && i < N - 1 && j >= 2)
				want -= 1.0f;
			if (b[i][j] != want) {
				printf("FAIL b[%d][%d] = %g, want %g\n", i, j, b[i][j], want);
				return 1;
			}
			s += b[i][j];
		}
	printf("b[0][0] = %.1f, b[1][2] = %.1f, b[%d][%d] = %.1f\n", b[0][0], b[1][2], N - 1, M - 1,
	       b[N - 1][M - 1]);
	printf("sum = %.1f\n", s);
	printf("OK\n");
	return 0;
}
