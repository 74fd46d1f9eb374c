/* Reductions on char, unsigned char, short and unsigned short: every
 * operator on scalars (+ and * wrap in the narrow type, as the C
 * assignment back to it does; max and min start from the type's extremes),
 * a short array reduction, and char reductions on a vector loop inside a
 * gang loop. */
// exec-no-gcc-openacc: gcc 12 has an internal compiler error on it (the short array reduction)
#include <stdio.h>

#define N 5000

static signed char v[N];
static short w[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		v[i] = (signed char)((i * 37) % 251 - 125);
		w[i] = (short)((i * 91) % 30011 - 15000);
	}
	char sum = 5, land = 1, lor = 0;
	signed char mx = -128, mn = 127, band = -1, bor = 0, bxor = 0;
	unsigned char usum = 200, uprod = 3, umx = 0;
	short ssum = 0, smn = 32767;
	unsigned short usmx = 0, usprod = 1;
	short hist[4] = {0, 0, 0, 0};
#pragma acc parallel loop copyin(v, w) reduction(+:sum, usum, ssum) reduction(max:mx, umx, usmx) reduction(min:mn, smn) reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor) reduction(*:uprod, usprod) reduction(+:hist)
	for (int i = 0; i < N; i++) {
		sum += v[i];
		usum += (unsigned char)v[i];
		ssum += w[i];
		mx = v[i] > mx ? v[i] : mx;
		umx = (unsigned char)v[i] > umx ? (unsigned char)v[i] : umx;
		usmx = (unsigned short)w[i] > usmx ? (unsigned short)w[i] : usmx;
		mn = v[i] < mn ? v[i] : mn;
		smn = w[i] < smn ? w[i] : smn;
		band &= v[i] | 0x40;
		bor |= v[i] & 0x15;
		bxor ^= v[i];
		land = land && v[i] != 0;
		lor = lor || v[i] == 17;
		if (i % 500 == 0) {
			uprod *= (unsigned char)(1 + 2 * (i / 500) % 7);
			usprod *= (unsigned short)(3 + 2 * (i / 500));
		}
		hist[i % 4] += w[i];
	}
	static char rowsum[50];
#pragma acc parallel loop gang copyin(v) copyout(rowsum)
	for (int r = 0; r < 50; r++) {
		char s = 0;
#pragma acc loop vector reduction(+:s)
		for (int j = 0; j < 100; j++)
			s += v[r * 100 + j];
		rowsum[r] = s;
	}
	long rs = 0;
	for (int r = 0; r < 50; r++)
		rs += rowsum[r];
	printf("char: sum %d max %d min %d and %d or %d xor %d land %d lor %d\n", sum, mx, mn, band, bor, bxor, land, lor);
	printf("unsigned char: sum %u max %u prod %u\n", usum, umx, uprod);
	printf("short: sum %d min %d hist %d %d %d %d\n", ssum, smn, hist[0], hist[1], hist[2], hist[3]);
	printf("unsigned short: max %u prod %u\n", usmx, usprod);
	printf("row sums %ld\n", rs);
	printf("OK\n");
	return 0;
}
