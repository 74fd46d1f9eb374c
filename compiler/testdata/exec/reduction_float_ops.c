/* reduction on float with + * max min && ||: sums of small integers and
 * products of 1/2/-1/0.5, so the results are exact in any order. */
#include <stdio.h>

#define N 4096

static float v[N], p[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		v[i] = (float)((i * 29) % 61 - 30);
		p[i] = i % 500 == 1 ? 2.0f : (i % 700 == 3 ? 0.5f : (i % 11 == 0 ? -1.0f : 1.0f));
	}
	float sum = 0.5f, prod = 1.0f, mx = -1e30f, mn = 1e30f, land = 1.0f, lor = 0.0f;
#pragma acc parallel loop copyin(v, p) reduction(+:sum) reduction(*:prod) \
	reduction(max:mx) reduction(min:mn) reduction(&&:land) reduction(||:lor)
	for (int i = 0; i < N; i++) {
		sum += v[i];
		prod *= p[i];
		mx = v[i] > mx ? v[i] : mx;
		mn = v[i] < mn ? v[i] : mn;
		land = land && p[i];
		lor = lor || (v[i] == 30.0f);
	}
	float esum = 0.5f, eprod = 1.0f, emx = -1e30f, emn = 1e30f;
	for (int i = 0; i < N; i++) {
		esum += v[i];
		eprod *= p[i];
		emx = v[i] > emx ? v[i] : emx;
		emn = v[i] < emn ? v[i] : emn;
	}
	printf("sum = %.2f\n", sum);
	printf("prod = %.4f\n", prod);
	printf("max = %.1f min = %.1f\n", mx, mn);
	printf("&& = %.0f || = %.0f\n", land, lor);
	if (sum != esum || prod != eprod || mx != emx || mn != emn || land != 1.0f || lor != 1.0f) {
		printf("FAIL want sum %.2f prod %.4f max %.1f min %.1f\n", esum, eprod, emx, emn);
		return 1;
	}
	printf("OK\n");
	return 0;
}
