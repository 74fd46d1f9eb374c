/* pointers declared in compute constructs: a row pointer into mapped data
 * (const double *row = A + i * m), an output pointer (&B[i * m]), an array
 * written only through a pointer (copied back although no reference to it
 * writes), a pointer to a private array, a row of a 2-D array, a pointer
 * walking a row (p < end, p++), a pointer chosen by ?:, pointer casts,
 * pointer differences, a pointer passed to a routine, a pointer to a
 * gang-shared array, and a pointer that is NULL on some iterations. */
// exec-bytes: h2d=22016 d2h=15616
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 16

#pragma acc routine seq
static void scale_row(double *r, int m, double f)
{
	for (int j = 0; j < m; j++)
		r[j] *= f;
}

static double C[N * 8];      /* implicit: written only through a pointer */
static float G[N / 8][M];     /* a 2-D array whose rows are pointed to */
static double E[N], F[N];     /* chosen by ?: */

int main(void)
{
	int n = N, m = M;
	double *A = malloc(sizeof(double) * n * m);
	double *B = malloc(sizeof(double) * n * m);
	int *bits = malloc(sizeof(int) * n);
	long *dist = malloc(sizeof(long) * n);
	double *walk = malloc(sizeof(double) * n);
	for (int i = 0; i < n * m; i++)
		A[i] = i % 7;
	for (int i = 0; i < N * 8; i++)
		C[i] = -1;
	for (int i = 0; i < N / 8; i++)
		for (int j = 0; j < M; j++)
			G[i][j] = 1;
	for (int i = 0; i < n; i++)
		E[i] = F[i] = 0;

	/* moved: A 8192 in; B 8192, bits 256, dist 512, walk 512 out; G 512
	 * and the implicit copies of C (4096: written through c, so copied
	 * back) and of E and F (512 each) both ways */
#pragma acc parallel loop copyin(A[0:n*m]) copyout(B[0:n*m], bits[0:n], dist[0:n], walk[0:n]) copy(G)
	for (int i = 0; i < n; i++) {
		const double *row = A + i * m;
		double *out = &B[i * m];
		for (int j = 0; j < m; j++)
			out[j] = 2 * row[j];
		scale_row(out, m, 0.5);            /* a local pointer to a routine */
		dist[i] = out - B;                  /* a pointer difference */

		double *c = &C[i * 8];              /* C is written only through c */
		for (int j = 0; j < 8; j++)
			c[j] = i + j;

		double t[4];
		double *tp = t;                     /* a pointer to a private array */
		for (int j = 0; j < 4; j++)
			tp[j] = row[j];
		double s = 0;
		for (const double *p = row, *end = row + m; p < end; p++)
			s += *p;                        /* a walking pointer */
		walk[i] = s + tp[3];

		if (i < N / 8) {
			float *g = G[i];                /* a row of a 2-D array */
			for (int j = 0; j < M; j++)
				g[j] += i;
		}
		double *dst = (i % 2) ? &E[i] : &F[i];
		*dst = i;
		int *q = NULL;                      /* NULL, then device data */
		if (i % 3 == 0)
			q = (int *)&bits[i];            /* a pointer cast */
		bits[i] = 0;
		if (q)
			*q = 1;
	}

	/* a pointer to a gang-shared array (tile: private to each gang,
	 * shared by its vector lanes): B 8192 in, rowsum 512 out */
	double rowsum[N];
#pragma acc parallel loop gang copyin(B[0:n*m]) copyout(rowsum)
	for (int i = 0; i < n; i++) {
		double tile[M];
		double *tl = tile;
#pragma acc loop vector
		for (int j = 0; j < M; j++)
			tl[j] = B[i * m + j] + 1;
		double s = 0;
		for (int j = 0; j < M; j++)
			s += tile[j];
		rowsum[i] = s;
	}

	for (int i = 0; i < n; i++) {
		for (int j = 0; j < m; j++)
			if (B[i * m + j] != A[i * m + j]) {
				printf("FAIL B[%d][%d] = %g, want %g\n", i, j, B[i * m + j], A[i * m + j]);
				return 1;
			}
		if (dist[i] != (long)i * m) {
			printf("FAIL dist[%d] = %ld\n", i, dist[i]);
			return 1;
		}
		double s = 0;
		for (int j = 0; j < m; j++)
			s += A[i * m + j];
		if (walk[i] != s + A[i * m + 3]) {
			printf("FAIL walk[%d] = %g, want %g\n", i, walk[i], s + A[i * m + 3]);
			return 1;
		}
		for (int j = 0; j < 8; j++)
			if (C[i * 8 + j] != i + j) {
				printf("FAIL C[%d] = %g, want %d\n", i * 8 + j, C[i * 8 + j], i + j);
				return 1;
			}
		if ((i % 2 ? E[i] : F[i]) != i || (i % 2 ? F[i] : E[i]) != 0) {
			printf("FAIL E/F[%d] = %g %g\n", i, E[i], F[i]);
			return 1;
		}
		if (bits[i] != (i % 3 == 0)) {
			printf("FAIL bits[%d] = %d\n", i, bits[i]);
			return 1;
		}
		double r = 0;
		for (int j = 0; j < m; j++)
			r += A[i * m + j] + 1;
		if (rowsum[i] != r) {
			printf("FAIL rowsum[%d] = %g, want %g\n", i, rowsum[i], r);
			return 1;
		}
	}
	for (int i = 0; i < N / 8; i++)
		for (int j = 0; j < M; j++)
			if (G[i][j] != 1 + i) {
				printf("FAIL G[%d][%d] = %g\n", i, j, G[i][j]);
				return 1;
			}
	printf("B[%d] = %g, C[%d] = %g, walk[5] = %g, rowsum[9] = %g, E[7] = %g, G[7][0] = %g\n",
	       n * m - 1, B[n * m - 1], N * 8 - 1, C[N * 8 - 1], walk[5], rowsum[9], E[7], G[7][0]);
	free(A);
	free(B);
	free(bits);
	free(dist);
	free(walk);
	printf("OK\n");
	return 0;
}
