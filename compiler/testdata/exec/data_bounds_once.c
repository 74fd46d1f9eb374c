/* The bounds of a data construct's sub-arrays are evaluated once, at the
 * entry: the body changes the length (len = 1) and swaps the pointers the
 * clauses name, and the exit still copies out all of c, and all of x and y
 * to where they were at the entry. */
// exec-bytes: h2d=24000 d2h=24000
#include <stdio.h>
#include <stdlib.h>

#define N 2000

int main(void)
{
	int len = N;
	float *a = malloc(N * sizeof *a), *c = malloc(N * sizeof *c);
	float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
	for (int i = 0; i < N; i++) {
		a[i] = i;
		c[i] = 0;
		x[i] = i % 10;
		y[i] = 0;
	}
	/* a: 8000 in; c: 8000 out */
#pragma acc data copyin(a[0:len]) copyout(c[0:len])
	{
#pragma acc parallel loop present(a[0:len], c[0:len])
		for (int i = 0; i < len; i++)
			c[i] = 2 * a[i];
		len = 1;
	}
	/* x and y: 8000 in and out each */
	float *p = x, *q = y;
#pragma acc data copy(p[0:N], q[0:N])
	{
		for (int it = 0; it < 5; it++) {
#pragma acc parallel loop present(p[0:N], q[0:N])
			for (int i = 0; i < N; i++)
				q[i] = p[i] + 1;
			float *t = p;
			p = q;
			q = t;
		}
	}
	int bad = 0;
	double sc = 0, sx = 0, sy = 0;
	for (int i = 0; i < N; i++) {
		bad += c[i] != 2 * i;
		bad += x[i] != i % 10 + 4 || y[i] != i % 10 + 5;
		sc += c[i];
		sx += x[i];
		sy += y[i];
	}
	printf("c %.1f x %.1f y %.1f\n", sc, sx, sy);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
