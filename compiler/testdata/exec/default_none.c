/* default(none) on parallel, kernels and serial: every variable referenced is
 * listed in a clause (arrays in data clauses, scalars firstprivate/copy). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 2500;
	float alpha = 3.0f;
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	int count = 0;
	static int tab[16];
	for (int i = 0; i < n; i++)
		x[i] = (float)(i % 32);
#pragma acc parallel loop default(none) copyin(x[0:n]) copyout(y[0:n]) firstprivate(n, alpha)
	for (int i = 0; i < n; i++)
		y[i] = alpha * x[i] - 1.0f;
#pragma acc kernels default(none) copyout(tab) copyin(n)
	for (int k = 0; k < 16; k++)
		tab[k] = k * n;
#pragma acc serial default(none) copyin(y[0:n], n) copy(count)
	{
		for (int i = 0; i < n; i++)
			if (y[i] > 50.0f)
				count++;
	}
	int ec = 0;
	for (int i = 0; i < n; i++) {
		if (y[i] != 3.0f * (float)(i % 32) - 1.0f) {
			printf("FAIL y[%d] = %g\n", i, y[i]);
			return 1;
		}
		ec += y[i] > 50.0f;
	}
	for (int k = 0; k < 16; k++)
		if (tab[k] != k * n) {
			printf("FAIL tab[%d] = %d\n", k, tab[k]);
			return 1;
		}
	if (count != ec) {
		printf("FAIL count = %d, want %d\n", count, ec);
		return 1;
	}
	printf("y[31] = %.1f, tab[15] = %d, count = %d\n", y[31], tab[15], count);
	free(x);
	free(y);
	printf("OK\n");
	return 0;
}
