/* atomic histograms: many iterations update few bins. int bins with
 * `atomic update` (native atomic_add), float weights and double totals
 * (compare-and-swap loops), a shared scalar counter, and per-gang
 * histograms in gang-shared (__local) memory merged into the global one. */
#include <stdio.h>

#define N 100000
#define B 16
#define G 25

static int key[N];
static int hist[B], hist2[B];
static float weight[B];
static double dtotal[B];

int main(void)
{
	long big = 0;
	int count = 0, rows = 0;
	for (int i = 0; i < N; i++)
		key[i] = (int)((i * 2654435761u) >> 7) % B;
#pragma acc parallel loop copyin(key) copy(hist, weight, dtotal, count)
	for (int i = 0; i < N; i++) {
		int b = key[i];
#pragma acc atomic update
		hist[b]++;
#pragma acc atomic
		weight[b] += 0.5f;
#pragma acc atomic update
		dtotal[b] = dtotal[b] + (double)(i % 8);
		if (b == 3) {
#pragma acc atomic
			count += 1;
		}
	}
	/* Gang-level histograms in __local memory, merged with atomics. */
#pragma acc parallel num_gangs(G) vector_length(64) copyin(key) copy(hist2, big, rows)
	{
		int local[B];
#pragma acc loop gang
		for (int g = 0; g < G; g++) {
#pragma acc loop vector
			for (int b = 0; b < B; b++)
				local[b] = 0;
#pragma acc loop vector
			for (int i = g * (N / G); i < (g + 1) * (N / G); i++) {
#pragma acc atomic update
				local[key[i]] += 1;
			}
#pragma acc loop vector
			for (int b = 0; b < B; b++) {
#pragma acc atomic update
				hist2[b] += local[b];
#pragma acc atomic update
				big += (long)local[b] << 32;
			}
			/* gang-redundant code: one update per gang iteration, not one per lane */
#pragma acc atomic update
			rows++;
		}
	}
	int want[B] = {0};
	double wantd[B] = {0};
	int want3 = 0;
	for (int i = 0; i < N; i++) {
		want[key[i]]++;
		wantd[key[i]] += i % 8;
		want3 += key[i] == 3;
	}
	long sum = 0;
	for (int b = 0; b < B; b++) {
		if (hist[b] != want[b] || hist2[b] != want[b] || weight[b] != 0.5f * want[b] || dtotal[b] != wantd[b]) {
			printf("FAIL bin %d: %d %d %g %g, want %d %g\n", b, hist[b], hist2[b], weight[b], dtotal[b], want[b], wantd[b]);
			return 1;
		}
		sum += hist[b];
	}
	if (count != want3 || big != (long)N << 32 || rows != G) {
		printf("FAIL count = %d (want %d), big = %ld, rows = %d\n", count, want3, big, rows);
		return 1;
	}
	printf("hist[0..3] = %d %d %d %d, total %ld\n", hist[0], hist[1], hist[2], hist[3], sum);
	printf("weight[5] = %g, dtotal[5] = %g, count = %d\n", weight[5], dtotal[5], count);
	printf("big = %ld, rows = %d\n", big, rows);
	printf("OK\n");
	return 0;
}
