/* Pointers to pointers (OpenACC 3.3 §2.7.1): data clauses that name the
 * rows of a double ** (A[0:n][0:m]), rows that are separate allocations or
 * slices of one block, an array of pointers (float *R[4]), rows of structs,
 * a sub-section of the rows and of the columns (the columns outside stay as
 * the host has them), a data construct around two compute constructs that
 * find the rows present, enter/exit data with a kernel that takes the rows
 * from the present table, update of one row and of all rows, acc_is_present
 * of one row, a kernels construct, a reduction over the rows, async, and
 * an update of a part of each row.
 * Checked against the host's results.
 * The bytes, in / out: t1 A (N*M doubles) both ways; t2 B's rows both ways;
 * t3 R (4 x 16 floats) both ways; t4 P (N x 4 structs of 16 bytes) both
 * ways; t5 rows 2..N-1, columns 1..M-2 of A both ways; t6 A in, C out, then
 * row 3 of C out again by update self, then all of A in by update device
 * and C out at exit; t7 E in (enter data) and out (exit data copyout);
 * t8 A in (kernels copyin), C out; t9 A in (the sum by reduction: its
 * partials are not counted); t10 F both ways on async queue 1; t11 G in,
 * then 3 columns of each row out by update self.
 */
// exec-no-host: checks that exit data removed the rows from the device (the host device's memory is always present)
// exec-bytes: h2d=39264 d2h=28416
// exec-no-gcc-openacc: gcc 12 rejects sub-arrays of pointers to pointers ("array section is not contiguous"), which OpenACC 3.3 §2.7.1 allows
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#define PRESENT(p, n) acc_is_present((p), (n))
#define GONE(p, n) (!acc_is_present((p), (n)))
#else
#define PRESENT(p, n) 1
#define GONE(p, n) 1
#endif

#define N 20
#define M 24

typedef struct {
	double w;
	int k, pad;
} cell;

static double **rows(int n, int m, double base)
{
	double **a = malloc(n * sizeof *a);
	for (int i = 0; i < n; i++) {
		a[i] = malloc(m * sizeof **a);
		for (int j = 0; j < m; j++)
			a[i][j] = base + i * 100 + j;
	}
	return a;
}

static void free_rows(double **a, int n)
{
	for (int i = 0; i < n; i++)
		free(a[i]);
	free(a);
}

static int failures;

static void expect(const char *what, double got, double want)
{
	if (got != want) {
		printf("FAIL %s: %.1f, want %.1f\n", what, got, want);
		failures++;
	}
}

static double check(double **a, int n, int m)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			s += a[i][j] * (1 + (i * 7 + j) % 5);
	return s;
}

int main(void)
{
	int n = N, m = M;

	/* t1: separate rows, both ways */
	double **A = rows(n, m, 1);
#pragma acc parallel loop collapse(2) copy(A[0:n][0:m])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			A[i][j] = 2 * A[i][j] + i - j;
	printf("t1 %.1f\n", check(A, n, m));
	double **ref = rows(n, m, 1);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			ref[i][j] = 2 * ref[i][j] + i - j;
	expect("t1", check(A, n, m), check(ref, n, m));

	/* t2: rows that are slices of one block, reversed order */
	double *block = malloc(n * m * sizeof *block);
	double **B = malloc(n * sizeof *B);
	for (int i = 0; i < n; i++)
		B[i] = block + (n - 1 - i) * m;
	for (int k = 0; k < n * m; k++)
		block[k] = k % 37;
#pragma acc parallel loop copy(B[0:n][0:m])
	for (int i = 0; i < n; i++)
		for (int j = 1; j < m; j++)
			B[i][j] += B[i][j - 1] * 0.5;
	printf("t2 %.1f\n", check(B, n, m));

	/* t3: an array of pointers */
	float *R[4];
	for (int i = 0; i < 4; i++) {
		R[i] = malloc(16 * sizeof(float));
		for (int j = 0; j < 16; j++)
			R[i][j] = (float)(i - j);
	}
#pragma acc parallel loop collapse(2) copy(R[0:4][0:16])
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 16; j++)
			R[i][j] = R[i][j] * R[i][j] + 0.5f;
	double sr = 0;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 16; j++)
			sr += R[i][j] * (i + 1);
	printf("t3 %.1f\n", sr);

	/* t4: rows of structs */
	cell **P = malloc(n * sizeof *P);
	for (int i = 0; i < n; i++) {
		P[i] = malloc(4 * sizeof(cell));
		for (int j = 0; j < 4; j++) {
			P[i][j].w = i + 0.25 * j;
			P[i][j].k = i * j;
			P[i][j].pad = 0;
		}
	}
#pragma acc parallel loop copy(P[0:n][0:4])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++) {
			P[i][j].w = P[i][j].w * P[i][j].k;
			P[i][j].k += j;
		}
	double sp = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4; j++)
			sp += P[i][j].w + P[i][j].k;
	printf("t4 %.1f\n", sp);

	/* t5: rows 2..n-1 and columns 1..m-2 only */
	free_rows(A, n);
	A = rows(n, m, 3);
#pragma acc parallel loop collapse(2) copy(A[2:n-2][1:m-2])
	for (int i = 2; i < n; i++)
		for (int j = 1; j < m - 1; j++)
			A[i][j] = -A[i][j];
	printf("t5 %.1f\n", check(A, n, m));
	free_rows(ref, n);
	ref = rows(n, m, 3);
	for (int i = 2; i < n; i++)
		for (int j = 1; j < m - 1; j++)
			ref[i][j] = -ref[i][j];
	expect("t5", check(A, n, m), check(ref, n, m));

	/* t6: a data construct; the compute constructs find the rows present */
	double **C = rows(n, m, 0);
	int present = 0;
#pragma acc data copyin(A[0:n][0:m]) copyout(C[0:n][0:m])
	{
		present = PRESENT(C[5], m * sizeof(double)) && PRESENT(A[0] + 3, 8 * sizeof(double));
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				C[i][j] = A[i][j] * 3;
#pragma acc update self(C[3][0:m])
		printf("t6 row 3: %.1f %.1f\n", C[3][0], C[3][m - 1]);
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				A[i][j] = i * j;
#pragma acc update device(A[0:n][0:m])
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				C[i][j] += A[i][j];
	}
	printf("t6 %d %.1f\n", present, check(C, n, m));
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			ref[i][j] = ref[i][j] * 3 + i * j; /* ref holds A after t5 */
	expect("t6", check(C, n, m), check(ref, n, m));
	expect("t6 present", present, 1);

	/* t7: enter/exit data; the kernel looks the rows up */
	double **E = rows(n, m, 7);
#pragma acc enter data copyin(E[0:n][0:m])
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			E[i][j] = E[i][j] / 2;
#pragma acc exit data copyout(E[0:n][0:m])
	printf("t7 %.1f %d\n", check(E, n, m), GONE(E[0], sizeof(double)));
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			ref[i][j] = (7.0 + i * 100 + j) / 2;
	expect("t7", check(E, n, m), check(ref, n, m));

	/* t8: kernels */
#pragma acc kernels copyin(A[0:n][0:m]) copyout(C[0:n][0:m])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			C[i][j] = A[i][j] + 1;
	printf("t8 %.1f\n", check(C, n, m));

	/* t9: a reduction over the rows */
	double sum = 0;
#pragma acc parallel loop collapse(2) reduction(+:sum) copyin(A[0:n][0:m])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			sum += A[i][j];
	printf("t9 %.1f\n", sum);
	expect("t9", sum, (double)n * m * (n - 1) * (m - 1) / 4);

	/* t10: async */
	double **F = rows(n, m, 5);
#pragma acc parallel loop collapse(2) copy(F[0:n][0:m]) async(1)
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			F[i][j] = F[i][j] * F[i][j];
#pragma acc wait(1)
	printf("t10 %.1f\n", check(F, n, m));

	/* t11: update of a part of each row (a rectangle of the rows' buffer) */
	double **G = rows(n, m, 2);
	double part = 0;
#pragma acc data copyin(G[0:n][0:m])
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				G[i][j] = G[i][j] * 4 + 1;
#pragma acc update self(G[0:n][2:3])
		for (int i = 0; i < n; i++)
			for (int j = 2; j < 5; j++)
				part += G[i][j] * (j - 1);
	}
	printf("t11 %.1f\n", part);
	double want = 0;
	for (int i = 0; i < n; i++)
		for (int j = 2; j < 5; j++)
			want += ((2.0 + i * 100 + j) * 4 + 1) * (j - 1);
	expect("t11", part, want);
	free_rows(G, n);

	if (failures)
		return 1;
	printf("OK\n");
	free_rows(ref, n);
	free_rows(A, n);
	free_rows(C, n);
	free_rows(E, n);
	free_rows(F, n);
	free(B);
	free(block);
	for (int i = 0; i < 4; i++)
		free(R[i]);
	for (int i = 0; i < n; i++)
		free(P[i]);
	free(P);
	return 0;
}
