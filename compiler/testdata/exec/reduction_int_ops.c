/* reduction with every operator (+ * max min & | ^ && ||) on int, on the
 * parallel loop combined construct; initial values take part. */
#include <stdio.h>

#define N 1000

static int v[N], sgn[N], bits[N], ones[N], zeros[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		v[i] = (i * 37) % 201 - 100;
		sgn[i] = i % 97 == 0 ? 2 : (i % 13 == 0 ? -1 : 1);
		bits[i] = 0x1100 | (1 << (i % 20));
		ones[i] = i % 5 + 1;
		zeros[i] = i == 777 ? 3 : 0;
	}
	int sum = 5, prod = 3, mx = -1000, mn = 1000, band = ~0, bor = 0, bxor = 0x5a;
	int land = 1, land0 = 1, lor = 0, lor0 = 0;
#pragma acc parallel loop copyin(v, sgn, bits, ones, zeros) \
	reduction(+:sum) reduction(*:prod) reduction(max:mx) reduction(min:mn) \
	reduction(&:band) reduction(|:bor) reduction(^:bxor) \
	reduction(&&:land, land0) reduction(||:lor, lor0)
	for (int i = 0; i < N; i++) {
		sum += v[i];
		prod *= sgn[i];
		mx = v[i] > mx ? v[i] : mx;
		mn = v[i] < mn ? v[i] : mn;
		band &= bits[i];
		bor |= bits[i];
		bxor ^= v[i] & 0xff;
		land = land && ones[i];
		land0 = land0 && zeros[i];
		lor = lor || zeros[i];
		lor0 = lor0 || (v[i] > 1000);
	}
	int esum = 5, eprod = 3, emx = -1000, emn = 1000, eand = ~0, eor = 0, exor = 0x5a;
	for (int i = 0; i < N; i++) {
		esum += v[i];
		eprod *= sgn[i];
		emx = v[i] > emx ? v[i] : emx;
		emn = v[i] < emn ? v[i] : emn;
		eand &= bits[i];
		eor |= bits[i];
		exor ^= v[i] & 0xff;
	}
	printf("sum = %d prod = %d max = %d min = %d\n", sum, prod, mx, mn);
	printf("and = %#x or = %#x xor = %#x\n", band, bor, bxor);
	printf("&& = %d %d, || = %d %d\n", land, land0, lor, lor0);
	if (sum != esum || prod != eprod || mx != emx || mn != emn || band != eand || bor != eor ||
	    bxor != exor || land != 1 || land0 != 0 || lor != 1 || lor0 != 0) {
		printf("FAIL want sum %d prod %d max %d min %d and %#x or %#x xor %#x\n", esum, eprod, emx,
		       emn, eand, eor, exor);
		return 1;
	}
	printf("OK\n");
	return 0;
}
