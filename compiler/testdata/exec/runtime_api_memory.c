/* runtime_api_memory: the memory routines of the runtime API. acc_malloc'd
 * blocks filled with acc_memcpy_to_device, used through deviceptr(...), read
 * with acc_memcpy_from_device, copied with acc_memcpy_device; the same on a
 * queue with the _async forms; acc_copyin/create/copyout/delete (also
 * _finalize and _async), acc_update_device/self (_async), acc_is_present,
 * acc_deviceptr/acc_hostptr, acc_memcpy_to_device into part of present data,
 * acc_memcpy_d2d(_async) between two present arrays on the current device.
 * Without OpenACC the routines are host stand-ins; presence checks are skipped
 * on the host device (gcc -fopenacc), where every address is "present". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENACC
#include <openacc.h>
#else
typedef enum { acc_device_host = 2, acc_device_not_host = 4 } acc_device_t;
static acc_device_t acc_get_device_type(void) { return acc_device_host; }
static void *acc_malloc(size_t n) { return malloc(n); }
static void acc_free(void *p) { free(p); }
static void acc_memcpy_to_device(void *d, void *h, size_t n) { memcpy(d, h, n); }
static void acc_memcpy_from_device(void *h, void *d, size_t n) { memcpy(h, d, n); }
static void acc_memcpy_to_device_async(void *d, void *h, size_t n, int q) { (void)q; memcpy(d, h, n); }
static void acc_memcpy_from_device_async(void *h, void *d, size_t n, int q) { (void)q; memcpy(h, d, n); }
static void *acc_copyin(void *h, size_t n) { (void)n; return h; }
static void acc_copyin_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_create_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_copyout(void *h, size_t n) { (void)h; (void)n; }
static void acc_copyout_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_copyout_finalize(void *h, size_t n) { (void)h; (void)n; }
static void acc_delete_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_delete_finalize_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_update_device(void *h, size_t n) { (void)h; (void)n; }
static void acc_update_self(void *h, size_t n) { (void)h; (void)n; }
static void acc_update_device_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static void acc_update_self_async(void *h, size_t n, int q) { (void)h; (void)n; (void)q; }
static int acc_is_present(void *h, size_t n) { (void)h; (void)n; return 1; }
static void *acc_deviceptr(void *h) { return h; }
static void *acc_hostptr(void *d) { return d; }
static void acc_wait(int q) { (void)q; }
#endif
#if !defined(_OPENACC) || _OPENACC < 202011
/* OpenACC 3.x routines gcc -fopenacc (OpenACC 2.6) lacks */
static void acc_memcpy_device(void *d, void *s, size_t n) { memcpy(d, s, n); }
static void acc_memcpy_d2d(void *d, void *s, size_t n, int dd, int ds) { (void)dd; (void)ds; memmove(d, s, n); }
static void acc_memcpy_d2d_async(void *d, void *s, size_t n, int dd, int ds, int q)
{
	(void)dd; (void)ds; (void)q;
	memmove(d, s, n);
}
#endif

#define N 50000

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

static int linear(const double *v, int n, double m, double k)
{
	for (int i = 0; i < n; i++)
		if (v[i] != i * m + k)
			return 0;
	return 1;
}

static int linear_l(const long *v, int n, long m, long k)
{
	for (int i = 0; i < n; i++)
		if (v[i] != i * m + k)
			return 0;
	return 1;
}

int main(void)
{
	int n = N;
	size_t bytes = n * sizeof(double), lbytes = n * sizeof(long);
	double *h = malloc(bytes), *back = malloc(bytes);
	long *v = malloc(lbytes), *w = malloc(lbytes), *z = malloc(lbytes);
	for (int i = 0; i < n; i++) {
		h[i] = i;
		v[i] = i;
		w[i] = i;
		z[i] = -1;
	}
	int device = acc_get_device_type() != acc_device_host;

	/* acc_malloc, acc_memcpy_to/from_device, deviceptr clause */
	double *d = acc_malloc(bytes), *d2 = acc_malloc(bytes);
	expect(d != NULL && d2 != NULL, "acc_malloc");
	acc_memcpy_to_device(d, h, bytes);
#pragma acc parallel loop deviceptr(d)
	for (int i = 0; i < n; i++)
		d[i] = 2 * d[i] + 1;
	acc_memcpy_from_device(back, d, bytes);
	expect(linear(back, n, 2, 1), "acc_memcpy_from_device after a deviceptr kernel");
	if (device)
		expect(acc_hostptr(d) == NULL, "acc_hostptr of acc_malloc memory");

	/* acc_memcpy_device: half of d into d2, at an offset */
	acc_memcpy_device(d2 + 10, d, bytes / 2);
#pragma acc parallel loop deviceptr(d2)
	for (int i = 10; i < n / 2 + 10; i++)
		d2[i] += 1;
	acc_memcpy_from_device(back, d2 + 10, bytes / 2);
	expect(linear(back, n / 2, 2, 2), "acc_memcpy_device");

	/* the _async memcpy forms on queue 1, ordered with a kernel there */
	acc_memcpy_to_device_async(d, h, bytes, 1);
#pragma acc parallel loop deviceptr(d) async(1)
	for (int i = 0; i < n; i++)
		d[i] = d[i] + 10;
	acc_memcpy_from_device_async(back, d, bytes, 1);
	acc_wait(1);
	expect(linear(back, n, 1, 10), "acc_memcpy_*_async on queue 1");
	double s = 0;
	for (int i = 0; i < n; i++)
		s += back[i];
	printf("device memory: sum = %.1f\n", s);
	acc_free(d);
	acc_free(d2);

	/* acc_copyin, presence, device and host addresses */
	char *dv = acc_copyin(v, lbytes);
	expect(dv != NULL, "acc_copyin returns the device address");
	if (device) {
		expect(acc_is_present(v, lbytes), "acc_is_present after acc_copyin");
		expect(acc_is_present(v + 100, 10 * sizeof(long)), "acc_is_present of a part");
		expect(!acc_is_present(w, sizeof(long)), "acc_is_present of other data");
		expect(acc_deviceptr(v) == dv, "acc_deviceptr == acc_copyin's result");
		expect(acc_deviceptr(v + 5) == dv + 5 * sizeof(long), "acc_deviceptr inside the data");
		expect(acc_hostptr(dv + 7 * sizeof(long)) == (void *)(v + 7), "acc_hostptr");
	}
#pragma acc parallel loop present(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] *= 3;
	acc_update_self(v, lbytes / 2);
	expect(linear_l(v, n / 2, 3, 0), "acc_update_self of the first half");
	/* the device copy through its address: v[10..15) = 1000 */
	long k5[5] = {1000, 1000, 1000, 1000, 1000};
	acc_memcpy_to_device((char *)acc_deviceptr(v) + 10 * sizeof(long), k5, sizeof k5);
	v[0] = 100;
	acc_update_device(v, sizeof(long));
	long *pv = acc_deviceptr(v);
#pragma acc parallel loop deviceptr(pv)
	for (int i = 0; i < n; i++)
		pv[i] += 1;
	acc_copyout(v, lbytes);
	if (device)
		expect(!acc_is_present(v, lbytes), "acc_is_present after acc_copyout");
	expect(v[0] == 101 && v[10] == 1001 && v[14] == 1001 && v[15] == 46 && linear_l(v + 20, n - 20, 3, 61),
	       "acc_copyout after updates, memcpy and a deviceptr kernel");
	long sv = 0;
	for (int i = 0; i < n; i++)
		sv += v[i];
	printf("present data: sum = %ld\n", sv);

	/* the _async data routines: copyin, kernel, update self, kernel,
	 * copyout on queue 2; create, kernel, update self, delete on queue 3 */
	acc_copyin_async(w, lbytes, 2);
#pragma acc parallel loop present(w[0:n]) async(2)
	for (int i = 0; i < n; i++)
		w[i] += 5;
	acc_update_self_async(w, lbytes, 2);
	acc_wait(2);
	expect(linear_l(w, n, 1, 5), "acc_update_self_async");
	for (int i = 0; i < n; i++)
		w[i] = 2 * i;
	acc_update_device_async(w, lbytes, 2);
#pragma acc parallel loop present(w[0:n]) async(2)
	for (int i = 0; i < n; i++)
		w[i] *= 2;
	acc_copyout_async(w, lbytes, 2);
	acc_create_async(z, lbytes, 3);
#pragma acc parallel loop present(z[0:n]) async(3)
	for (int i = 0; i < n; i++)
		z[i] = 7 * i;
	acc_update_self_async(z, lbytes, 3);
	acc_delete_async(z, lbytes, 3);
	acc_wait(2);
	acc_wait(3);
	expect(linear_l(w, n, 4, 0), "acc_copyout_async");
	expect(linear_l(z, n, 7, 0), "acc_create_async + acc_update_self_async");
	if (device)
		expect(!acc_is_present(w, lbytes) && !acc_is_present(z, lbytes), "presence after the async exits");

	/* finalize: two dynamic references, one finalizing exit */
	acc_copyin(v, lbytes);
	acc_copyin(v, lbytes);
	acc_copyout_finalize(v, lbytes);
	acc_copyin_async(w, lbytes, 4);
	acc_copyin_async(w, lbytes, 4);
	acc_delete_finalize_async(w, lbytes, 4);
	acc_wait(4);
	if (device)
		expect(!acc_is_present(v, lbytes) && !acc_is_present(w, lbytes), "presence after the finalizing exits");
	printf("async data: w[n-1] = %ld z[n-1] = %ld\n", w[n - 1], z[n - 1]);

	/* acc_memcpy_d2d: w's device copy gets parts of v's; the host copies
	 * stay as they were until the copyout */
#ifdef _OPENACC
	int dev = acc_get_device_num(acc_get_device_type());
#else
	int dev = 0;
#endif
	for (int i = 0; i < n; i++)
		v[i] = i, w[i] = -1;
	acc_copyin(v, lbytes);
	acc_copyin(w, lbytes);
	acc_memcpy_d2d(w + 100, v + 10, 50 * sizeof(long), dev, dev);
	acc_memcpy_d2d_async(w, v + n - 10, 10 * sizeof(long), dev, dev, 5);
	acc_wait(5);
	acc_copyout(w, lbytes);
	acc_copyout(v, lbytes);
	expect(linear_l(w + 100, 50, 1, 10) && linear_l(w, 10, 1, n - 10) && w[10] == -1 && w[99] == -1 &&
	               w[150] == -1 && w[n - 1] == -1,
	       "acc_memcpy_d2d and acc_memcpy_d2d_async");
	printf("acc_memcpy_d2d: w[0] = %ld w[100] = %ld w[150] = %ld\n", w[0], w[100], w[150]);

	free(h);
	free(back);
	free(v);
	free(w);
	free(z);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
