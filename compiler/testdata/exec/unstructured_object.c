/* a small "device vector" type whose constructor and destructor use enter
 * data / exit data; operations use present; a final update self reads the
 * result while the data is still mapped. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *v;
} dvec;

static dvec dvec_new(int n, double init)
{
	dvec d = {n, malloc(n * sizeof(double))};
	double *v = d.v;
	for (int i = 0; i < n; i++)
		v[i] = init;
#pragma acc enter data copyin(v[0:n])
	return d;
}

static void dvec_free(dvec d)
{
	double *v = d.v;
#pragma acc exit data delete(v[0:d.n])
	free(v);
}

static void axpy(double a, dvec x, dvec y)
{
	double *xv = x.v, *yv = y.v;
	int n = x.n;
#pragma acc parallel loop present(xv[0:n], yv[0:n])
	for (int i = 0; i < n; i++)
		yv[i] += a * xv[i];
}

static void iota(dvec x)
{
	double *xv = x.v;
	int n = x.n;
#pragma acc parallel loop present(xv[0:n])
	for (int i = 0; i < n; i++)
		xv[i] = i;
}

int main(void)
{
	dvec x = dvec_new(5000, 0.0), y = dvec_new(5000, 1.0);
	iota(x);
	axpy(2.0, x, y);
	axpy(-0.5, x, y);
	double *yv = y.v;
	int n = y.n;
#pragma acc update self(yv[0:n])
	double s = 0;
	for (int i = 0; i < n; i++) {
		if (yv[i] != 1.0 + 1.5 * i) {
			printf("FAIL y[%d] = %g\n", i, yv[i]);
			return 1;
		}
		s += yv[i];
	}
	printf("y[0] = %.1f y[n-1] = %.1f\n", yv[0], yv[n - 1]);
	printf("sum = %.1f\n", s);
	dvec_free(x);
	dvec_free(y);
	printf("OK\n");
	return 0;
}
