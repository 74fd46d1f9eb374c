/* update self and update device inside a data region */
#include <stdio.h>

#define N 1000

static double v[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		v[i] = i;
#pragma acc data copy(v)
	{
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			v[i] = v[i] * 2.0;
#pragma acc update self(v[0:N])
		printf("after kernel 1 (host copy updated): v[10] = %g\n", v[10]);
		for (int i = 0; i < N; i++)
			v[i] += 1.0;
#pragma acc update device(v[0:N])
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			v[i] = v[i] * 10.0;
	}
	printf("v[10] = %g v[N-1] = %g\n", v[10], v[N - 1]);
	return 0;
}
