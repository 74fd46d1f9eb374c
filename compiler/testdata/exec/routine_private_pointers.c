/* Routines whose pointer parameters receive a work-item's own memory: an
 * LCG that advances a seed passed by address (XSBench's pattern), a private
 * array filled and summed by routines, a routine passing its private
 * pointer on to another, a routine called with device data in one place
 * and with a private array in another, and a gang-shared array handed to a
 * routine from a vector loop. */
#include <stdio.h>
#include <stdint.h>

#define N 256
#define M 8

#pragma acc routine seq
static unsigned lcg_next(uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}

#pragma acc routine seq
static void fill(int *v, int n, uint32_t *seed)
{
	for (int k = 0; k < n; k++)
		v[k] = (int)(lcg_next(seed) % 100u);
}

#pragma acc routine seq
static int total(const int *v, int n)
{
	int s = 0;
	for (int k = 0; k < n; k++)
		s += v[k];
	return s;
}

/* its pointer passed on: the private seed reaches lcg_next through it */
#pragma acc routine seq
static unsigned twice(uint32_t *seed)
{
	unsigned a = lcg_next(seed);
	return a ^ lcg_next(seed);
}

int main(void)
{
	static unsigned draws[N];
	static int sums[N], rowsum[N], table[N * M], shared_out[N];
	for (int i = 0; i < N * M; i++)
		table[i] = i % 13;

#pragma acc parallel loop copyout(draws, sums)
	for (int i = 0; i < N; i++) {
		uint32_t seed = 12345u + (uint32_t)i;
		int v[M];
		fill(v, M, &seed);
		sums[i] = total(v, M);
		draws[i] = twice(&seed);
	}

	/* total() on device data here, on a private array above */
#pragma acc parallel loop copyin(table) copyout(rowsum)
	for (int i = 0; i < N; i++)
		rowsum[i] = total(&table[i * M], M);

	/* a gang-shared array: each gang fills it, its vector lanes read it */
#pragma acc parallel loop gang copyin(table) copyout(shared_out)
	for (int g = 0; g < N / 32; g++) {
		int part[M];
#pragma acc loop vector
		for (int k = 0; k < M; k++)
			part[k] = table[g * M + k] + 1;
#pragma acc loop vector
		for (int i = 0; i < 32; i++)
			shared_out[g * 32 + i] = total(part, M) + i;
	}

	/* the host's answer */
	int bad = 0;
	for (int i = 0; i < N; i++) {
		uint32_t seed = 12345u + (uint32_t)i;
		int v[M], s = 0;
		for (int k = 0; k < M; k++) {
			seed = seed * 1664525u + 1013904223u;
			v[k] = (int)((seed >> 8) % 100u);
			s += v[k];
		}
		seed = seed * 1664525u + 1013904223u;
		unsigned a = seed >> 8;
		seed = seed * 1664525u + 1013904223u;
		unsigned d = a ^ (seed >> 8);
		int r = 0;
		for (int k = 0; k < M; k++)
			r += table[i * M + k];
		int g = i / 32, p = 0;
		for (int k = 0; k < M; k++)
			p += table[g * M + k] + 1;
		if (sums[i] != s || draws[i] != d || rowsum[i] != r || shared_out[i] != p + i % 32) {
			if (bad++ < 3)
				printf("FAIL i=%d: sum %d/%d draw %u/%u row %d/%d shared %d/%d\n", i, sums[i], s, draws[i], d, rowsum[i], r, shared_out[i], p + i % 32);
		}
	}
	long check = 0;
	for (int i = 0; i < N; i++)
		check += sums[i] + (long)(draws[i] % 1000u) + rowsum[i] + shared_out[i];
	printf("sums[0]=%d draws[0]=%u rowsum[5]=%d shared_out[40]=%d check=%ld\n", sums[0], draws[0], rowsum[5], shared_out[40], check);
	if (bad)
		return 1;
	printf("OK\n");
	return 0;
}
