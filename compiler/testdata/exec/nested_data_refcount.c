/* nested data regions on the same data: inner regions and compute constructs
 * find it present (structured reference counts) and must not copy it again;
 * only the outermost exit copies back. */
#include <stdio.h>
#include <stdlib.h>

static void add(int n, double *a, double c)
{
	/* present already when called from the region below */
#pragma acc data copy(a[0:n])
	{
#pragma acc parallel loop copy(a[0:n])
		for (int i = 0; i < n; i++)
			a[i] += c;
	}
}

int main(void)
{
	int n = 4000;
	double *a = malloc(n * sizeof *a), *t = malloc(n * sizeof *t);
	for (int i = 0; i < n; i++)
		a[i] = i;
#pragma acc data copy(a[0:n])
	{
#pragma acc data copyin(a[0:n]) create(t[0:n])
		{
#pragma acc parallel loop
			for (int i = 0; i < n; i++)
				t[i] = a[i] * 2.0;
#pragma acc parallel loop
			for (int i = 0; i < n; i++)
				a[i] = t[i] + 1.0;
		}
		add(n, a, 10.0);
		/* a sub-range of the outer mapping */
#pragma acc data copy(a[100:200])
		{
#pragma acc parallel loop
			for (int i = 100; i < 300; i++)
				a[i] = -a[i];
		}
		add(n, a, 0.5);
	}
	double s = 0;
	for (int i = 0; i < n; i++) {
		double want = 2.0 * i + 11.0;
		if (i >= 100 && i < 300)
			want = -want;
		want += 0.5;
		if (a[i] != want) {
			printf("FAIL a[%d] = %g, want %g\n", i, a[i], want);
			return 1;
		}
		s += a[i];
	}
	printf("a[0] = %.1f a[100] = %.1f a[n-1] = %.1f\n", a[0], a[100], a[n - 1]);
	printf("sum = %.1f\n", s);
	free(a);
	free(t);
	printf("OK\n");
	return 0;
}
