/* update self / update host / update device inside a data region: the host
 * reads device results after update self, changes them, and pushes them back
 * with update device before the next kernel uses them. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 2048;
	int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	for (int i = 0; i < n; i++) {
		a[i] = i;
		b[i] = 0;
	}
	long host_sum = 0;
	int bad = 0; /* no return inside the region: it is a structured block */
#pragma acc data copyin(a[0:n]) create(b[0:n])
	{
#pragma acc parallel loop present(a[0:n])
		for (int i = 0; i < n; i++)
			a[i] = a[i] * 2;
#pragma acc update self(a[0:n])
		for (int i = 0; i < n; i++) {
			if (a[i] != 2 * i && !bad++)
				printf("FAIL after update self: a[%d] = %d\n", i, a[i]);
			host_sum += a[i];
			a[i] += 1; /* host change, pushed below */
		}
#pragma acc update device(a[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n])
		for (int i = 0; i < n; i++)
			b[i] = a[i] * 10;
#pragma acc update host(b[0:n])
		for (int i = 0; i < n; i++)
			if (b[i] != 10 * (2 * i + 1) && !bad++)
				printf("FAIL after update host: b[%d] = %d\n", i, b[i]);
	}
	if (bad)
		return 1;
	/* a was copyin: its host copy holds the host's own last values */
	for (int i = 0; i < n; i++)
		if (a[i] != 2 * i + 1) {
			printf("FAIL a[%d] = %d\n", i, a[i]);
			return 1;
		}
	printf("host_sum = %ld\n", host_sum);
	printf("b[1] = %d b[n-1] = %d\n", b[1], b[n - 1]);
	free(a);
	free(b);
	printf("OK\n");
	return 0;
}
