/* Scalars declared in a kernels construct and used by several of its loop
 * nests (and the statements between them), as kernels tutorials write: the
 * kernels share one device copy of each, which the declaration assigns. A
 * loop that accumulates into one stays sequential (it is used outside the
 * loop), the others run in parallel. */
#include <stdio.h>

#define N 1000

int main(void)
{
	static double a[N], b[N];
	long total = 0;
	for (int i = 0; i < N; i++)
		a[i] = i % 10;
#pragma acc kernels copy(a, b, total)
	{
		double sum = 0;
		int count, last = -1;
		for (int i = 0; i < N; i++)
			sum += a[i];
		count = 0;
		for (int i = 0; i < N; i++)
			if (a[i] > 4)
				count++;
		for (int i = 0; i < N; i++)
			b[i] = a[i] * sum / count;
		last = (int)b[N - 1];
		total = last + count;
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		s += b[i];
	printf("s %.3f total %ld\n", s, total);
	if (s != 40500 || total != 81 + 500) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
