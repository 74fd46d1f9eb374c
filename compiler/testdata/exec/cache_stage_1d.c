/* cache staged in __local memory, 1-D: the work-group loads the union of
 * its iterations' windows and the reads go to the local copy. Windows that
 * cross the array's bounds at the edges (cache(a[i-1:3]) at i = 0 and
 * n-1), a window with non-constant bounds (a[i-r:2*r+1], r a variable), a
 * sub-array a[1:n-2] whose device buffer does not hold a[0] and a[n-1]
 * (the edge windows reach them), a downward loop with step 2 and window
 * a[2*i-2:5] (fewer iterations per round fit), a worker vector loop
 * inside a gang loop (with a continue), a vector_length that is not a power of two, and a
 * window too wide for the __local buffer (the rounds read device memory). */
// accls-flags: --cache-stage
#include <stdio.h>

#define N 5003

static double a[N], b[N], c[N], d[N], e[40][N / 40], f[N / 100];

int main(void)
{
	int n = N, r = 3;
	for (int i = 0; i < N; i++)
		a[i] = i % 17 - 8;
	/* 3-point stencil over the whole array: the first and last windows
	 * reach a[-1] and a[n] */
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc cache(a[i-1:3])
		double l = i > 0 ? a[i - 1] : 0, rr = i < n - 1 ? a[i + 1] : 0;
		b[i] = l + 2 * a[i] + rr;
	}
	/* radius r, only a[1:n-2] on the device */
#pragma acc parallel loop gang vector vector_length(48) copyin(a[1:n-2]) copy(c[0:n])
	for (int i = 1; i < n - 1; i++) {
#pragma acc cache(a[i-r:2*r+1])
		double s = 0;
		for (int k = -r; k <= r; k++)
			if (i + k >= 1 && i + k < n - 1)
				s += a[i + k];
		c[i] = s;
	}
	/* downward, step 2: each iteration reads a[2i-2 .. 2i+2] */
#pragma acc parallel loop copyin(a[0:n]) copy(d[0:n])
	for (int i = (n - 1) / 2; i >= 0; i -= 2) {
#pragma acc cache(a[2*i-2:5])
		double s = a[2 * i];
		if (i > 0)
			s += a[2 * i - 1] - a[2 * i - 2];
		if (2 * i + 2 < n)
			s += 3 * a[2 * i + 2] + a[2 * i + 1];
		d[i] = s;
	}
	/* rows of e: gang over rows, workers and lanes over a row */
#pragma acc parallel loop gang num_workers(2) vector_length(32) copyin(a[0:n]) copyout(e)
	for (int row = 0; row < 40; row++) {
#pragma acc loop worker vector
		for (int j = 0; j < N / 40; j++) {
#pragma acc cache(a[row*(N/40)+j-2:5])
			int x = row * (N / 40) + j;
			if (j % 9 == 4) {
				e[row][j] = -100; /* a continue ends the iteration, not the round */
				continue;
			}
			e[row][j] = (x >= 2 ? a[x - 2] : 0) + a[x] + (x + 2 < n ? a[x + 2] : 0);
		}
	}
	/* each round's window spans 100 elements per iteration */
#pragma acc parallel loop copyin(a[0:n]) copyout(f[0:n/100])
	for (int i = 0; i < n / 100; i++) {
#pragma acc cache(a[100*i:3])
		f[i] = a[100 * i] - a[100 * i + 2];
	}
	double sb = 0, sc = 0, sd = 0, se = 0;
	for (int i = 0; i < n; i++) {
		double want = (i > 0 ? a[i - 1] : 0) + 2 * a[i] + (i < n - 1 ? a[i + 1] : 0);
		if (b[i] != want) {
			printf("FAIL b[%d] = %g, want %g\n", i, b[i], want);
			return 1;
		}
		double s = 0;
		if (i >= 1 && i < n - 1)
			for (int k = -r; k <= r; k++)
				if (i + k >= 1 && i + k < n - 1)
					s += a[i + k];
		if (c[i] != s) {
			printf("FAIL c[%d] = %g, want %g\n", i, c[i], s);
			return 1;
		}
		sb += b[i];
		sc += c[i];
	}
	for (int i = (n - 1) / 2; i >= 0; i -= 2) {
		double s = a[2 * i];
		if (i > 0)
			s += a[2 * i - 1] - a[2 * i - 2];
		if (2 * i + 2 < n)
			s += 3 * a[2 * i + 2] + a[2 * i + 1];
		if (d[i] != s) {
			printf("FAIL d[%d] = %g, want %g\n", i, d[i], s);
			return 1;
		}
		sd += d[i];
	}
	for (int row = 0; row < 40; row++)
		for (int j = 0; j < N / 40; j++) {
			int x = row * (N / 40) + j;
			double want = j % 9 == 4 ? -100 : (x >= 2 ? a[x - 2] : 0) + a[x] + (x + 2 < n ? a[x + 2] : 0);
			if (e[row][j] != want) {
				printf("FAIL e[%d][%d] = %g, want %g\n", row, j, e[row][j], want);
				return 1;
			}
			se += e[row][j];
		}
	for (int i = 0; i < N / 100; i++)
		if (f[i] != a[100 * i] - a[100 * i + 2]) {
			printf("FAIL f[%d] = %g\n", i, f[i]);
			return 1;
		}
	printf("sums %g %g %g %g, f[49] = %g\n", sb, sc, sd, se, f[N / 100 - 1]);
	printf("OK\n");
	return 0;
}
