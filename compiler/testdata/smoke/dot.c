/* dot product: reduction(+) on double and on long */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1 << 20;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	for (int i = 0; i < n; i++) {
		x[i] = (double)(i % 100);
		y[i] = (double)(i % 3);
	}
	double dot = 1.0;
	long count = 0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:dot, count)
	for (int i = 0; i < n; i++) {
		dot += x[i] * y[i];
		count += x[i] > 50.0;
	}
	printf("dot = %.1f count = %ld\n", dot, count);
	free(x);
	free(y);
	return 0;
}
