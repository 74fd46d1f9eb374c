/* A jagged array: a double ** whose rows have different lengths, in the
 * style of "Parallel Programming with OpenACC" (chapter 5): the pointers
 * are entered first (rows NULL, or one element each), then each row is
 * attached on its own with its length (enter data create/copyin of
 * A[i:1][0:len]); kernels index A[i][j] with present(A); updates and
 * copyouts go row by row; present(b[0:N]) names the row pointers, with
 * the rows attached to them; a row pointer replaced while present gets the
 * new row attached; the rows leave one by one, then the pointers.
 * accls keeps the rows in one device buffer whose pitch grows to the
 * longest row. */
// exec-bytes: h2d=5168 d2h=9424
// exec-no-gcc-openacc: gcc 12 rejects the sections of a pointer to pointers (not contiguous)
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#define PRESENT_ON_DEVICE(p, n) (acc_get_device_type() == acc_device_host || acc_is_present((p), (n)))
#else
#define PRESENT_ON_DEVICE(p, n) ((void)(p), (void)(n), 1)
#endif

#define N 40

static int len(int i) { return 3 + (i * 7) % 23; } /* 3 .. 25, not monotonic */

/* the pointers with their rows NULL, then each row attached */
static double **alloc_jagged(int n)
{
	double **a = calloc(n, sizeof *a);
#pragma acc enter data create(a[0:n][0:1])
	for (int i = 0; i < n; i++) {
		a[i] = malloc(len(i) * sizeof **a);
#pragma acc enter data create(a[i:1][0:len(i)])
	}
	return a;
}

static void fill(double **a, int n, double v)
{
	for (int i = 0; i < n; i++) {
		int m = len(i);
		for (int j = 0; j < m; j++)
			a[i][j] = v + i + 0.5 * j;
#pragma acc update device(a[i:1][0:m])
	}
}

static void free_jagged(double **a, int n)
{
	for (int i = 0; i < n; i++) {
#pragma acc exit data delete(a[i:1][0:len(i)])
		free(a[i]);
	}
#pragma acc exit data delete(a)
	free(a);
}

int main(void)
{
	double **a = alloc_jagged(N), **b = alloc_jagged(N);
	int *lens = malloc(N * sizeof *lens), bad = 0;
	for (int i = 0; i < N; i++)
		lens[i] = len(i);
#pragma acc enter data copyin(lens[0:N])
	fill(b, N, 1.0);

#pragma acc parallel loop gang present(a, b, lens)
	for (int i = 0; i < N; i++) {
		int m = lens[i];
#pragma acc loop vector
		for (int j = 0; j < m; j++)
			a[i][j] = 2.0 * b[i][j] + i * m + j;
	}
	for (int i = 0; i < N; i++) {
#pragma acc update self(a[i:1][0:lens[i]])
	}

	/* a longer row replaces row 5 of b while b is present */
	double *old = b[5];
	b[5] = malloc(60 * sizeof *b[5]);
	for (int j = 0; j < 60; j++)
		b[5][j] = -j;
#pragma acc enter data copyin(b[5:1][0:60])
#pragma acc parallel loop present(b)
	for (int j = 0; j < 60; j++)
		b[5][j] *= 3.0;
#pragma acc parallel loop gang present(b[0:N], lens[0:N])
	for (int i = 0; i < N; i++)
		if (i != 5)
			b[i][lens[i] - 1] += 1000.0;
	/* the old row is present on its own, its data still there */
	if (!PRESENT_ON_DEVICE(old, len(5) * sizeof *old))
		printf("the old row left\n"), bad++;
#pragma acc update self(old[0:1])
#pragma acc exit data copyout(b[5:1][0:60])
#pragma acc exit data delete(old[0:len(5)])
	for (int i = 0; i < N; i++) {
		if (i != 5) {
#pragma acc exit data copyout(b[i:1][0:lens[i]])
		}
	}

	for (int i = 0; i < N; i++) {
		int m = len(i);
		for (int j = 0; j < m; j++) {
			double want = 2.0 * (1.0 + i + 0.5 * j) + i * m + j;
			if (a[i][j] != want) {
				if (bad++ < 5)
					printf("a[%d][%d] = %g, want %g\n", i, j, a[i][j], want);
			}
			if (i != 5) {
				double wb = 1.0 + i + 0.5 * j + (j == m - 1 ? 1000.0 : 0.0);
				if (b[i][j] != wb && bad++ < 5)
					printf("b[%d][%d] = %g, want %g\n", i, j, b[i][j], wb);
			}
		}
	}
	for (int j = 0; j < 60; j++)
		if (b[5][j] != -3.0 * j && bad++ < 5)
			printf("b[5][%d] = %g, want %g\n", j, b[5][j], -3.0 * j);
	if (old[0] != 1.0 + 5)
		printf("old row: %g, want %g\n", old[0], 6.0), bad++;
	free(old);
	/* b's rows left one by one; its pointers go now (with nothing left) */
#pragma acc exit data delete(b)
	free_jagged(a, N);
	for (int i = 0; i < N; i++)
		free(b[i]);
	free(b);
#pragma acc exit data delete(lens)
	free(lens);
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
