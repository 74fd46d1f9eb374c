/* if clause on compute and data constructs, true and false at run time (the
 * sizes come from the command line): when false, the region runs on the host
 * with host memory; results must be the same. */
// exec-args: 1000 10
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, double *v, double f, int threshold)
{
#pragma acc parallel loop if(n > threshold) copy(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] *= f;
}

static double sum_kernels(int n, const double *v, int use_device)
{
	double s = 0;
#pragma acc kernels loop if(use_device) copyin(v[0:n]) reduction(+:s)
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(int argc, char **argv)
{
	int big = argc > 1 ? atoi(argv[1]) : 1000;
	int small = argc > 2 ? atoi(argv[2]) : 10;
	double *a = malloc(big * sizeof *a), *b = malloc(small * sizeof *b);
	for (int i = 0; i < big; i++)
		a[i] = i;
	for (int i = 0; i < small; i++)
		b[i] = i;
	scale(big, a, 2.0, 100);   /* if true */
	scale(small, b, 3.0, 100); /* if false */
	double sa = sum_kernels(big, a, 1), sb = sum_kernels(small, b, 0);
	/* data region skipped by if(false): the inner construct maps by itself */
	int on = small > 100;
#pragma acc data copy(a[0:big]) if(on)
	{
#pragma acc parallel loop copy(a[0:big])
		for (int i = 0; i < big; i++)
			a[i] += 1.0;
	}
	printf("data region on device: %s\n", on ? "yes" : "no");
	for (int i = 0; i < big; i++)
		if (a[i] != 2.0 * i + 1.0) {
			printf("FAIL a[%d] = %g\n", i, a[i]);
			return 1;
		}
	for (int i = 0; i < small; i++)
		if (b[i] != 3.0 * i) {
			printf("FAIL b[%d] = %g\n", i, b[i]);
			return 1;
		}
	printf("big = %d, small = %d\n", big, small);
	printf("sum a = %.1f, sum b = %.1f\n", sa, sb);
	printf("a[big-1] = %.1f\n", a[big - 1]);
	free(a);
	free(b);
	printf("OK\n");
	return 0;
}
