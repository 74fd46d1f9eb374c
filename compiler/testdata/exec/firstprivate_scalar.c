/* firstprivate scalars: each gang starts from the host's values; the host
 * copies are never written, so they are unchanged afterwards. Also scalars
 * that are implicitly firstprivate in parallel constructs. */
#include <stdio.h>

#define N 3000

static float y[N];

int main(void)
{
	float scale = 1.5f, bias = -2.0f;
	int shift = 3;
	long big = 1L << 40;
	static long z[N];
#pragma acc parallel loop firstprivate(scale, bias, shift) copyout(y)
	for (int i = 0; i < N; i++)
		y[i] = scale * (float)(i >> shift) + bias;
#pragma acc parallel firstprivate(big) copyout(z)
	{
#pragma acc loop gang vector
		for (int i = 0; i < N; i++)
			z[i] = big + i;
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		if (y[i] != 1.5f * (float)(i >> 3) - 2.0f || z[i] != (1L << 40) + i) {
			printf("FAIL at %d: y %g z %ld\n", i, y[i], z[i]);
			return 1;
		}
		s += y[i];
	}
	if (scale != 1.5f || bias != -2.0f || shift != 3 || big != 1L << 40) {
		printf("FAIL host values changed\n");
		return 1;
	}
	printf("y[0] = %.2f, y[N-1] = %.2f\n", y[0], y[N - 1]);
	printf("sum y = %.2f\n", s);
	printf("z[N-1] = %ld\n", z[N - 1]);
	printf("OK\n");
	return 0;
}
