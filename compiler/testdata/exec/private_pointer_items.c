/* Private copies of what a pointer points to for each iteration of a
 * worker or vector loop, with a length known at run time: private(tmp[0:m])
 * on a parallel loop (gang vector: a copy per work-item; rows long enough
 * that the gangs are capped and the loop strides), on a loop gang worker
 * whose vector loops share the worker's copy, and on a loop vector inside a
 * gang loop whose gang has its own copy of another array. Each iteration
 * fills its copy before reading it, so any iteration order gives the
 * host's results. */
// exec-no-gcc-openacc: gcc 12 rejects sub-arrays in private clauses
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = 40000 + argc, m = 1024 + argc, r = 96, k = 200;
	float *tmp = malloc(m * sizeof *tmp), *out = malloc(n * sizeof *out);
	double *w = malloc(k * sizeof *w), *rowsum = malloc(r * sizeof *rowsum);
	int *t = malloc(4 * sizeof *t), *g = malloc(k * sizeof *g), *best = malloc(r * k * sizeof *best);
	long *cell = malloc(9 * sizeof *cell), *grid = malloc(r * k * sizeof *grid);

	/* a copy per work-item: reversed pairwise products of the iteration's row */
#pragma acc parallel loop private(tmp[0:m]) copyout(out[0:n])
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < m; j++)
			tmp[j] = (float)((i + j) % 13);
		float s = 0;
		for (int j = 0; j < m; j++)
			s += tmp[j] * tmp[m - 1 - j];
		out[i] = s;
	}

	/* a copy per worker, filled and read by its vector lanes */
#pragma acc parallel loop gang worker num_workers(4) vector_length(32) private(w[0:k]) copyout(rowsum[0:r])
	for (int i = 0; i < r; i++) {
#pragma acc loop vector
		for (int j = 0; j < k; j++)
			w[j] = (double)(i * j % 7);
		double s = 0;
#pragma acc loop vector reduction(+:s)
		for (int j = 0; j < k; j++)
			s += w[j] * w[k - 1 - j];
		rowsum[i] = s;
	}

	/* a copy per gang (g) around a copy per work-item (t) */
#pragma acc parallel loop gang private(g[0:k]) copyout(best[0:r * k])
	for (int i = 0; i < r; i++) {
#pragma acc loop vector
		for (int j = 0; j < k; j++)
			g[j] = (i + j) % 11;
#pragma acc loop vector private(t[0:4])
		for (int j = 0; j < k; j++) {
			for (int q = 0; q < 4; q++)
				t[q] = g[(j + q) % k] * (q + 1);
			best[i * k + j] = t[0] > t[3] ? t[0] - t[1] : t[2] + t[3];
		}
	}

	/* a copy per work-item of a 2-D grid */
#pragma acc parallel loop collapse(2) private(cell[0:9]) copyout(grid[0:r * k])
	for (int i = 0; i < r; i++)
		for (int j = 0; j < k; j++) {
			for (int q = 0; q < 9; q++)
				cell[q] = (long)i * q + j;
			long s = 0;
			for (int q = 0; q < 9; q++)
				s += cell[q] * cell[8 - q];
			grid[i * k + j] = s;
		}

	int bad = 0;
	double total = 0;
	for (int i = 0; i < n; i++) {
		float s = 0;
		for (int j = 0; j < m; j++)
			s += (float)((i + j) % 13) * (float)((i + m - 1 - j) % 13);
		bad += out[i] != s;
		total += out[i];
	}
	for (int i = 0; i < r; i++) {
		double s = 0;
		for (int j = 0; j < k; j++)
			s += (double)(i * j % 7) * (double)(i * (k - 1 - j) % 7);
		bad += rowsum[i] != s;
		total += rowsum[i];
	}
	for (int i = 0; i < r; i++)
		for (int j = 0; j < k; j++) {
			int q[4];
			for (int x = 0; x < 4; x++)
				q[x] = (i + (j + x) % k) % 11 * (x + 1);
			bad += best[i * k + j] != (q[0] > q[3] ? q[0] - q[1] : q[2] + q[3]);
			total += best[i * k + j];
		}
	for (int i = 0; i < r; i++)
		for (int j = 0; j < k; j++) {
			long s = 0;
			for (int q = 0; q < 9; q++)
				s += ((long)i * q + j) * ((long)i * (8 - q) + j);
			bad += grid[i * k + j] != s;
			total += (double)grid[i * k + j];
		}
	printf("out[0] %g, out[n-1] %g, rowsum[5] %g, best[7] %d, total %.0f\n", out[0], out[n - 1], rowsum[5], best[7], total);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
