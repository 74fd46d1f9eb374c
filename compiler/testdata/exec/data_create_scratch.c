/* create: a device-only scratch array (heap) used between kernels inside a
 * data region; its host copy is never read or written by the program after
 * initialization, so both semantics agree. */
#include <stdio.h>
#include <stdlib.h>

static void blur(int n, const double *in, double *out, double *scratch)
{
#pragma acc data copyin(in[0:n]) copyout(out[0:n]) create(scratch[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			scratch[i] = 2.0 * in[i];
#pragma acc parallel loop
		for (int i = 0; i < n; i++) {
			double l = i > 0 ? scratch[i - 1] : scratch[i];
			double r = i < n - 1 ? scratch[i + 1] : scratch[i];
			out[i] = 0.25 * (l + 2.0 * scratch[i] + r);
		}
	}
}

int main(void)
{
	int n = 4097;
	double *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
	double *scratch = malloc(n * sizeof *scratch);
	for (int i = 0; i < n; i++)
		in[i] = (double)((i * i) % 19);
	blur(n, in, out, scratch);
	double s = 0;
	for (int i = 0; i < n; i++) {
		double l = i > 0 ? in[i - 1] : in[i];
		double r = i < n - 1 ? in[i + 1] : in[i];
		double want = 0.5 * (l + 2.0 * in[i] + r);
		if (out[i] != want) {
			printf("FAIL out[%d] = %g, want %g\n", i, out[i], want);
			return 1;
		}
		s += out[i];
	}
	printf("out[0] = %.2f out[n-1] = %.2f\n", out[0], out[n - 1]);
	printf("sum = %.2f\n", s);
	free(in);
	free(out);
	free(scratch);
	printf("OK\n");
	return 0;
}
