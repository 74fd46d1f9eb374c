/* sub-array and 2-D array reductions: a section with an offset of a static
 * array and of a pointer (indexed as the whole array), one array element,
 * a whole 2-D array and a row range of one, and the other operators
 * (* min & | ^ && ||) element-wise; elements outside the section keep
 * their values. */
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define LO 5
#define LEN 12

int main(void)
{
	int a[32], wa[32];
	int *p = malloc(40 * sizeof(int));
	int wp[40];
	for (int b = 0; b < 32; b++)
		a[b] = wa[b] = 1000 + b;
	for (int b = 0; b < 40; b++)
		p[b] = wp[b] = -b;
	int bad = 0;

	/* sections a[LO:LEN] and p[20:8] with offsets, an element a[0] */
#pragma acc parallel loop reduction(+:a[LO:LEN]) reduction(max:p[20:8])
	for (int i = 0; i < N; i++) {
		a[LO + i % LEN] += i % 3;
		if (i % 50 > p[20 + i % 8])
			p[20 + i % 8] = i % 50;
	}
	int e = 7;
	int cnt[1] = {3};
#pragma acc parallel loop reduction(+:cnt[0])
	for (int i = 0; i < N; i++)
		cnt[0] += (i % e) == 0;
	for (int i = 0; i < N; i++) {
		wa[LO + i % LEN] += i % 3;
		if (i % 50 > wp[20 + i % 8])
			wp[20 + i % 8] = i % 50;
	}
	int wc = 3;
	for (int i = 0; i < N; i++)
		wc += (i % e) == 0;
	for (int b = 0; b < 32; b++)
		bad += a[b] != wa[b];
	for (int b = 0; b < 40; b++)
		bad += p[b] != wp[b];
	bad += cnt[0] != wc;
	printf("a[4..6] = %d %d %d, a[16..17] = %d %d, p[19..21] = %d %d %d, cnt = %d\n",
	       a[4], a[5], a[6], a[16], a[17], p[19], p[20], p[21], cnt[0]);

	/* 2-D: the whole array, and rows 1..2 of one */
	double m[3][5] = {{0}}, wm[3][5] = {{0}};
	long r[4][6], wr[4][6];
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 6; j++)
			r[i][j] = wr[i][j] = 10 * i + j;
#pragma acc parallel loop reduction(+:m) reduction(+:r[1:2][0:6])
	for (int i = 0; i < N; i++) {
		m[i % 3][i % 5] += 0.25;
		r[1 + i % 2][i % 6] += (long)i << 20;
	}
	for (int i = 0; i < N; i++) {
		wm[i % 3][i % 5] += 0.25;
		wr[1 + i % 2][i % 6] += (long)i << 20;
	}
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 5; j++)
			bad += m[i][j] != wm[i][j];
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 6; j++)
			bad += r[i][j] != wr[i][j];
	printf("m[0][0] = %.2f, m[2][4] = %.2f, r[0][1] = %ld, r[1][1] = %ld, r[2][5] = %ld, r[3][0] = %ld\n",
	       m[0][0], m[2][4], r[0][1], r[1][1], r[2][5], r[3][0]);

	/* the other operators */
	double prod[4] = {1, 1, 1, 1}, wprod[4] = {1, 1, 1, 1};
	int mn[4] = {50, 50, 50, 50}, wmn[4] = {50, 50, 50, 50};
	unsigned band[2] = {~0u, ~0u}, bor[2] = {0, 0}, bxor[2] = {0, 0};
	unsigned wband[2] = {~0u, ~0u}, wbor[2] = {0, 0}, wbxor[2] = {0, 0};
	int land[3] = {1, 1, 1}, lor[3] = {0, 0, 0}, wland[3] = {1, 1, 1}, wlor[3] = {0, 0, 0};
#pragma acc parallel loop reduction(*:prod) reduction(min:mn) reduction(&:band) reduction(|:bor) reduction(^:bxor) \
	reduction(&&:land) reduction(||:lor)
	for (int i = 0; i < 64; i++) {
		prod[i % 4] *= (i % 8 == 0) ? 2.0 : 1.0;
		int v = (i * 29) % 61;
		if (v < mn[i % 4])
			mn[i % 4] = v;
		band[i % 2] &= ~(1u << (i % 32));
		bor[i % 2] |= 1u << (i % 32);
		bxor[i % 2] ^= (unsigned)i * 2654435761u;
		land[i % 3] = land[i % 3] && (i % 3 != 2 || i < 60);
		lor[i % 3] = lor[i % 3] || i == 40;
	}
	for (int i = 0; i < 64; i++) {
		wprod[i % 4] *= (i % 8 == 0) ? 2.0 : 1.0;
		int v = (i * 29) % 61;
		if (v < wmn[i % 4])
			wmn[i % 4] = v;
		wband[i % 2] &= ~(1u << (i % 32));
		wbor[i % 2] |= 1u << (i % 32);
		wbxor[i % 2] ^= (unsigned)i * 2654435761u;
		wland[i % 3] = wland[i % 3] && (i % 3 != 2 || i < 60);
		wlor[i % 3] = wlor[i % 3] || i == 40;
	}
	for (int b = 0; b < 4; b++)
		bad += prod[b] != wprod[b] || mn[b] != wmn[b];
	for (int b = 0; b < 2; b++)
		bad += band[b] != wband[b] || bor[b] != wbor[b] || bxor[b] != wbxor[b];
	for (int b = 0; b < 3; b++)
		bad += land[b] != wland[b] || lor[b] != wlor[b];
	printf("prod = %g %g %g %g, mn = %d %d %d %d\n", prod[0], prod[1], prod[2], prod[3], mn[0], mn[1], mn[2], mn[3]);
	printf("band = %x %x, bor = %x %x, bxor = %x %x, land = %d %d %d, lor = %d %d %d\n",
	       band[0], band[1], bor[0], bor[1], bxor[0], bxor[1], land[0], land[1], land[2], lor[0], lor[1], lor[2]);
	free(p);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
