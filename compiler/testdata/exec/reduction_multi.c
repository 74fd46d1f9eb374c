/* several reduction variables of mixed types in one clause, over a
 * collapse(2) loop nest: statistics of a 2-D integer field. */
#include <stdio.h>

#define N 200
#define M 150

static int f[N][M];

int main(void)
{
	long sum = 0, sumsq = 0;
	int hi = -1000000, lo = 1000000;
	double dsum = 0.0;
	int positive = 1;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			f[i][j] = ((i * 31 + j * 57) % 401) - 200;
#pragma acc parallel loop collapse(2) copyin(f) reduction(+:sum, sumsq, dsum) \
	reduction(max:hi) reduction(min:lo) reduction(&&:positive)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			int x = f[i][j];
			sum += x;
			sumsq += (long)x * x;
			dsum += x * 0.5;
			hi = x > hi ? x : hi;
			lo = x < lo ? x : lo;
			positive = positive && (x > -201);
		}
	long es = 0, esq = 0;
	int ehi = -1000000, elo = 1000000;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			int x = f[i][j];
			es += x;
			esq += (long)x * x;
			ehi = x > ehi ? x : ehi;
			elo = x < elo ? x : elo;
		}
	printf("sum = %ld sumsq = %ld\n", sum, sumsq);
	printf("dsum = %.1f\n", dsum);
	printf("hi = %d lo = %d positive = %d\n", hi, lo, positive);
	if (sum != es || sumsq != esq || dsum != es * 0.5 || hi != ehi || lo != elo || positive != 1) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
