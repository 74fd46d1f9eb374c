/* loop shapes the compiler must normalize: <=, decreasing loops, steps other
 * than 1, long and unsigned induction variables, bounds that are expressions,
 * an empty trip count. */
#include <stdio.h>

#define N 1000

static int a[N], b[N], c[N], d[N], e[N];

int main(void)
{
	int lo = 3, hi = N - 5, zero = 0;
	for (int i = 0; i < N; i++)
		a[i] = b[i] = c[i] = d[i] = e[i] = 0;
#pragma acc data copy(a, b, c, d, e)
	{
#pragma acc parallel loop
		for (int i = lo; i <= hi; i++)
			a[i] = i;
#pragma acc parallel loop
		for (int i = N - 1; i >= 0; i -= 3)
			b[i] = 1;
#pragma acc parallel loop
		for (long i = 0; i < N; i += 2)
			c[i] = (int)(i / 2);
#pragma acc parallel loop
		for (unsigned u = 10u; u < (unsigned)N / 2; u++)
			d[u * 2] = (int)u;
#pragma acc parallel loop
		for (int i = 0; i < zero; i++)
			e[i] = 99;
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < 10; i++)
			for (int j = 0; j < 100; j += 5)
				e[i * 100 + j] += i + j;
	}
	long sa = 0, sb = 0, sc = 0, sd = 0, se = 0;
	for (int i = 0; i < N; i++) {
		int wa = (i >= lo && i <= hi) ? i : 0;
		int wb = ((N - 1 - i) % 3 == 0) ? 1 : 0;
		int wc = i % 2 == 0 ? i / 2 : 0;
		int wd = (i % 2 == 0 && i / 2 >= 10 && i / 2 < N / 2) ? i / 2 : 0;
		int we = (i % 100) % 5 == 0 ? i / 100 + i % 100 : 0;
		if (a[i] != wa || b[i] != wb || c[i] != wc || d[i] != wd || e[i] != we) {
			printf("FAIL at %d: %d %d %d %d %d\n", i, a[i], b[i], c[i], d[i], e[i]);
			return 1;
		}
		sa += a[i];
		sb += b[i];
		sc += c[i];
		sd += d[i];
		se += e[i];
	}
	printf("sums: %ld %ld %ld %ld %ld\n", sa, sb, sc, sd, se);
	printf("OK\n");
	return 0;
}
