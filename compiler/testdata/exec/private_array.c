/* private fixed-size arrays: each iteration fills a small scratch array
 * (a local histogram / a 3-point window) without interfering with others. */
#include <stdio.h>

#define N 2000
#define B 4

static int v[N];
static int counts[N / 100][B];
static int med[N];

int main(void)
{
	int h[B];
	int w[3];
	for (int i = 0; i < N; i++)
		v[i] = (i * 13 + 5) % 23;
#pragma acc parallel loop private(h) copyin(v) copyout(counts)
	for (int blk = 0; blk < N / 100; blk++) {
		for (int b = 0; b < B; b++)
			h[b] = 0;
		for (int i = blk * 100; i < blk * 100 + 100; i++)
			h[v[i] % B]++;
		for (int b = 0; b < B; b++)
			counts[blk][b] = h[b];
	}
#pragma acc parallel loop private(w) copyin(v) copyout(med)
	for (int i = 0; i < N; i++) {
		w[0] = v[i > 0 ? i - 1 : i];
		w[1] = v[i];
		w[2] = v[i < N - 1 ? i + 1 : i];
		/* median of three */
		int lo = w[0] < w[1] ? w[0] : w[1];
		int hi = w[0] < w[1] ? w[1] : w[0];
		med[i] = w[2] < lo ? lo : (w[2] > hi ? hi : w[2]);
	}
	int total = 0;
	for (int blk = 0; blk < N / 100; blk++) {
		int hh[B] = {0};
		for (int i = blk * 100; i < blk * 100 + 100; i++)
			hh[v[i] % B]++;
		for (int b = 0; b < B; b++) {
			if (counts[blk][b] != hh[b]) {
				printf("FAIL counts[%d][%d] = %d\n", blk, b, counts[blk][b]);
				return 1;
			}
			total += counts[blk][b];
		}
	}
	long ms = 0;
	for (int i = 0; i < N; i++)
		ms += med[i];
	printf("counts[0] = %d %d %d %d\n", counts[0][0], counts[0][1], counts[0][2], counts[0][3]);
	printf("total = %d\n", total);
	printf("median sum = %ld, med[100] = %d\n", ms, med[100]);
	printf("OK\n");
	return 0;
}
