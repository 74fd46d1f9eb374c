/* A seq loop need not be in canonical form (OpenACC 3.3 §2.9): a double
 * loop variable (the IDRIS course's sum of Gaussians), a pointer walk to a
 * zero, and a variable halved each round, each around a partitioned
 * loop and written without braces (the barriers and the partitioned
 * loop's own code stay in the body). */
// exec-no-gcc-openacc: gcc 12 requires canonical form of seq loops too (OpenACC 3.3 §2.9 does not)
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 2000

int main(void)
{
	double *a = malloc(N * sizeof *a), *w = malloc(N * sizeof *w);
	const double start = -5, end = 5, step = (end - start) / N;
	int weights[5] = {3, 1, 4, 1, 0}, bad = 0;
	for (int i = 0; i < N; i++)
		a[i] = w[i] = 0;
#pragma acc parallel copy(a[0:N]) copyin(weights)
	{
#pragma acc loop seq
		for (double g = start; g <= end; g += 2.5)
#pragma acc loop
			for (int i = 0; i < N; i++) {
				double x = start + i * step;
				a[i] += exp(-0.5 * (x - g) * (x - g));
			}
	}
#pragma acc parallel copy(w[0:N]) copyin(weights)
	{
#pragma acc loop seq
		for (const int *p = weights; *p; p++)
#pragma acc loop
			for (int i = 0; i < N; i++)
				w[i] += *p * (i % 7);
#pragma acc loop seq
		for (int r = 64; r > 1; r /= 2)
#pragma acc loop
			for (int i = 0; i < N; i++)
				w[i] = w[i] * 2 + r;
	}
	for (int i = 0; i < N; i++) {
		double x = start + i * step, s = 0;
		for (double g = start; g <= end; g += 2.5)
			s += exp(-0.5 * (x - g) * (x - g));
		if (fabs(a[i] - s) > 1e-12 * fabs(s) && bad++ < 5)
			printf("a[%d] = %.17g, want %.17g\n", i, a[i], s);
	}
	for (int i = 0; i < N; i++) {
		double v = 9.0 * (i % 7);
		for (int r = 64; r > 1; r /= 2)
			v = v * 2 + r;
		if (w[i] != v && bad++ < 5)
			printf("w[%d] = %g, want %g\n", i, w[i], v);
	}
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
