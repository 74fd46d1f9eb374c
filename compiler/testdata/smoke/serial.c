/* serial construct: a prefix sum that must run in order */
#include <stdio.h>

#define N 2000

static long a[N];

int main(void)
{
	for (int i = 0; i < N; i++)
		a[i] = i % 13;
#pragma acc serial copy(a)
	for (int i = 1; i < N; i++)
		a[i] += a[i - 1];
	printf("a[1] = %ld a[N-1] = %ld\n", a[1], a[N - 1]);
	return 0;
}
