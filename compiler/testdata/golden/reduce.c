/* reductions on the construct, on a combined loop and across a data region */
#include <stdio.h>

#define N 1000

static double v[N];

int main(void)
{
	double sum = 0.0, big = -1.0;
	int odd = 0;
	for (int i = 0; i < N; i++)
		v[i] = i * 0.5;
#pragma acc parallel loop copyin(v) reduction(+:sum) reduction(max:big)
	for (int i = 0; i < N; i++) {
		sum += v[i];
		big = v[i] > big ? v[i] : big;
	}
#pragma acc data copy(odd) copyin(v)
	{
#pragma acc parallel loop reduction(|:odd)
		for (int i = 0; i < N; i++)
			odd |= (int)v[i] & 1;
	}
	printf("%g %g %d\n", sum, big, odd);
	return 0;
}
