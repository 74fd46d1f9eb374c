/* gang-level reductions inside a parallel region: loop gang reduction with
 * the variable in copy() on the region, and with a matching reduction on
 * the parallel construct itself. */
#include <stdio.h>

#define N 6000

static int a[N];
static double d[N];

int main(void)
{
	long total = 0;
	int hi = -1;
	double dsum = 0.0, dmin = 1e9;
	for (int i = 0; i < N; i++) {
		a[i] = (i * 53) % 1009;
		d[i] = (double)(i % 250) * 0.5;
	}
#pragma acc parallel num_gangs(8) copyin(a) copy(total, hi)
	{
#pragma acc loop gang reduction(+:total)
		for (int i = 0; i < N; i++)
			total += a[i];
#pragma acc loop gang reduction(max:hi)
		for (int i = 0; i < N; i++)
			hi = a[i] > hi ? a[i] : hi;
	}
#pragma acc parallel num_gangs(16) copyin(d) reduction(+:dsum) reduction(min:dmin)
	{
#pragma acc loop gang reduction(+:dsum) reduction(min:dmin)
		for (int i = 0; i < N; i++) {
			dsum += d[i];
			dmin = d[i] + 1.0 < dmin ? d[i] + 1.0 : dmin;
		}
	}
	long et = 0;
	int ehi = -1;
	double eds = 0;
	for (int i = 0; i < N; i++) {
		et += a[i];
		ehi = a[i] > ehi ? a[i] : ehi;
		eds += d[i];
	}
	printf("total = %ld, hi = %d\n", total, hi);
	printf("dsum = %.2f, dmin = %.2f\n", dsum, dmin);
	if (total != et || hi != ehi || dsum != eds || dmin != 1.0) {
		printf("FAIL want %ld %d %.2f\n", et, ehi, eds);
		return 1;
	}
	printf("OK\n");
	return 0;
}
