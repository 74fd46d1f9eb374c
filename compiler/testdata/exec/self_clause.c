/* self clause on compute constructs (OpenACC 3.3 §2.5.x): self(cond) true, or
 * self without an argument, runs the construct on the host with host data,
 * with no transfers and no presence checks; self(false) runs it on the device.
 * self combines with if: the device runs it only when if is true and self is
 * false. The conditions come from the command line. */
// exec-args: 1000 1
// exec-no-gcc-openacc: gcc 12 does not accept self(cond) on compute constructs
#include <stdio.h>
#include <stdlib.h>

static int check(const char *what, const double *v, int n, double f)
{
	for (int i = 0; i < n; i++)
		if (v[i] != f * i) {
			printf("FAIL %s: v[%d] = %g, want %g\n", what, i, v[i], f * i);
			return 1;
		}
	printf("%s: ok\n", what);
	return 0;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int on_host = argc > 2 ? atoi(argv[2]) : 1;
	int off = !on_host;
	double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	int fails = 0;
	for (int i = 0; i < n; i++)
		a[i] = b[i] = c[i] = i;

	/* self(true): runs on the host, so present() is not checked although a
	 * is not on the device (on the device it would be a runtime error). */
#pragma acc parallel loop self(on_host) present(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] *= 2;
	fails += check("self(true) with absent data", a, n, 2);

	/* self without an argument: the host. */
#pragma acc kernels loop self present(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] *= 2;
	fails += check("self", a, n, 4);

	/* Inside a data region: self(true) updates the host copy (the device
	 * copy, copied in, is dropped at the end); self(false) updates the
	 * device copy (copied back at the end). */
#pragma acc data copyin(b[0:n]) copy(c[0:n])
	{
#pragma acc parallel loop self(on_host)
		for (int i = 0; i < n; i++)
			b[i] *= 3;
#pragma acc parallel loop self(off)
		for (int i = 0; i < n; i++)
			c[i] *= 5;
	}
	fails += check("self(true) in a data region", b, n, 3);
	fails += check("self(false) in a data region", c, n, 5);

	/* if and self together: only if(true) self(false) is the device. */
	int sum = 0;
#pragma acc parallel loop if(n > 10) self(off) copyin(c[0:n]) reduction(+:sum)
	for (int i = 0; i < n; i++)
		sum += (int)c[i] % 7;
	int sum2 = 0;
#pragma acc serial if(n > 10) self(on_host) present(c[0:n])
	for (int i = 0; i < n; i++)
		sum2 += (int)c[i] % 7;
	int want = 0;
	for (int i = 0; i < n; i++)
		want += (5 * i) % 7;
	if (sum != want || sum2 != want) {
		printf("FAIL sums %d %d, want %d\n", sum, sum2, want);
		fails++;
	}
	printf("sums = %d %d\n", sum, sum2);
	free(a);
	free(b);
	free(c);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
