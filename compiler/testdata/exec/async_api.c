/* async_api: the async routines of the runtime API with async constructs:
 * acc_async_test/_all, acc_wait, acc_wait_async (one queue waits for
 * another), acc_wait_all_async, acc_wait_all, acc_wait_any, async(expr) with
 * acc_async_noval and acc_async_sync, acc_set/get_default_async, and the
 * OpenACC 1.0 names acc_async_wait and acc_async_wait_all, and the _device
 * forms of OpenACC 3.x on the current device (and on another device of its
 * type where there is one: nothing runs there). Without
 * OpenACC the routines are host stand-ins (everything is synchronous there);
 * routines newer than OpenACC 2.6 (acc_wait_any, the default async queue) are
 * stand-ins for gcc -fopenacc (OpenACC 2.6) too. */
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#else
enum { acc_async_noval = -1, acc_async_sync = -2 };
static int acc_async_test(int q) { (void)q; return 1; }
static int acc_async_test_all(void) { return 1; }
static void acc_wait(int q) { (void)q; }
static void acc_wait_async(int q, int a) { (void)q; (void)a; }
static void acc_wait_all(void) {}
static void acc_wait_all_async(int a) { (void)a; }
static void acc_async_wait(int q) { (void)q; }
static void acc_async_wait_all(void) {}
#endif
#if !defined(_OPENACC) || _OPENACC < 202011
static int default_async = acc_async_noval;
static void acc_set_default_async(int q) { default_async = q; }
static int acc_get_default_async(void) { return default_async; }
static int acc_wait_any(int count, int *qs)
{
	for (int i = 0; i < count; i++)
		if (qs[i] != acc_async_sync)
			return i;
	return -1;
}
static int acc_async_test_device(int q, int d) { (void)d; return acc_async_test(q); }
static int acc_async_test_all_device(int d) { (void)d; return acc_async_test_all(); }
static void acc_wait_device(int q, int d) { (void)d; acc_wait(q); }
static void acc_wait_device_async(int q, int a, int d) { (void)d; acc_wait_async(q, a); }
static void acc_wait_all_device(int d) { (void)d; acc_wait_all(); }
static void acc_wait_all_device_async(int a, int d) { (void)d; acc_wait_all_async(a); }
static int acc_wait_any_device(int count, int *qs, int d) { (void)d; return acc_wait_any(count, qs); }
#endif

#define N 100000

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

/* a kernel slow enough (200 steps per element) to still run when the host
 * goes on: v[i] = i + k */
static void slow_fill(long *v, int n, long k, int q)
{
#pragma acc parallel loop present(v[0:n]) async(q)
	for (int i = 0; i < n; i++) {
		long t = 0;
#pragma acc loop seq
		for (int j = 0; j < 200; j++)
			t += (i + j) % 2;
		v[i] = t / 100 + i + k - 1;
	}
}

/* v[i] == i * m + k for every i */
static int linear(const long *v, int n, long m, long k)
{
	for (int i = 0; i < n; i++)
		if (v[i] != i * m + k)
			return 0;
	return 1;
}

static long sum(const long *v, int n)
{
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	int n = N;
	long *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	for (int i = 0; i < n; i++)
		a[i] = b[i] = c[i] = 0;
#ifdef _OPENACC
	acc_init(acc_device_default); /* libgomp wants an active device before acc_async_test */
#endif
	expect(acc_async_test(12) != 0, "acc_async_test of an unused queue");
	expect(acc_async_test_all() != 0, "acc_async_test_all with nothing in flight");
#pragma acc enter data copyin(a[0:n], b[0:n], c[0:n])

	/* acc_wait: afterwards the queue tests as done */
	slow_fill(a, n, 1, 1);
	acc_wait(1);
	expect(acc_async_test(1) != 0, "acc_async_test(1) after acc_wait(1)");
	expect(acc_async_test(acc_async_sync) != 0, "acc_async_test(acc_async_sync)");

	/* acc_wait_async: queue 2 waits for queue 1, the host does not */
	slow_fill(a, n, 10, 1);
	acc_wait_async(1, 2);
#pragma acc parallel loop present(a[0:n], b[0:n]) async(2)
	for (int i = 0; i < n; i++)
		b[i] = a[i] * 2;
#pragma acc update self(b[0:n]) async(2)
	acc_wait(2);
	expect(acc_async_test(2) != 0, "acc_async_test(2) after acc_wait(2)");
	expect(linear(b, n, 2, 20), "b after acc_wait_async(1, 2)");
	printf("acc_wait_async: sum b = %ld\n", sum(b, n));

	/* acc_wait_all_async: queue 3 waits for queues 1 and 2 */
	slow_fill(a, n, 100, 1);
	slow_fill(b, n, 1000, 2);
	acc_wait_all_async(3);
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n]) async(3)
	for (int i = 0; i < n; i++)
		c[i] = b[i] - a[i];
#pragma acc update self(c[0:n]) async(3)
	acc_wait_all();
	expect(acc_async_test_all() != 0, "acc_async_test_all after acc_wait_all");
	expect(linear(c, n, 0, 900), "c after acc_wait_all_async(3)");
	printf("acc_wait_all_async: sum c = %ld\n", sum(c, n));

	/* the OpenACC 1.0 names of acc_wait and acc_wait_all */
	slow_fill(a, n, 7, 1);
#pragma acc update self(a[0:n]) async(1)
	acc_async_wait(1);
	expect(linear(a, n, 1, 7), "a after acc_async_wait(1)");
	slow_fill(b, n, 8, 2);
#pragma acc update self(b[0:n]) async(2)
	acc_async_wait_all();
	expect(linear(b, n, 1, 8) && acc_async_test_all() != 0, "b after acc_async_wait_all");

	/* async(acc_async_noval) is async without argument; acc_async_sync is
	 * synchronous (its results need no wait) */
	slow_fill(a, n, 3, acc_async_noval);
#pragma acc update self(a[0:n]) async
	acc_wait(acc_async_noval);
	expect(linear(a, n, 1, 3), "a after async(acc_async_noval)");
	printf("acc_async_noval: sum a = %ld\n", sum(a, n));
	slow_fill(b, n, 4, acc_async_sync);
#pragma acc update self(b[0:n])
	printf("acc_async_sync: sum b = %ld\n", sum(b, n));

	/* the default async queue: async without argument goes to queue 5 */
	acc_set_default_async(5);
	expect(acc_get_default_async() == 5, "acc_get_default_async after acc_set_default_async(5)");
	slow_fill(c, n, 5, acc_async_noval);
#pragma acc update self(c[0:n]) async(5)
	acc_wait(5);
	expect(acc_async_test(acc_async_noval) != 0, "the default queue after acc_wait(5)");
	expect(linear(c, n, 1, 5), "c on the default async queue");
	printf("default async: sum c = %ld\n", sum(c, n));
	acc_set_default_async(acc_async_noval);

	/* acc_wait_any: one of two queues is done, acc_async_sync entries are skipped */
	int qs[3] = {acc_async_sync, 6, 7};
	slow_fill(a, n, 6, 6);
	slow_fill(b, n, 7, 7);
	int r = acc_wait_any(3, qs);
	expect(r == 1 || r == 2, "acc_wait_any returns the index of a queue");
	if (r == 1 || r == 2)
		expect(acc_async_test(qs[r]) != 0, "the queue acc_wait_any returned is done");
	int syncs[2] = {acc_async_sync, acc_async_sync};
	expect(acc_wait_any(2, syncs) == -1, "acc_wait_any of acc_async_sync only");
	expect(acc_wait_any(0, qs) == -1, "acc_wait_any of nothing");
#pragma acc wait(6, 7)
#pragma acc update self(a[0:n], b[0:n])
	printf("acc_wait_any: sum a + b = %ld\n", sum(a, n) + sum(b, n));

	/* the _device forms, on the current device */
#ifdef _OPENACC
	int dev = acc_get_device_num(acc_get_device_type());
#else
	int dev = 0;
#endif
	slow_fill(a, n, 20, 8);
	acc_wait_device(8, dev);
	expect(acc_async_test_device(8, dev) != 0, "acc_async_test_device after acc_wait_device");
	slow_fill(b, n, 21, 9);
	acc_wait_device_async(9, 10, dev);
#pragma acc update self(b[0:n]) async(10)
	acc_wait_all_device(dev);
	expect(acc_async_test_all_device(dev) != 0, "acc_async_test_all_device after acc_wait_all_device");
	expect(linear(b, n, 1, 21), "b after acc_wait_device_async(9, 10)");
	slow_fill(c, n, 22, 11);
	acc_wait_all_device_async(12, dev);
#pragma acc update self(c[0:n]) async(12)
	int q12[2] = {acc_async_sync, 12};
	expect(acc_wait_any_device(2, q12, dev) == 1, "acc_wait_any_device");
	expect(linear(c, n, 1, 22), "c after acc_wait_all_device_async(12)");
#pragma acc update self(a[0:n])
	printf("_device forms: sum a + b + c = %ld\n", sum(a, n) + sum(b, n) + sum(c, n));
#ifdef _OPENACC
	/* another device of the type runs nothing of this program */
	if (acc_get_num_devices(acc_get_device_type()) > 1) {
		int other = dev == 0 ? 1 : 0;
		slow_fill(a, n, 23, 13);
		expect(acc_async_test_device(13, other) != 0, "acc_async_test_device of another device");
		acc_wait_device(13, other);
		acc_wait_all_device(other);
		acc_wait(13);
	}
#endif

#pragma acc exit data delete(a[0:n], b[0:n], c[0:n])
	free(a);
	free(b);
	free(c);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
