/* Reductions on _Bool arrays: each operator on an array of constant length
 * (private copies), |, * and + on a run-time length (copies in global
 * memory; 500 additions make 1, not a wrapped uchar), || in a vector loop
 * inside a gang loop (a loop-level reduction).
 * _Bool copies are uchar, reduced with the logical operator that keeps them
 * 0 or 1 (+ and max are ||, * min and & are &&), and what the user's code
 * stores in them is converted as C converts to _Bool (7 is 1). Each result
 * is compared with the host's loops; prints OK. */
// exec-no-gcc-openacc: gcc 12 -fopenacc stops with an internal compiler error on array reductions of _Bool
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define M 6

static int fails;

static void same(const char *what, const bool *got, const bool *want, int n)
{
	for (int k = 0; k < n; k++)
		if (got[k] != want[k] && fails++ < 5)
			printf("FAIL %s[%d] = %d, want %d\n", what, k, got[k], want[k]);
	for (int k = 0; k < n; k++)
		printf("%d", got[k]);
	printf(" %s\n", what);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3000, m = M;
	bool any[M] = {0}, all[M], plus[M] = {0}, maxv[M] = {0}, band[M], bxor[M] = {0};
	bool *flags = calloc(m, sizeof(bool)), *every = malloc(m * sizeof(bool)), *count = calloc(m, sizeof(bool));
	bool rows[4][M] = {{0}};
	bool wany[M] = {0}, wall[M], wplus[M] = {0}, wmaxv[M] = {0}, wband[M], wbxor[M] = {0}, wflags[M] = {0}, wevery[M], wcount[M] = {0};
	bool wrows[4][M] = {{0}};
	for (int k = 0; k < M; k++)
		all[k] = band[k] = every[k] = wall[k] = wband[k] = wevery[k] = true;
	/* constant length: private copies */
#pragma acc parallel loop reduction(||:any) reduction(&&:all) reduction(+:plus) reduction(max:maxv) reduction(&:band) reduction(^:bxor)
	for (int i = 0; i < n; i++) {
		int k = i % M;
		any[k] = any[k] || (i % 1000 == 777);
		all[k] = all[k] && (i != 500);
		plus[k] += (i % 997 == 3);
		if ((i % 1231 == 5) > maxv[k])
			maxv[k] = 7; /* a _Bool keeps 1 */
		band[k] &= (i % 1500 != 2);
		bxor[k] ^= (i % 1009 == 0);
	}
	/* a length known at run time: copies in global memory */
#pragma acc parallel loop reduction(|:flags[0:m]) reduction(*:every[0:m]) reduction(+:count[0:m])
	for (int i = 0; i < n; i++) {
		flags[i % m] |= (i == 1234);
		every[i % m] *= (i != 2222);
		count[i % m] += 1; /* 500 times: a _Bool stays 1, a uchar would wrap */
	}
	/* a loop-level reduction: a vector loop inside a gang loop */
#pragma acc parallel loop gang copy(rows)
	for (int r = 0; r < 4; r++) {
		bool row[M] = {0};
#pragma acc loop vector reduction(||:row)
		for (int i = 0; i < n; i++)
			row[i % M] = row[i % M] || (i % (300 + r) == 299);
		for (int k = 0; k < M; k++)
			rows[r][k] = row[k];
	}

	/* the host's loops */
	for (int i = 0; i < n; i++) {
		int k = i % M;
		wany[k] = wany[k] || (i % 1000 == 777);
		wall[k] = wall[k] && (i != 500);
		wplus[k] += (i % 997 == 3);
		if ((i % 1231 == 5) > wmaxv[k])
			wmaxv[k] = 7;
		wband[k] &= (i % 1500 != 2);
		wbxor[k] ^= (i % 1009 == 0);
		wflags[k] |= (i == 1234);
		wevery[k] *= (i != 2222);
		wcount[k] += 1;
	}
	for (int r = 0; r < 4; r++)
		for (int i = 0; i < n; i++)
			wrows[r][i % M] = wrows[r][i % M] || (i % (300 + r) == 299);

	same("||", any, wany, M);
	same("&&", all, wall, M);
	same("+", plus, wplus, M);
	same("max", maxv, wmaxv, M);
	same("&", band, wband, M);
	same("^", bxor, wbxor, M);
	same("|", flags, wflags, M);
	same("*", every, wevery, M);
	same("+ (run-time length)", count, wcount, M);
	same("rows", &rows[0][0], &wrows[0][0], 4 * M);
	free(flags);
	free(every);
	free(count);
	if (!fails)
		printf("OK\n");
	return fails != 0;
}
