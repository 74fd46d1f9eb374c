/* reductions into variables present on the device: inside a data region the
 * partials are combined on the device into the present copy (scalar and
 * array), the next construct reads the result there, and the host copy
 * changes only at the region's exit or an update; nothing but the clauses'
 * data crosses the bus (exec-bytes: x in, y out, sum/hist/big in and out
 * once, one update self of sum). Also a reduction on an async construct
 * whose array is present. */
// exec-bytes: h2d=8140 d2h=8144
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>

#define N 2000
#define NB 32

static float x[N], y[N];

int main(void)
{
	float sum = 1.0f;
	int hist[NB];
	double big = -1.0;
	for (int i = 0; i < N; i++)
		x[i] = (float)(i % 37);
	for (int b = 0; b < NB; b++)
		hist[b] = 0;
	float seen = 0.0f;
#pragma acc data copyin(x) copyout(y) copy(sum, hist, big)
	{
#pragma acc parallel loop reduction(+:sum) reduction(+:hist[0:NB]) reduction(max:big)
		for (int i = 0; i < N; i++) {
			sum += x[i];
			hist[(int)x[i] % NB] += 1;
			if (x[i] * 2.0 > big)
				big = x[i] * 2.0;
		}
		/* the results, on the device, used by the next constructs */
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			y[i] = x[i] * 0.5f + sum + (float)hist[i % NB] + (float)big;
#pragma acc update self(sum)
		seen = sum;
		/* a second reduction into the present copies (async): the device
		 * values take part */
#pragma acc parallel loop reduction(+:sum) reduction(+:hist[0:NB]) async(1)
		for (int i = 0; i < N; i++) {
			sum += 1.0f;
			hist[i % NB] += 2;
		}
#pragma acc wait(1)
	}
	float wsum = 1.0f;
	int whist[NB] = {0};
	double wbig = -1.0;
	for (int i = 0; i < N; i++) {
		wsum += x[i];
		whist[(int)x[i] % NB] += 1;
		if (x[i] * 2.0 > wbig)
			wbig = x[i] * 2.0;
	}
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += y[i] != x[i] * 0.5f + wsum + (float)whist[i % NB] + (float)wbig;
	bad += seen != wsum;
	for (int i = 0; i < N; i++) {
		wsum += 1.0f;
		whist[i % NB] += 2;
	}
	for (int b = 0; b < NB; b++)
		bad += hist[b] != whist[b];
	bad += sum != wsum || big != wbig;
	printf("seen = %.1f, sum = %.1f, big = %.1f, hist[0] = %d, hist[31] = %d, y[5] = %.2f\n", seen, sum, big, hist[0], hist[31], y[5]);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
