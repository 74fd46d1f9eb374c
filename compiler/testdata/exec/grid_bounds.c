/* Loops whose variable is not the work-item's number (a lower bound, a
 * step, a decreasing loop, <=): the one-iteration-per-work-item forms test
 * the trip count and the loop's own condition on the variable (the second
 * keeps the subscripts affine for the OpenCL compilers). The extra
 * work-items of a group must do nothing, even where the variable of an
 * iteration past the trips would overflow int (a loop ending near
 * INT_MAX). Each array is compared with the host's loops; prints OK. */
#include <limits.h>
#include <stdio.h>

#define N 61

struct box { int lo, hi; };

static int fails;

static long sum(const char *what, const int *got, const int *want, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++) {
		if (got[i] != want[i] && fails++ < 5)
			printf("FAIL %s[%d] = %d, want %d\n", what, i, got[i], want[i]);
		s += (long)got[i] * (i % 7 + 1);
	}
	return s;
}

/* The loops below, on the host, into a, b, c and d. */
static void host(int *a, int *b, int *c, int *d, struct box bx, const int *hi, unsigned un)
{
	for (int i = 1; i <= N - 2; i++)
		for (int j = bx.lo; j < bx.hi; j++)
			for (int k = 2; k < hi[0]; k++)
				a[(i * N + j) * N + k] = i * 10000 + j * 100 + k;
	for (long i = N - 1; i > 0; i -= 3)
		for (unsigned j = 4u; j < un; j += 2)
			b[i * N + j] = (int)(i * 1000 + j);
	for (int i = N - 2; i >= 7; i--)
		c[i] = 3 * i;
	for (int i = INT_MAX - N + 3; i < INT_MAX - 1; i++)
		d[i - (INT_MAX - N + 3)] = (i - (INT_MAX - N)) * 5;
}

int main(void)
{
	static int a[N * N * N], b[N * N], c[N], d[4 * N]; /* d: the loop fills 57, the rest must stay -1 */
	static int ra[N * N * N], rb[N * N], rc[N], rd[4 * N];
	struct box bx = {3, N - 2};
	int hi[2] = {N - 5, N - 1};
	unsigned un = N;
	for (int i = 0; i < N * N * N; i++)
		a[i] = ra[i] = -1;
	for (int i = 0; i < N * N; i++)
		b[i] = rb[i] = -1;
	for (int i = 0; i < N; i++)
		c[i] = rc[i] = -1;
	for (int i = 0; i < 4 * N; i++)
		d[i] = rd[i] = -1;
	host(ra, rb, rc, rd, bx, hi, un);
#pragma acc data copy(a, b, c, d)
	{
		/* 3-D: lower bounds, <=, a member and an element as bounds */
#pragma acc parallel loop collapse(3)
		for (int i = 1; i <= N - 2; i++)
			for (int j = bx.lo; j < bx.hi; j++)
				for (int k = 2; k < hi[0]; k++)
					a[(i * N + j) * N + k] = i * 10000 + j * 100 + k;
		/* 2-D: decreasing, step 3, unsigned and long variables */
#pragma acc parallel loop collapse(2)
		for (long i = N - 1; i > 0; i -= 3)
			for (unsigned j = 4u; j < un; j += 2)
				b[i * N + j] = (int)(i * 1000 + j);
		/* 1-D: lower bound and >= */
#pragma acc parallel loop
		for (int i = N - 2; i >= 7; i--)
			c[i] = 3 * i;
		/* 1-D ending near INT_MAX: past the trips the variable would wrap */
#pragma acc parallel loop
		for (int i = INT_MAX - N + 3; i < INT_MAX - 1; i++)
			d[i - (INT_MAX - N + 3)] = (i - (INT_MAX - N)) * 5;
	}
	printf("a %ld\n", sum("a", a, ra, N * N * N));
	printf("b %ld\n", sum("b", b, rb, N * N));
	printf("c %ld\n", sum("c", c, rc, N));
	printf("d %ld\n", sum("d", d, rd, 4 * N));
	if (!fails)
		printf("OK\n");
	return fails != 0;
}
