/* Scalar temporaries of kernels loops: variables declared outside the
 * construct that each iteration assigns before it reads them (Rodinia's
 * Needleman-Wunsch: index, a, b, c and k in a `kernels loop independent`
 * over an anti-diagonal). Without a clause they are copy in a kernels
 * construct, one device copy the iterations would race on; each iteration
 * gets its own. Also an auto loop whose temporary no longer keeps it
 * sequential, and a variable read before it is assigned, which does. */
#include <stdio.h>

#define W 514

static int score[W * W], ref[W * W];

int main(void)
{
	int i, idx, index, a, b, c, k, penalty = 10;
	for (int r = 0; r < W; r++)
		for (int q = 0; q < W; q++) {
			ref[r * W + q] = (r * 7 + q * 13) % 21 - 10;
			score[r * W + q] = r == 0 ? -q * penalty : q == 0 ? -r * penalty : 0;
		}
#pragma acc data copy(score) copyin(ref)
	{
		/* the top-left triangle, one anti-diagonal per kernel */
		for (i = 0; i < W - 2; i++) {
#pragma acc kernels loop gang worker independent
			for (idx = 0; idx <= i; idx++) {
				index = (idx + 1) * W + (i + 1 - idx);
				a = score[index - 1 - W] + ref[index];
				b = score[index - 1] - penalty;
				c = score[index - W] - penalty;
				if (a <= b)
					k = b;
				else
					k = a;
				if (k <= c)
					score[index] = c;
				else
					score[index] = k;
			}
		}
	}
	long s = 0;
	for (int r = 0; r < W; r++)
		for (int q = 0; q < W; q++)
			s += (long)score[r * W + q] * ((r + q) % 5 + 1);
	printf("alignment checksum %ld, corner %d\n", s, score[(W - 1) * W - 2]);

	/* an auto loop with a temporary: parallel now; a running value read
	 * before it is assigned keeps its loop sequential */
	double x[500], y[500], t, run = 0;
	for (int n = 0; n < 500; n++)
		x[n] = n % 17;
#pragma acc kernels copyin(x) copyout(y) copy(run)
	{
		for (int n = 0; n < 500; n++) {
			t = x[n] * 2;
			y[n] = t + 1;
		}
		for (int n = 0; n < 500; n++) {
			y[n] += run;
			run = x[n];
		}
	}
	double sy = 0, want = 0;
	for (int n = 0; n < 500; n++) {
		sy += y[n];
		want += x[n] * 2 + 1 + (n > 0 ? x[n - 1] : 0);
	}
	printf("y %.1f, run %.1f\n", sy, run);
	if (sy != want || run != x[499]) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
