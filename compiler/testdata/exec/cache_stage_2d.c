/* cache staged in __local memory, 2-D: a 5-point stencil over the whole
 * grid (the windows of the first and last rows and columns cross the
 * array's bounds) with cache(a[i-1:3][j-1:3]) in a vector loop inside a
 * gang loop, the same stencil as tile(16, 8) with the cache in the tile's
 * body (the group loads the tile's window, 10 x 18, edge tiles partial),
 * whole rows cache(a[i-1:3][0:M]) and a window with a non-constant lower
 * bound and length (a[i][j-w:2*w+1], w a variable). */
// accls-flags: --cache-stage
// exec-no-gcc-openacc: gcc 12 rejects cache sub-arrays that are not contiguous (2-D windows), which OpenACC allows
#include <stdio.h>

#define N 67
#define M 93

static float a[N][M], b[N][M], c[N][M], d[N][M], e[N][M];

static float stencil(int i, int j)
{
	float s = 4 * a[i][j];
	if (i > 0)
		s -= a[i - 1][j];
	if (i < N - 1)
		s -= a[i + 1][j];
	if (j > 0)
		s -= a[i][j - 1];
	if (j < M - 1)
		s -= a[i][j + 1];
	return s;
}

int main(void)
{
	int w = 2;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = (float)((i * 7 + j * 3) % 11);
#pragma acc data copyin(a) copyout(b, c, d, e)
	{
#pragma acc parallel loop gang
		for (int i = 0; i < N; i++) {
#pragma acc loop vector
			for (int j = 0; j < M; j++) {
#pragma acc cache(a[i-1:3][j-1:3])
				float s = 4 * a[i][j];
				if (i > 0)
					s -= a[i - 1][j];
				if (i < N - 1)
					s -= a[i + 1][j];
				if (j > 0)
					s -= a[i][j - 1];
				if (j < M - 1)
					s -= a[i][j + 1];
				b[i][j] = s;
			}
		}
#pragma acc parallel loop tile(16, 8)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++) {
#pragma acc cache(a[i-1:3][j-1:3])
				float s = 4 * a[i][j];
				if (i > 0)
					s -= a[i - 1][j];
				if (i < N - 1)
					s -= a[i + 1][j];
				if (j > 0)
					s -= a[i][j - 1];
				if (j < M - 1)
					s -= a[i][j + 1];
				c[i][j] = s;
			}
#pragma acc parallel loop gang
		for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
			for (int j = 0; j < M; j++) {
#pragma acc cache(a[i-1:3][0:M])
				d[i][j] = a[i - 1][j] + a[i + 1][j] + a[i][M - 1 - j];
			}
		}
#pragma acc parallel loop gang
		for (int i = 0; i < N; i++) {
#pragma acc loop vector
			for (int j = w; j < M - w; j++) {
#pragma acc cache(a[i][j-w:2*w+1])
				float s = 0;
				for (int k = -w; k <= w; k++)
					s += (k + 3) * a[i][j + k];
				e[i][j] = s;
			}
		}
	}
	double sb = 0, sd = 0, se = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			float want = stencil(i, j);
			if (b[i][j] != want || c[i][j] != want) {
				printf("FAIL b/c[%d][%d] = %g %g, want %g\n", i, j, b[i][j], c[i][j], want);
				return 1;
			}
			if (i > 0 && i < N - 1 && d[i][j] != a[i - 1][j] + a[i + 1][j] + a[i][M - 1 - j]) {
				printf("FAIL d[%d][%d] = %g\n", i, j, d[i][j]);
				return 1;
			}
			if (j >= w && j < M - w) {
				float s = 0;
				for (int k = -w; k <= w; k++)
					s += (k + 3) * a[i][j + k];
				if (e[i][j] != s) {
					printf("FAIL e[%d][%d] = %g, want %g\n", i, j, e[i][j], s);
					return 1;
				}
				se += e[i][j];
			}
			sb += b[i][j];
			if (i > 0 && i < N - 1)
				sd += d[i][j];
		}
	printf("sums %g %g %g\n", sb, sd, se);
	printf("OK\n");
	return 0;
}
