/* transfers pass: a host loop around two constructs becomes one implicit data
 * region (u in and out once, f in once); w is written on the host inside the
 * second loop, so its copies stay with its construct. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000, steps = 10;
	float *u = calloc(n, sizeof *u), *f = calloc(n, sizeof *f), *w = calloc(n, sizeof *w);
	for (int t = 0; t < steps; t++) {
#pragma acc parallel loop copy(u[0:n]) copyin(f[0:n])
		for (int i = 0; i < n; i++)
			u[i] = 0.5f * u[i] + f[i];
#pragma acc parallel loop copy(u[0:n])
		for (int i = 1; i < n; i++)
			u[i] = u[i] + 1.0f;
	}
	for (int t = 0; t < steps; t++) {
		w[0] = (float)t;
#pragma acc parallel loop copy(w[0:n])
		for (int i = 0; i < n; i++)
			w[i] = w[i] + 1.0f;
	}
	printf("%g %g\n", u[n - 1], w[0]);
	free(u);
	free(f);
	free(w);
	return 0;
}
