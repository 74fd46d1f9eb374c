/* vector add: parallel loop with copyin/copyout of pointer sub-arrays */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 100003;
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 1000);
		b[i] = 2.0f * (float)(i % 7);
	}
#pragma acc parallel loop copyin(a[0:n], b[0:n]) copyout(c[0:n])
	for (int i = 0; i < n; i++)
		c[i] = a[i] + b[i];
	double s = 0;
	for (int i = 0; i < n; i++)
		s += c[i];
	printf("c[0] = %g, c[n-1] = %g, sum = %.1f\n", c[0], c[n - 1], s);
	free(a);
	free(b);
	free(c);
	return 0;
}
