/* Reductions in a kernels construct whose result later loop nests of the
 * same construct use (each loop nest is a kernel; a loop reduction's
 * result is the variable's value after the loop): the reduction found by
 * the compiler (sum += a[i], no clause) and an explicit one, a variable
 * the construct sets before reducing into it, two reductions of one
 * variable with a reader between, max and product, and a variable present
 * in an enclosing data construct. The reducing kernels combine on the
 * device into the variable's device copy, which the other kernels read. */
#include <stdio.h>
#include <stdlib.h>

#define N 100000

int main(void)
{
	double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *c = malloc(N * sizeof *c);
	int bad = 0;
	for (int i = 0; i < N; i++)
		a[i] = (i % 13) + 0.25 * (i % 4);

	/* found by the compiler, then read by the next nest */
	double sum = 0;
#pragma acc kernels copyin(a[0:N]) copyout(b[0:N])
	{
		for (int i = 0; i < N; i++)
			sum += a[i];
		for (int i = 0; i < N; i++)
			b[i] = a[i] / sum;
	}
	double want = 0, bsum = 0;
	for (int i = 0; i < N; i++)
		want += a[i];
	for (int i = 0; i < N; i++)
		bsum += b[i];
	if (sum != want || b[7] != a[7] / want)
		printf("sum %.17g want %.17g, b[7] %.17g\n", sum, want, b[7]), bad++;
	if (bsum < 0.999999 || bsum > 1.000001)
		printf("normalized sum %.17g\n", bsum), bad++;

	/* set in the construct, reduced with a clause (max), used twice */
	double m = -1, span = 0;
	int count = 0;
#pragma acc kernels copyin(a[0:N]) copyout(c[0:N])
	{
		m = 0;
#pragma acc loop reduction(max:m)
		for (int i = 0; i < N; i++)
			m = a[i] > m ? a[i] : m;
		for (int i = 0; i < N; i++)
			c[i] = m - a[i];
#pragma acc loop reduction(+:count)
		for (int i = 0; i < N; i++)
			count += c[i] == 0;
		span = m * 2;
	}
	double wm = 0;
	int wc = 0;
	for (int i = 0; i < N; i++)
		wm = a[i] > wm ? a[i] : wm;
	for (int i = 0; i < N; i++)
		wc += wm - a[i] == 0;
	if (m != wm || count != wc || span != 2 * wm || c[3] != wm - a[3])
		printf("max %g want %g, count %d want %d, span %g\n", m, wm, count, wc, span), bad++;

	/* one variable reduced twice, read between; product */
	long t = 0;
	double p = 1;
#pragma acc kernels copyin(a[0:N]) copyout(b[0:100])
	{
		for (int i = 0; i < N; i++)
			t += (long)a[i];
		for (int i = 0; i < 100; i++)
			b[i] = (double)(t % (i + 1));
		for (int i = 0; i < N; i++)
			t += i % 3;
		for (int i = 0; i < 40; i++)
			p *= 1.0 + (t % 7) * 0.01 + i * 0.001;
	}
	long wt = 0;
	for (int i = 0; i < N; i++)
		wt += (long)a[i];
	for (int i = 0; i < 100; i++)
		if (b[i] != (double)(wt % (i + 1)))
			bad += b[i] != (double)(wt % (i + 1)) && printf("b[%d] %g\n", i, b[i]);
	for (int i = 0; i < N; i++)
		wt += i % 3;
	double wp = 1;
	for (int i = 0; i < 40; i++)
		wp *= 1.0 + (wt % 7) * 0.01 + i * 0.001;
	if (t != wt)
		printf("t %ld want %ld\n", t, wt), bad++;
	if (p / wp > 1 + 1e-12 || p / wp < 1 - 1e-12)
		printf("p %.17g want %.17g\n", p, wp), bad++;

	/* present in an enclosing data construct: the host sees it at the exit */
	double s2 = 10;
#pragma acc data copy(s2) copyin(a[0:N]) create(c[0:N])
	{
#pragma acc kernels
		{
			for (int i = 0; i < N; i++)
				s2 += a[i];
			for (int i = 0; i < N; i++)
				c[i] = a[i] * s2;
		}
#pragma acc update self(c[0:10])
	}
	if (s2 != 10 + want || c[5] != a[5] * (10 + want))
		printf("s2 %.17g want %.17g, c[5] %.17g\n", s2, 10 + want, c[5]), bad++;

	free(a);
	free(b);
	free(c);
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
