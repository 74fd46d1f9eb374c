/* C identifiers that are keywords, type names or built-in functions in
 * OpenCL C: variables named false, true, vec_step, global, local, kernel,
 * half, uint and generic (as data clause items, scalars passed by value, a
 * reduction variable, loop bounds) and routines named dot, step and
 * length. The kernels spell them with a trailing underscore. */
#include <stdio.h>

#pragma acc routine seq
static double dot(const double *a, const double *b, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

#pragma acc routine seq
static int step(int x) { return x + 1; }

#pragma acc routine seq
static double length(double x, double y) { return x * x + y * y; }

int main(void)
{
	double global[64], local[64], kernel[8];
	int false = 0, true = 1, vec_step = 2, half = 3, uint = 8, generic = 5;
	for (int i = 0; i < 64; i++) {
		global[i] = i;
		local[i] = 1 + (i % 3);
	}
#pragma acc parallel loop copyin(global, local) copyout(kernel) reduction(+:false)
	for (int k = 0; k < uint; k++) {
		kernel[k] = dot(global + 8 * k, local + 8 * k, 8) + step(k) + true + vec_step * half + length(k, generic);
		false += k * true;
	}
	double want[8];
	int wf = 0;
	for (int k = 0; k < 8; k++) {
		double s = 0;
		for (int i = 0; i < 8; i++)
			s += global[8 * k + i] * local[8 * k + i];
		want[k] = s + k + 1 + 1 + 2 * 3 + (double)k * k + 25.0;
		wf += k;
	}
	int bad = false != wf;
	for (int k = 0; k < 8; k++)
		if (kernel[k] != want[k]) {
			printf("kernel[%d] = %g, want %g\n", k, kernel[k], want[k]);
			bad++;
		}
	if (bad) {
		printf("%d wrong (false = %d, want %d)\n", bad, false, wf);
		return 1;
	}
	printf("OK\n");
	return 0;
}
