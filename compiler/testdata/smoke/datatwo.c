/* a data region with two kernels: the second reads what the first wrote on
 * the device, with no copies in between */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 20000;
	int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	for (int i = 0; i < n; i++)
		a[i] = i;
#pragma acc data copyin(a[0:n]) copyout(b[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			a[i] = a[i] * 3;
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			b[i] = a[n - 1 - i] + 1;
	}
	long s = 0;
	for (int i = 0; i < n; i++)
		s += b[i];
	printf("b[0] = %d b[n-1] = %d sum = %ld\n", b[0], b[n - 1], s);
	free(a);
	free(b);
	return 0;
}
