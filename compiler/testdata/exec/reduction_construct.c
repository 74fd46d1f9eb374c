/* reduction clauses on the compute construct itself: parallel with a single
 * gang (the statement runs once), serial, and parallel whose gang loop
 * carries the same reduction; plus a kernels loop reduction. */
#include <stdio.h>

#define N 1024

static int v[N];

int main(void)
{
	int calls = 10;
	long s = 0;
	int mx = 0;
	double prod = 1.0;
	unsigned int mask = 0;
	for (int i = 0; i < N; i++)
		v[i] = (i * 17) % 1000;
#pragma acc parallel num_gangs(1) reduction(+:calls)
	{
		calls += 1;
	}
#pragma acc serial copyin(v) reduction(max:mx) reduction(*:prod)
	{
		for (int i = 0; i < N; i++)
			mx = v[i] > mx ? v[i] : mx;
		for (int i = 0; i < 10; i++)
			prod *= 2.0;
	}
#pragma acc parallel copyin(v) reduction(+:s)
	{
#pragma acc loop gang vector reduction(+:s)
		for (int i = 0; i < N; i++)
			s += v[i];
	}
	int bits = 0;
#pragma acc kernels loop copyin(v) reduction(|:bits)
	for (int i = 0; i < N; i++)
		bits |= 1 << (v[i] % 31);
	mask = (unsigned int)bits;
	long es = 0;
	int emx = 0, ebits = 0;
	for (int i = 0; i < N; i++) {
		es += v[i];
		emx = v[i] > emx ? v[i] : emx;
		ebits |= 1 << (v[i] % 31);
	}
	printf("calls = %d\n", calls);
	printf("max = %d prod = %.1f\n", mx, prod);
	printf("sum = %ld mask = %#x\n", s, mask);
	if (calls != 11 || mx != emx || prod != 1024.0 || s != es || bits != ebits) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
