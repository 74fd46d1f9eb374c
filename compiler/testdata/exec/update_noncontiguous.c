/* update of sub-arrays that are not contiguous (OpenACC 3.3 §2.14.4: a halo
 * column, a block of a 3-D array, a part of each row of a variable-length
 * array) and contiguous sub-arrays that start inside a row, in a data
 * clause (C[2][1:3]). Each update moves only its elements: the host reads
 * nothing else the device changed. Bytes: u, w and a in (384 + 960 + 280),
 * the column back (64); out the column (64), rows 1-6 of the first (48),
 * the block (2 x 3 x 3 doubles, 144), a's inner columns (5 x 5, 200) and
 * all of a (280), C[2][1:3] (24). */
// exec-bytes: h2d=1688 d2h=760
// exec-no-gcc-openacc: gcc 12 rejects non-contiguous sections in update ("array section is not contiguous in 'map' clause")
#include <stdio.h>
#include <stdlib.h>

#define N 8
#define M 6

static double u[N][M], w[4][5][6], C[4][8];

static int check(const char *what, double got, double want)
{
	printf("%s: %g\n", what, got);
	if (got != want) {
		printf("FAIL %s = %g, want %g\n", what, got, want);
		return 1;
	}
	return 0;
}

int main(void)
{
	int fails = 0, n = 5, m = 7;
	double (*a)[m] = malloc(sizeof(double[n][m]));
	double colsum = 0, edges = 0, block = 0, inner = 0, all = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			u[i][j] = i * 10 + j;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 5; j++)
			for (int k = 0; k < 6; k++)
				w[i][j][k] = i * 100 + j * 10 + k;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			a[i][j] = i * m + j;

#pragma acc data copyin(u, w, a[0:n][0:m])
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++)
				u[i][j] *= 2;
		/* the last column to the host, changed there, back to the device */
#pragma acc update self(u[0:N][M - 1:1])
		for (int i = 0; i < N; i++) {
			colsum += u[i][M - 1];
			u[i][M - 1] = -i;
		}
#pragma acc update device(u[0:N][M - 1:1]) async(1)
#pragma acc wait(1)
		/* the device adds its last column to the first, and the first
		 * column comes back (rows 1 to N-2 only) */
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			u[i][0] += u[i][M - 1];
#pragma acc update host(u[1:N - 2][0:1])
		for (int i = 1; i < N - 1; i++)
			edges += u[i][0];

		/* a 3-D block: slices 1-2, rows 1-3, columns 2-4 */
#pragma acc parallel loop collapse(3)
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 5; j++)
				for (int k = 0; k < 6; k++)
					w[i][j][k] += 1000;
#pragma acc update self(w[1:2][1:3][2:3])
		for (int i = 1; i < 3; i++)
			for (int j = 1; j < 4; j++)
				for (int k = 2; k < 5; k++)
					block += w[i][j][k];

		/* a variable-length array: the inner columns of every row, then
		 * all of it (a rectangle whose pieces touch: one copy) */
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				a[i][j] = -a[i][j];
#pragma acc update self(a[0:n][1:m - 2])
		for (int i = 0; i < n; i++)
			for (int j = 1; j < m - 1; j++)
				inner += a[i][j];
#pragma acc update self(a[0:n][0:m])
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				all += a[i][j];
	}
	/* not present: if_present makes it nothing */
#pragma acc update self(u[0:N][0:2]) if_present

	/* contiguous, starting inside a row */
#pragma acc parallel loop copyout(C[2][1:3])
	for (int j = 1; j < 4; j++)
		C[2][j] = j * 0.5;

	fails += check("last column", colsum, 2 * (10 * (0 + 1 + 2 + 3 + 4 + 5 + 6 + 7) + 8 * 5));
	fails += check("first column, rows 1-6", edges, 2 * 10 * (1 + 2 + 3 + 4 + 5 + 6) - (1 + 2 + 3 + 4 + 5 + 6));
	fails += check("3-D block", block, 18 * 1000 + 9 * (100 + 200) + 6 * (10 + 20 + 30) + 6 * (2 + 3 + 4));
	fails += check("inner columns", inner, -(double)(n * (m - 2) * (n * m - 1)) / 2);
	fails += check("all", all, -(double)(n * m) * (n * m - 1) / 2);
	fails += check("C[2][1:3]", C[2][1] + C[2][2] + C[2][3], 3);
	free(a);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
