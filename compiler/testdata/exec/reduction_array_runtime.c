/* array reductions whose copies live in global memory: a sub-array with a
 * run-time length and an offset (`hist[5:nb]`, nb from the command line),
 * an array too large for private copies (3000 longs, max), a row range of
 * a 2-D array with a run-time row count; gang worker vector with an
 * explicit shape and a serial construct too. */
// exec-args: 100
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>
#include <stdlib.h>

#define N 30000
#define BIG 3000

static float x[N];
static long big[BIG], wbig[BIG];

int main(int argc, char **argv)
{
	int nb = argc > 1 ? atoi(argv[1]) : 100;
	if (nb < 1)
		nb = 1;
	for (int i = 0; i < N; i++)
		x[i] = (float)((i * 37) % 1001);
	int *hist = malloc((nb + 10) * sizeof(int));
	int *want = malloc((nb + 10) * sizeof(int));
	for (int b = 0; b < nb + 10; b++)
		hist[b] = want[b] = b;
	int bad = 0;

#pragma acc parallel loop copyin(x) reduction(+:hist[5:nb])
	for (int i = 0; i < N; i++)
		hist[5 + (int)x[i] % nb] += 1;
#pragma acc parallel loop copyin(x) reduction(max:big)
	for (int i = 0; i < N; i++) {
		int b = (i * 7) % BIG;
		if ((long)x[i] > big[b])
			big[b] = (long)x[i];
	}
	float m2[6][4] = {{0}}, w2[6][4] = {{0}};
	int rows = 3;
#pragma acc parallel loop gang worker vector num_gangs(5) num_workers(2) vector_length(32) copyin(x) reduction(+:m2[2:rows][0:4])
	for (int i = 0; i < N; i++)
		m2[2 + i % rows][i % 4] += 0.5f;
	double *d = malloc(nb * sizeof(double));
	double *wd = malloc(nb * sizeof(double));
	for (int b = 0; b < nb; b++)
		d[b] = wd[b] = 1.0;
#pragma acc serial copyin(x) reduction(*:d[0:nb])
	for (int i = 0; i < 64; i++)
		d[i % nb] *= x[i] > 500.0f ? 2.0 : 1.0;

	for (int i = 0; i < N; i++) {
		want[5 + (int)x[i] % nb] += 1;
		int b = (i * 7) % BIG;
		if ((long)x[i] > wbig[b])
			wbig[b] = (long)x[i];
		w2[2 + i % rows][i % 4] += 0.5f;
	}
	for (int i = 0; i < 64; i++)
		wd[i % nb] *= x[i] > 500.0f ? 2.0 : 1.0;
	for (int b = 0; b < nb + 10; b++)
		bad += hist[b] != want[b];
	for (int b = 0; b < BIG; b++)
		bad += big[b] != wbig[b];
	for (int r = 0; r < 6; r++)
		for (int c = 0; c < 4; c++)
			bad += m2[r][c] != w2[r][c];
	for (int b = 0; b < nb; b++)
		bad += d[b] != wd[b];
	printf("hist[4..6] = %d %d %d, hist[nb+4] = %d, hist[nb+5] = %d\n", hist[4], hist[5], hist[6], hist[nb + 4], hist[nb + 5]);
	printf("big[7] = %ld, big[2999] = %ld, m2[1][0] = %.1f, m2[2][0] = %.1f, m2[4][3] = %.1f, d[0] = %.1f, d[63] = %.1f\n",
	       big[7], big[2999], m2[1][0], m2[2][0], m2[4][3], d[0], nb > 63 ? d[63] : 0.0);
	free(hist);
	free(want);
	free(d);
	free(wd);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
