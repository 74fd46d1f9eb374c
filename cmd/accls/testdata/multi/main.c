/* A program of two files: main.c keeps the data on the device across the
 * calls into vec.c. */
#include <stdio.h>
#include "vec.h"

#define N 1000

static void helper(int n, float *x)
{
#pragma acc parallel loop present(x[0:n])
	for (int i = 0; i < n; i++)
		x[i] = 2 * x[i];
}

int main(void)
{
	static float x[N], y[N];
	for (int i = 0; i < N; i++) {
		x[i] = i % 10;
		y[i] = 1;
	}
	set_bias(0.5f);
	float s;
#pragma acc data copyin(x) copy(y)
	{
		helper(N, x);
		axpy(N, 2, x, y);
		s = sum(N, y);
	}
	printf("%g %g %g %g\n", s, y[0], y[7], y[N - 1]);
	return 0;
}
