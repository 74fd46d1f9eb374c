/* dot products: double and long reductions over large vectors, repeated
 * inside a data region (the vectors are copied in once). */
// exec-bytes: h2d=8388608 d2h=0
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1 << 18;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	long *p = malloc(n * sizeof *p), *q = malloc(n * sizeof *q);
	for (int i = 0; i < n; i++) {
		x[i] = (double)(i % 1000) * 0.125;
		y[i] = (double)(i % 3) - 1.0;
		p[i] = i % 100000;
		q[i] = (i % 7) - 3;
	}
	double d[3];
	long l = 0;
#pragma acc data copyin(x[0:n], y[0:n], p[0:n], q[0:n])
	{
		for (int r = 0; r < 3; r++) {
			double s = 0.0;
			double f = r + 1.0;
#pragma acc parallel loop reduction(+:s)
			for (int i = 0; i < n; i++)
				s += f * x[i] * y[i];
			d[r] = s;
		}
#pragma acc parallel loop reduction(+:l)
		for (int i = 0; i < n; i++)
			l += p[i] * q[i];
	}
	double e = 0.0;
	long el = 0;
	for (int i = 0; i < n; i++) {
		e += x[i] * y[i];
		el += p[i] * q[i];
	}
	for (int r = 0; r < 3; r++) {
		printf("dot[%d] = %.3f\n", r, d[r]);
		if (d[r] != (r + 1.0) * e) {
			printf("FAIL dot[%d], want %.3f\n", r, (r + 1.0) * e);
			return 1;
		}
	}
	printf("ldot = %ld\n", l);
	if (l != el) {
		printf("FAIL ldot, want %ld\n", el);
		return 1;
	}
	free(x);
	free(y);
	free(p);
	free(q);
	printf("OK\n");
	return 0;
}
