/* async_ordering: work on several async queues ordered only by wait clauses,
 * wait directives with async, updates between kernels, async enter/exit data,
 * synchronous constructs followed by async ones (which must see their
 * results), a reduction on an async construct, one queue per slice. The
 * arrays are large enough that a missing dependency shows as wrong values. */
#include <stdio.h>
#include <stdlib.h>

#define N 200000

static long sum_of(const long *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

static int check(const char *what, const long *v, int n, long (*want)(int))
{
	for (int i = 0; i < n; i++)
		if (v[i] != want(i)) {
			printf("FAIL %s[%d] = %ld, want %ld\n", what, i, v[i], want(i));
			return 0;
		}
	return 1;
}

static long want_c(int i) { return 3L * i; }
static long want_c2(int i) { return 3L * i + (long)i * i % 7 + 1; }
static long want_b7(int i) { return 14 + i % 3; }
static long want_x(int i) { return 4L * (i % 1000) + 1; }
static long want_d(int i) { return (long)(i / (N / 8)) * 100 + i % 5; }
static long want_d8(int i) { return (long)(i % 1000); }

int main(void)
{
	int n = N, ok = 1;
	long *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	long *x = malloc(n * sizeof *x), *d = malloc(n * sizeof *d);
	for (int i = 0; i < n; i++)
		a[i] = b[i] = c[i] = x[i] = d[i] = -1;

#pragma acc enter data create(a[0:n], b[0:n], c[0:n])
	/* two producers on queues 1 and 2, a consumer on queue 3 waiting for both */
#pragma acc parallel loop present(a[0:n]) async(1)
	for (int i = 0; i < n; i++)
		a[i] = i;
#pragma acc parallel loop present(b[0:n]) async(2)
	for (int i = 0; i < n; i++)
		b[i] = 2L * i;
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n]) async(3) wait(1, 2)
	for (int i = 0; i < n; i++)
		c[i] = a[i] + b[i];
#pragma acc update self(c[0:n]) async(3)
#pragma acc wait(3)
	ok = ok && check("c", c, n, want_c);
	printf("step 1: sum c = %ld\n", sum_of(c, n));

	/* host changes b, pushes it on queue 2 after queue 3 is done with b, and
	 * queue 2 goes on with it; queue 1 waits for queue 2 (wait directive
	 * with async) and then reads c */
	for (int i = 0; i < n; i++)
		b[i] = (long)i * i % 7;
#pragma acc update device(b[0:n]) async(2) wait(3)
#pragma acc parallel loop present(b[0:n], c[0:n]) async(2)
	for (int i = 0; i < n; i++)
		c[i] += b[i] + 1;
#pragma acc wait(2) async(1)
#pragma acc update self(c[0:n]) async(1)
#pragma acc wait(1)
	ok = ok && check("c", c, n, want_c2);
	printf("step 2: sum c = %ld\n", sum_of(c, n));

	/* a synchronous construct (slow on purpose: 300 steps per element), then
	 * async ones that read what it wrote */
#pragma acc parallel loop present(a[0:n])
	for (int i = 0; i < n; i++) {
		long t = 0;
#pragma acc loop seq
		for (int k = 0; k < 300; k++)
			t += (i + k) % 3;
		a[i] = t / 300 * 7;
	}
#pragma acc parallel loop present(a[0:n], b[0:n]) async(4)
	for (int i = 0; i < n; i++)
		b[i] = 2 * a[i] + i % 3;
#pragma acc update self(b[0:n]) async(4)
#pragma acc wait(4)
	ok = ok && check("b", b, n, want_b7);
	printf("step 3: sum b = %ld\n", sum_of(b, n));

	/* async without argument, then wait for everything */
#pragma acc parallel loop present(a[0:n]) async
	for (int i = 0; i < n; i++)
		a[i] = i % 10;
#pragma acc update self(a[0:n]) async
#pragma acc wait
	printf("step 4: sum a = %ld\n", sum_of(a, n));
#pragma acc exit data delete(a[0:n], b[0:n]) async(1)
#pragma acc exit data copyout(c[0:n]) async(5)
#pragma acc wait(5)
	ok = ok && check("c", c, n, want_c2);

	/* async enter data, kernel and exit data on one queue */
	for (int i = 0; i < n; i++)
		x[i] = 2 * (i % 1000);
#pragma acc enter data copyin(x[0:n]) async(6)
#pragma acc parallel loop present(x[0:n]) async(6)
	for (int i = 0; i < n; i++)
		x[i] = 2 * x[i] + 1;
#pragma acc exit data copyout(x[0:n]) async(6)
#pragma acc wait(6)
	ok = ok && check("x", x, n, want_x);
	printf("step 5: sum x = %ld\n", sum_of(x, n));

	/* a reduction on an async construct: the result is there after the wait */
	long total = 5;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:total) async(7)
	for (int i = 0; i < n; i++)
		total += x[i];
#pragma acc wait(7)
	printf("step 6: total = %ld\n", total);

	/* one queue per slice: 8 queues at once, each with its copies */
#pragma acc data create(d[0:n])
	{
		int m = n / 8;
		for (int q = 0; q < 8; q++) {
#pragma acc parallel loop present(d[0:n]) async(q)
			for (int i = q * m; i < (q + 1) * m; i++)
				d[i] = (long)q * 100 + i % 5;
#pragma acc update self(d[q * m:m]) async(q)
		}
#pragma acc wait
	}
	ok = ok && check("d", d, n, want_d);
	printf("step 7: sum d = %ld\n", sum_of(d, n));

	/* data clauses of async compute constructs: copy on a parallel loop,
	 * copyin/copyout on a kernels construct after it on the same queue */
#pragma acc parallel loop copy(x[0:n]) async(8)
	for (int i = 0; i < n; i++)
		x[i] = x[i] - 1 + i % 1000;
#pragma acc kernels copyin(x[0:n]) copyout(d[0:n]) async(8)
	for (int i = 0; i < n; i++)
		d[i] = x[i] / 5;
#pragma acc wait(8)
	ok = ok && check("d", d, n, want_d8);
	printf("step 8: sum d = %ld\n", sum_of(d, n));

	free(a);
	free(b);
	free(c);
	free(x);
	free(d);
	if (!ok)
		return 1;
	printf("OK\n");
	return 0;
}
