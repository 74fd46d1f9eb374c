/* saxpy on static arrays: y = a*x + y with copyin(x) and copy(y) */
#include <stdio.h>

#define N 5000

static float x[N], y[N];

int main(void)
{
	float a = 2.5f;
	for (int i = 0; i < N; i++) {
		x[i] = (float)i * 0.5f;
		y[i] = (float)(N - i);
	}
#pragma acc parallel loop copyin(x) copy(y)
	for (int i = 0; i < N; i++)
		y[i] = a * x[i] + y[i];
	printf("y[0] = %g, y[1] = %g, y[N-1] = %g\n", y[0], y[1], y[N - 1]);
	return 0;
}
