/* cache: stencils whose loops name the window they read with the cache
 * directive. 1-D 3-point stencil with cache(b[i-1:3]) and a 2-D 5-point
 * stencil with cache on rows inside a vector loop (both staged in __local
 * memory), a seq loop with a cached coefficient array and a cache in a
 * routine's loop (hints: the accesses stay in device memory). */
#include <stdio.h>

#define N 4000
#define R 60
#define C 50

#pragma acc routine vector
static void smooth_row(const float *in, float *out, int n)
{
#pragma acc loop vector
	for (int j = 1; j < n - 1; j++) {
#pragma acc cache(in[j-1:3])
		out[j] = (in[j - 1] + 2.0f * in[j] + in[j + 1]) * 0.25f;
	}
}

static float b[N], c[N], g[R][C], h[R][C], s[R][C], coef[5] = {1, 2, 4, 2, 1};
static double w[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		b[i] = (float)(i % 13);
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			g[i][j] = (float)((i * 7 + j * 3) % 11);
#pragma acc parallel loop copyin(b) copyout(c[1:N-2])
	for (int i = 1; i < N - 1; i++) {
#pragma acc cache(b[i-1:3])
		c[i] = b[i - 1] + b[i] + b[i + 1];
	}
#pragma acc parallel loop gang copyin(g) copy(h)
	for (int i = 1; i < R - 1; i++) {
#pragma acc loop vector
		for (int j = 1; j < C - 1; j++) {
#pragma acc cache(g[i-1:3][0:C])
			h[i][j] = g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4 * g[i][j];
		}
	}
#pragma acc parallel loop copyin(b, coef) copyout(w[2:N-4])
	for (int i = 2; i < N - 2; i++) {
		double acc = 0;
		for (int k = 0; k < 5; k++) {
#pragma acc cache(coef[0:5])
			acc += coef[k] * b[i + k - 2];
		}
		w[i] = acc;
	}
#pragma acc parallel loop gang copyin(g) copy(s)
	for (int i = 0; i < R; i++)
		smooth_row(g[i], s[i], C);
	for (int i = 1; i < N - 1; i++)
		if (c[i] != b[i - 1] + b[i] + b[i + 1]) {
			printf("FAIL c[%d] = %g\n", i, c[i]);
			return 1;
		}
	for (int i = 2; i < N - 2; i++) {
		double want = 0;
		for (int k = 0; k < 5; k++)
			want += coef[k] * b[i + k - 2];
		if (w[i] != want) {
			printf("FAIL w[%d] = %g\n", i, w[i]);
			return 1;
		}
	}
	double hs = 0, ss = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			float want = i > 0 && i < R - 1 && j > 0 && j < C - 1 ? g[i - 1][j] + g[i + 1][j] + g[i][j - 1] + g[i][j + 1] - 4 * g[i][j] : 0;
			float sw = j > 0 && j < C - 1 ? (g[i][j - 1] + 2.0f * g[i][j] + g[i][j + 1]) * 0.25f : 0;
			if (h[i][j] != want || s[i][j] != sw) {
				printf("FAIL h/s[%d][%d] = %g %g\n", i, j, h[i][j], s[i][j]);
				return 1;
			}
			hs += h[i][j];
			ss += s[i][j];
		}
	printf("c[100] = %g, w[100] = %g, h sum = %g, s sum = %g\n", c[100], w[100], hs, ss);
	printf("OK\n");
	return 0;
}
