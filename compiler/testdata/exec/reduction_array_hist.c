/* array reductions (OpenACC 3.3: element-wise): histograms via
 * reduction(+:hist[0:NB]) on int and reduction(max:) on a float array, next
 * to a scalar reduction, on parallel loop (gang vector chosen), explicit
 * gang worker vector, a gang loop with an inner vector loop, kernels loop
 * and serial; the arrays' original values take part; a histogram read by
 * the next construct outside any data region (transfers pass); a kernels
 * construct reducing a scalar and an array in two loop nests. */
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>

#define N 20000
#define NB 64
#define ROWS 40
#define COLS 500

static float x[N];
static float g[ROWS][COLS];

int main(void)
{
	int hist[NB], want[NB];
	float top[NB], wtop[NB];
	long total = 0, wtotal = 0;
	for (int i = 0; i < N; i++)
		x[i] = (float)((i * 7919) % 1000) * 0.25f;
	for (int b = 0; b < NB; b++) {
		hist[b] = want[b] = b % 3; /* original values take part */
		top[b] = wtop[b] = -1.0f;
	}
	int bad = 0;

	/* 1. parallel loop: the compiler chooses gang vector */
#pragma acc parallel loop copyin(x) reduction(+:hist[0:NB]) reduction(max:top) reduction(+:total)
	for (int i = 0; i < N; i++) {
		int b = (int)x[i] % NB;
		hist[b] += 1;
		if (x[i] > top[b])
			top[b] = x[i];
		total += b;
	}
	for (int i = 0; i < N; i++) {
		int b = (int)x[i] % NB;
		want[b] += 1;
		if (x[i] > wtop[b])
			wtop[b] = x[i];
		wtotal += b;
	}
	for (int b = 0; b < NB; b++)
		bad += hist[b] != want[b] || top[b] != wtop[b];
	printf("1: hist[0..3] = %d %d %d %d, top[5] = %.2f, total = %ld\n", hist[0], hist[1], hist[2], hist[3], top[5], total);
	bad += total != wtotal;

	/* 2. gang worker vector, explicit shape */
	int h2[NB] = {0};
#pragma acc parallel loop gang worker vector num_gangs(7) num_workers(2) vector_length(32) copyin(x) reduction(+:h2)
	for (int i = 0; i < N; i++)
		h2[(i * 13) % NB] += 2;
	for (int b = 0; b < NB; b++) {
		int w = 0;
		for (int i = 0; i < N; i++)
			w += (i * 13) % NB == b ? 2 : 0;
		bad += h2[b] != w;
	}
	printf("2: h2[0] = %d, h2[63] = %d\n", h2[0], h2[63]);

	/* 3. gang loop with an inner vector loop: one reduction across both,
	 * updated at both levels */
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++)
			g[r][c] = (float)((r * 31 + c * 17) % 97);
	int h3[8] = {0}, w3[8] = {0};
#pragma acc parallel num_gangs(5) vector_length(64) copyin(g) reduction(+:h3)
	{
#pragma acc loop gang reduction(+:h3)
		for (int r = 0; r < ROWS; r++) {
			h3[r % 8] += 100; /* at gang level: once per row */
#pragma acc loop vector reduction(+:h3)
			for (int c = 0; c < COLS; c++)
				h3[(int)g[r][c] % 8] += 1;
		}
	}
	for (int r = 0; r < ROWS; r++) {
		w3[r % 8] += 100;
		for (int c = 0; c < COLS; c++)
			w3[(int)g[r][c] % 8] += 1;
	}
	for (int b = 0; b < 8; b++)
		bad += h3[b] != w3[b];
	printf("3: h3 = %d %d %d %d %d %d %d %d\n", h3[0], h3[1], h3[2], h3[3], h3[4], h3[5], h3[6], h3[7]);

	/* 4. kernels loop and serial */
	double s4[4] = {1.0, 1.0, 1.0, 1.0};
#pragma acc kernels loop copyin(x) reduction(+:s4)
	for (int i = 0; i < N; i++)
		s4[i % 4] += x[i];
	int m5[3] = {100, 100, 100};
#pragma acc serial copyin(x) reduction(min:m5)
	for (int i = 0; i < N; i++) {
		int v = (int)x[i] + 1;
		if (v < m5[i % 3])
			m5[i % 3] = v;
	}
	double w4[4] = {1.0, 1.0, 1.0, 1.0};
	int wm5[3] = {100, 100, 100};
	for (int i = 0; i < N; i++) {
		w4[i % 4] += x[i];
		if ((int)x[i] + 1 < wm5[i % 3])
			wm5[i % 3] = (int)x[i] + 1;
	}
	for (int b = 0; b < 4; b++)
		bad += s4[b] != w4[b];
	for (int b = 0; b < 3; b++)
		bad += m5[b] != wm5[b];
	printf("4: s4 = %.2f %.2f %.2f %.2f, m5 = %d %d %d\n", s4[0], s4[1], s4[2], s4[3], m5[0], m5[1], m5[2]);

	/* 5. a histogram read by the next construct, with no data region: the
	 * transfers pass keeps it on the device between the two (and brings it
	 * back after them) */
	static float y[N];
	int h5[8] = {0}, w5[8] = {0};
#pragma acc parallel loop copyin(x) reduction(+:h5)
	for (int i = 0; i < N; i++)
		h5[(int)x[i] % 8] += 1;
#pragma acc parallel loop copyin(x) copyout(y)
	for (int i = 0; i < N; i++)
		y[i] = x[i] + (float)h5[i % 8];
	for (int i = 0; i < N; i++)
		w5[(int)x[i] % 8] += 1;
	for (int b = 0; b < 8; b++)
		bad += h5[b] != w5[b];
	for (int i = 0; i < N; i++)
		bad += y[i] != x[i] + (float)w5[i % 8];
	printf("5: h5 = %d %d %d %d %d %d %d %d, y[3] = %.2f\n", h5[0], h5[1], h5[2], h5[3], h5[4], h5[5], h5[6], h5[7], y[3]);

	/* 6. a kernels construct reducing the same scalar (in copy) and array
	 * in two loop nests: one kernel and one final combine each */
	float t6 = 0;
	int h6[4] = {0};
#pragma acc kernels copyin(x) copy(t6)
	{
#pragma acc loop reduction(+:t6) reduction(+:h6)
		for (int i = 0; i < N; i++) {
			t6 += (float)((int)x[i] % 8);
			h6[i % 4] += 1;
		}
#pragma acc loop reduction(+:t6) reduction(+:h6)
		for (int i = 0; i < N; i++) {
			t6 += (float)(2 * ((int)x[i] % 8));
			h6[i % 4] += 2;
		}
	}
	float w6 = 0;
	for (int i = 0; i < N; i++)
		w6 += (float)(3 * ((int)x[i] % 8));
	bad += t6 != w6 || h6[0] != 3 * N / 4 || h6[3] != 3 * N / 4;
	printf("6: t6 = %.2f, h6 = %d %d %d %d\n", t6, h6[0], h6[1], h6[2], h6[3]);

	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
