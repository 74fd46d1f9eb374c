/* Scalar temporaries of kernels loops: variables declared outside the
 * construct that each iteration assigns before it reads them (Rodinia's
 * Needleman-Wunsch: index, a, b, c and k in a `kernels loop independent`
 * over an anti-diagonal). Without a clause they are copy in a kernels
 * construct, one device copy the iterations would race on; each iteration
 * gets its own (with one shared copy, the H100 gave a different alignment
 * in each run); the cells are checked against the host's. Also an auto
 * loop whose temporary no longer keeps it sequential, and a variable read
 * before it is assigned, which does. Rodinia's CFD: temporaries assigned
 * in some branches of an if chain and read in the same branch, and in each
 * iteration of an inner loop over neighbours, while the host uses the same
 * variables before the construct for its own values. */
#include <stdio.h>

#define W 514

static int score[W * W], ref[W * W], host[W * W];

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
	/* the same on the host, cell by cell */
	for (int r = 0; r < W; r++)
		for (int q = 0; q < W; q++)
			host[r * W + q] = r == 0 ? -q * penalty : q == 0 ? -r * penalty : 0;
	for (int r = 1; r < W - 1; r++)
		for (int q = 1; r + q <= W - 1; q++) {
			int x = host[(r - 1) * W + q - 1] + ref[r * W + q], y = host[r * W + q - 1] - penalty, z = host[(r - 1) * W + q] - penalty;
			int m = x <= y ? y : x;
			host[r * W + q] = m <= z ? z : m;
		}
	for (int n = 0; n < W * W; n++)
		if (score[n] != host[n]) {
			printf("FAIL score[%d][%d] = %d, want %d\n", n / W, n % W, score[n], host[n]);
			return 1;
		}

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

	/* the CFD's flux loop: for each cell, its neighbours' values */
	enum { CELLS = 600, NB = 4 };
	static float var[CELLS], flux[CELLS];
	static int nbr[CELLS * NB];
	int nb;
	float dens_nb, vel_nb, dp, flux_i;
	dens_nb = 2.0f, vel_nb = dens_nb * 3; /* the host's far-field values */
	float far = dens_nb + vel_nb;
	for (int n = 0; n < CELLS; n++) {
		var[n] = (float)(n % 9 + 1);
		for (int j = 0; j < NB; j++)
			nbr[n * NB + j] = j == 3 && n % 5 == 0 ? -1 : (n * 7 + j * 13) % CELLS;
	}
#pragma acc kernels loop gang worker independent copyin(var, nbr) copyout(flux)
	for (int n = 0; n < CELLS; n++) {
		flux_i = 0;
		for (int j = 0; j < NB; j++) {
			nb = nbr[n * NB + j];
			if (nb >= 0) {
				dens_nb = var[nb];
				vel_nb = dens_nb * 0.5f;
				dp = dens_nb - var[n];
				flux_i += dp * vel_nb;
			} else if (nb == -1) {
				flux_i += far;
			}
		}
		flux[n] = flux_i;
	}
	float fs = 0;
	for (int n = 0; n < CELLS; n++) {
		float f = 0;
		for (int j = 0; j < NB; j++) {
			int m = nbr[n * NB + j];
			f += m >= 0 ? (var[m] - var[n]) * (var[m] * 0.5f) : far;
		}
		fs += flux[n];
		if (flux[n] != f) {
			printf("FAIL flux[%d] = %g, want %g\n", n, flux[n], f);
			return 1;
		}
	}
	printf("flux %.1f\n", fs);
	printf("OK\n");
	return 0;
}
