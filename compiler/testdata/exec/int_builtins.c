/* GCC's integer built-ins in device code (written with OpenCL C 1.2
 * built-ins): popcount, parity, clz, ctz and ffs on unsigned int and
 * unsigned long, bswap32/64 and expect. Inputs cover the top and bottom
 * bits, negative ints converted to unsigned, and ffs(0) = 0 (clz and ctz
 * of 0 are undefined in C and are not asked). */
#include <stdio.h>
#include <stdint.h>

#define N 256

int main(void)
{
	static uint32_t v[N];
	static uint64_t w[N];
	static int r[N][12];
	static uint32_t b32[N];
	static uint64_t b64[N];

	for (int i = 0; i < N; i++) {
		v[i] = (uint32_t)i * 2654435761u;
		w[i] = ((uint64_t)v[i] << 29) ^ ((uint64_t)i << 61) ^ (uint64_t)(i * 7);
	}
	v[0] = 0;
	v[1] = 0x80000000u;
	v[2] = 1;
	w[0] = 0;
	w[1] = 0x8000000000000000ull;
	w[2] = 1;

#pragma acc parallel loop copyin(v, w) copyout(r, b32, b64)
	for (int i = 0; i < N; i++) {
		uint32_t x = v[i];
		uint64_t y = w[i];
		int neg = -i - 1;
		r[i][0] = __builtin_popcount(x);
		r[i][1] = __builtin_popcountl(y);
		r[i][2] = __builtin_popcountll(y) + __builtin_popcount(neg);
		r[i][3] = __builtin_parity(x) + 2 * __builtin_parityll(y);
		r[i][4] = x ? __builtin_clz(x) : -1;
		r[i][5] = y ? __builtin_clzll(y) : -1;
		r[i][6] = x ? __builtin_ctz(x) : -1;
		r[i][7] = y ? __builtin_ctzl(y) : -1;
		r[i][8] = __builtin_ffs((int)x);
		r[i][9] = __builtin_ffsll((long long)y);
		r[i][10] = __builtin_expect(i > 3, 1) ? __builtin_ffs(neg) : 0;
		r[i][11] = __builtin_clz((unsigned)i + 1u);
		b32[i] = __builtin_bswap32(x);
		b64[i] = __builtin_bswap64(y);
	}

	long sum = 0;
	uint64_t mix = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		for (int k = 0; k < 12; k++)
			sum += (long)r[i][k] * (k + 1);
		mix ^= b64[i] + b32[i] * 31u;
		if (r[i][0] != __builtin_popcount(v[i]) || b32[i] != __builtin_bswap32(v[i]) ||
		    r[i][7] != (w[i] ? __builtin_ctzl(w[i]) : -1))
			bad++;
	}
	printf("popcount(v[1]) %d clz(v[1]) %d clzll(w[2]) %d ctz(v[1]) %d ffs(0) %d\n",
	       r[1][0], r[1][4], r[2][5], r[1][6], r[0][8]);
	printf("bswap32(v[3]) %08x bswap64(w[3]) %016llx\n", b32[3], (unsigned long long)b64[3]);
	printf("sum %ld mix %016llx\n", sum, (unsigned long long)mix);
	if (bad) {
		printf("FAIL %d rows differ\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
