/* cache directives that stay hints (the accesses stay in device memory,
 * which is always correct): a body that writes the cached array (the
 * other item of its directive, b, is staged), a second window of an
 * array the loop already stages, a vector loop with a
 * reduction, a collapsed nest, a window whose bound is a scalar the loop
 * assigns, a vector loop inside a worker loop and a seq loop inside it;
 * next to them a staged loop with a construct-level reduction that reads
 * the array the first loop wrote. */
// accls-flags: --cache-stage
// exec-no-gcc-openacc: gcc 12 rejects cache sub-arrays that are not contiguous (2-D windows), which OpenACC allows
#include <stdio.h>

#define N 3000

static double a[N], b[N], c[N], c2[N], g[30][40], h[30][40], rows[30];

int main(void)
{
	int n = N;
	double sum = 0;
	for (int i = 0; i < N; i++) {
		a[i] = i % 9;
		b[i] = i % 4;
	}
	for (int i = 0; i < 30; i++)
		for (int j = 0; j < 40; j++)
			g[i][j] = (i + j) % 6;
#pragma acc data copy(a, g) copyin(b) copyout(c, c2, h, rows)
	{
		/* writes a: staged reads would miss the writes */
#pragma acc parallel loop
		for (int i = 0; i < n; i++) {
#pragma acc cache(a[i:1], b[i-1:3])
			a[i] = 2 * a[i] + (i > 0 ? b[i - 1] : 0);
		}
		/* two windows of one array: the first is staged, the second a hint */
#pragma acc parallel loop
		for (int i = 0; i < n - 6; i++) {
#pragma acc cache(b[i:2], b[i+5:2])
			c2[i] = b[i] + b[i + 1] + 3 * (b[i + 5] + b[i + 6]);
		}
		/* staged, with a construct-level reduction */
#pragma acc parallel loop reduction(+:sum)
		for (int i = 1; i < n - 1; i++) {
#pragma acc cache(a[i-1:3])
			sum += a[i - 1] - a[i + 1];
		}
		/* a vector reduction: the loop already synchronizes its group */
#pragma acc parallel loop gang
		for (int i = 0; i < 30; i++) {
			double rs = 0;
#pragma acc loop vector reduction(+:rs)
			for (int j = 1; j < 39; j++) {
#pragma acc cache(g[i][j-1:3])
				rs += g[i][j - 1] * g[i][j + 1];
			}
			rows[i] = rs;
		}
		/* collapse(2) */
#pragma acc parallel loop collapse(2)
		for (int i = 1; i < 29; i++)
			for (int j = 0; j < 40; j++) {
#pragma acc cache(g[i-1:3][j:1])
				h[i][j] = g[i - 1][j] + g[i + 1][j];
			}
		/* a bound that the loop assigns */
#pragma acc parallel loop
		for (int i = 0; i < n; i++) {
			int o = i % 3;
#pragma acc cache(a[i-o:3])
			c[i] = a[i - o] + 1;
		}
		/* a vector loop inside a worker loop; the seq loop's cache */
#pragma acc parallel loop gang num_workers(4)
		for (int i = 0; i < 30; i += 29) {
#pragma acc loop worker
			for (int w = 0; w < 4; w++) {
#pragma acc loop vector
				for (int j = w; j < 40; j += 4) {
#pragma acc cache(g[i][j:1])
					h[i][j] = g[i][j];
					for (int k = 0; k < 2; k++) {
#pragma acc cache(g[i][0:2])
						h[i][j] += g[i][k];
					}
				}
			}
		}
	}
	double want = 0;
	for (int i = 0; i < N; i++) {
		double v = 2 * (i % 9) + (i > 0 ? b[i - 1] : 0);
		if (a[i] != v) {
			printf("FAIL a[%d] = %g, want %g\n", i, a[i], v);
			return 1;
		}
		if (i > 0 && i < N - 1)
			want += a[i - 1] - a[i + 1];
		if (i < N - 6 && c2[i] != b[i] + b[i + 1] + 3 * (b[i + 5] + b[i + 6])) {
			printf("FAIL c2[%d] = %g\n", i, c2[i]);
			return 1;
		}
		if (c[i] != a[i - i % 3] + 1) {
			printf("FAIL c[%d] = %g\n", i, c[i]);
			return 1;
		}
	}
	if (sum != want) {
		printf("FAIL sum = %g, want %g\n", sum, want);
		return 1;
	}
	double hs = 0;
	for (int i = 0; i < 30; i++)
		for (int j = 0; j < 40; j++) {
			double v = i > 0 && i < 29 ? g[i - 1][j] + g[i + 1][j] : g[i][j] + g[i][0] + g[i][1];

			if (h[i][j] != v) {
				printf("FAIL h[%d][%d] = %g, want %g\n", i, j, h[i][j], v);
				return 1;
			}
			hs += h[i][j];
		}
	for (int i = 0; i < 30; i++) {
		double v = 0;
		for (int k = 1; k < 39; k++)
			v += g[i][k - 1] * g[i][k + 1];
		if (rows[i] != v) {
			printf("FAIL rows[%d] = %g, want %g\n", i, rows[i], v);
			return 1;
		}
		hs += rows[i];
	}
	printf("sum %g, h sum %g\n", sum, hs);
	printf("OK\n");
	return 0;
}
