/* reduction with every operator on long, with values beyond 32 bits. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 5000;
	long *v = malloc(n * sizeof *v), *f = malloc(n * sizeof *f);
	for (int i = 0; i < n; i++) {
		v[i] = ((long)i * 1000003L) % 9999991L - 5000000L + ((long)(i % 3) << 36);
		f[i] = i % 400 == 0 ? 4 : (i % 9 == 0 ? -1 : 1);
	}
	long sum = 0, prod = 1, mx = v[0], mn = v[0];
	long band = -1, bor = 1L << 50, bxor = 0, land = 1, lor = 0;
#pragma acc parallel loop copyin(v[0:n], f[0:n]) \
	reduction(+:sum) reduction(*:prod) reduction(max:mx) reduction(min:mn) \
	reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor)
	for (int i = 0; i < n; i++) {
		sum += v[i];
		prod *= f[i];
		if (v[i] > mx)
			mx = v[i];
		if (v[i] < mn)
			mn = v[i];
		band &= v[i] | 0x7000000000L;
		bor |= (long)(i % 40) << (i % 24);
		bxor ^= v[i];
		land = land && (v[i] != 0);
		lor = lor || (v[i] == v[n / 2]);
	}
	long esum = 0, eprod = 1, emx = v[0], emn = v[0], eand = -1, eor = 1L << 50, exor = 0, eland = 1;
	for (int i = 0; i < n; i++) {
		esum += v[i];
		eprod *= f[i];
		if (v[i] > emx)
			emx = v[i];
		if (v[i] < emn)
			emn = v[i];
		eand &= v[i] | 0x7000000000L;
		eor |= (long)(i % 40) << (i % 24);
		exor ^= v[i];
		eland = eland && (v[i] != 0);
	}
	printf("sum = %ld\nprod = %ld\n", sum, prod);
	printf("max = %ld min = %ld\n", mx, mn);
	printf("and = %#lx or = %#lx xor = %#lx\n", band, bor, bxor);
	printf("&& = %ld || = %ld\n", land, lor);
	if (sum != esum || prod != eprod || mx != emx || mn != emn || band != eand || bor != eor ||
	    bxor != exor || land != eland || lor != 1) {
		printf("FAIL\n");
		return 1;
	}
	free(v);
	free(f);
	printf("OK\n");
	return 0;
}
