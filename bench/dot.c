/* dot product: a float reduction over n elements, with the copies in the
 * timed region. The same file is the plain C version (pragmas ignored). */
#include "common.h"

static double dot(int n, const float *restrict x, const float *restrict y)
{
	double s = 0.0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:s)
	for (int i = 0; i < n; i++)
		s += x[i] * y[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
	float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 16);
		y[i] = (float)(i % 3) * 0.5f;
	}
	double s = dot(n, x, y), best = 1e30;
	for (int r = 0; r < reps(); r++) {
		double t0 = now_ms();
		s = dot(n, x, y);
		double t = now_ms() - t0;
		best = t < best ? t : best;
	}
	report(best, s);
	return 0;
}
