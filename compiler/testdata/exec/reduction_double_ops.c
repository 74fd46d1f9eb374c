/* reduction on double with + * max min && ||, in a kernels loop and a
 * parallel loop; exact values (integers and powers of two). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 10000;
	double *v = malloc(n * sizeof *v), *p = malloc(n * sizeof *p);
	for (int i = 0; i < n; i++) {
		v[i] = (double)((i * 7919) % 100003) * 0.25;
		p[i] = i % 1000 == 7 ? 0.5 : (i % 333 == 0 ? -2.0 : 1.0);
	}
	double sum = 0, prod = 1, mx = -1, mn = 1e300, land = 1, lor = 0;
#pragma acc kernels loop copyin(v[0:n]) reduction(+:sum) reduction(max:mx) reduction(min:mn)
	for (int i = 0; i < n; i++) {
		sum += v[i];
		mx = v[i] > mx ? v[i] : mx;
		mn = v[i] < mn ? v[i] : mn;
	}
#pragma acc parallel loop copyin(v[0:n], p[0:n]) reduction(*:prod) reduction(&&:land) \
	reduction(||:lor)
	for (int i = 0; i < n; i++) {
		prod *= p[i];
		land = land && (v[i] >= 0.0);
		lor = lor || (v[i] < 0.0);
	}
	double esum = 0, eprod = 1, emx = -1, emn = 1e300;
	for (int i = 0; i < n; i++) {
		esum += v[i];
		eprod *= p[i];
		emx = v[i] > emx ? v[i] : emx;
		emn = v[i] < emn ? v[i] : emn;
	}
	printf("sum = %.2f\n", sum);
	printf("prod = %.6g\n", prod);
	printf("max = %.2f min = %.2f\n", mx, mn);
	printf("&& = %.0f || = %.0f\n", land, lor);
	if (sum != esum || prod != eprod || mx != emx || mn != emn || land != 1 || lor != 0) {
		printf("FAIL want sum %.2f prod %g max %.2f min %.2f\n", esum, eprod, emx, emn);
		return 1;
	}
	free(v);
	free(p);
	printf("OK\n");
	return 0;
}
