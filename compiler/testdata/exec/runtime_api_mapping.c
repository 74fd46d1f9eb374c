/* runtime_api_mapping: the runtime routines that map and describe device
 * memory. acc_map_data maps host data onto an acc_malloc block: kernels
 * find it present, a data construct on it moves nothing and leaves it
 * mapped, acc_deviceptr/acc_hostptr translate between the two, and
 * acc_unmap_data ends it (the block stays). The OpenACC 2.0 names
 * acc_pcopyin/acc_present_or_copyin/acc_pcreate/acc_present_or_create count
 * references as acc_copyin/acc_create do. acc_get_property and
 * acc_get_property_string describe the device (free memory falls by what an
 * acc_malloc takes); acc_malloc of more than the device allocates gives
 * NULL; acc_init_device and acc_shutdown_device end the run. On the host
 * device (gcc -fopenacc) the mapping and the device checks are skipped and
 * the host computes the same results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENACC
#include <openacc.h>
#else
typedef enum { acc_device_host = 2 } acc_device_t;
static acc_device_t acc_get_device_type(void) { return acc_device_host; }
static void *acc_pcopyin(void *h, size_t n) { (void)n; return h; }
static void *acc_present_or_copyin(void *h, size_t n) { (void)n; return h; }
static void *acc_pcreate(void *h, size_t n) { (void)n; return h; }
static void *acc_present_or_create(void *h, size_t n) { (void)n; return h; }
static void acc_copyout(void *h, size_t n) { (void)h; (void)n; }
static void acc_delete(void *h, size_t n) { (void)h; (void)n; }
#endif
#if defined(_OPENACC) && _OPENACC < 202011
/* OpenACC 3.x routines gcc -fopenacc (OpenACC 2.6) lacks */
static void acc_init_device(int num, acc_device_t t) { (void)num; (void)t; }
static void acc_shutdown_device(int num, acc_device_t t) { (void)num; (void)t; }
#endif

#define N 4096

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	size_t bytes = N * sizeof(float);
	float *a = malloc(bytes), *b = malloc(bytes), *h = malloc(bytes);
	for (int i = 0; i < N; i++) {
		a[i] = i;
		b[i] = 0;
		h[i] = 2 * i;
	}
	int device = acc_get_device_type() != acc_device_host;

	/* The 2.0 names: two references to a, then two copyouts, the second
	 * of which copies it back; b created twice and deleted twice. */
	acc_pcopyin(a, bytes);
	acc_present_or_copyin(a, bytes);
	acc_pcreate(b, bytes);
	acc_present_or_create(b, bytes);
#pragma acc parallel loop present(a[0:N], b[0:N])
	for (int i = 0; i < N; i++) {
		b[i] = a[i] + 1;
		a[i] = 3 * a[i];
	}
	acc_copyout(a, bytes);
#ifdef _OPENACC
	if (device)
		expect(acc_is_present(a, bytes) && a[5] == 5, "a stays present after the first copyout");
#endif
	acc_copyout(a, bytes);
	acc_delete(b, bytes);
	acc_delete(b, bytes);
	double sa = 0;
	for (int i = 0; i < N; i++)
		sa += a[i];
	printf("pcopyin: sum %.1f\n", sa);
	expect(a[7] == 21, "a after the kernel");

	/* acc_map_data onto part of an acc_malloc block */
	double sh = 0;
#ifdef _OPENACC
	if (device) {
		char *blk = acc_malloc(bytes + 4096);
		float *d = (float *)(blk + 4096);
		expect(blk != NULL, "acc_malloc");
		acc_memcpy_to_device(d, h, bytes);
		acc_map_data(h, d, bytes);
		expect(acc_is_present(h, bytes), "mapped data is present");
		expect(acc_deviceptr(h + 7) == (void *)(d + 7), "acc_deviceptr of mapped data");
		expect(acc_hostptr(d + 9) == (void *)(h + 9), "acc_hostptr of mapped data");
		for (int i = 0; i < N; i++)
			h[i] = -1; /* the device copy is what counts now */
#pragma acc parallel loop present(h[0:N])
		for (int i = 0; i < N; i++)
			h[i] += 1;
#pragma acc data copy(h[0:N])
		{
#pragma acc parallel loop
			for (int i = 0; i < N; i++)
				h[i] *= 2;
		}
		expect(h[3] == -1, "a data construct on mapped data moves nothing");
		expect(acc_is_present(h, bytes), "mapped data stays present after a data construct");
		acc_update_self(h, bytes);
		acc_unmap_data(h);
		expect(!acc_is_present(h, bytes), "acc_unmap_data");
		float back[4];
		acc_memcpy_from_device(back, d, sizeof back);
		expect(back[1] == h[1], "the block keeps the data after acc_unmap_data");
		acc_free(blk);
	}
#endif
	if (!device)
		for (int i = 0; i < N; i++)
			h[i] = (h[i] + 1) * 2;
	for (int i = 0; i < N; i++)
		sh += h[i];
	printf("mapped: sum %.1f\n", sh);

#ifdef _OPENACC
	if (device) {
		acc_device_t t = acc_get_device_type();
		int num = acc_get_device_num(t);
		size_t mem = acc_get_property(num, t, acc_property_memory);
		size_t before = acc_get_property(num, t, acc_property_free_memory);
		void *big = acc_malloc((size_t)64 << 20);
		size_t after = acc_get_property(num, t, acc_property_free_memory);
		const char *name = acc_get_property_string(num, t, acc_property_name);
		const char *vendor = acc_get_property_string(num, t, acc_property_vendor);
		expect(mem > 0 && before <= mem, "acc_property_memory");
		expect(after + ((size_t)64 << 20) <= before, "free memory falls by an acc_malloc");
		expect(name != NULL && name[0] != 0 && vendor != NULL, "acc_property_name and _vendor");
		expect(acc_get_property(num, t, acc_property_name) == 0, "a string property as a number is 0");
		expect(acc_get_property_string(num + 1000, t, acc_property_name) == NULL, "no such device");
		expect(acc_malloc(mem + ((size_t)1 << 40)) == NULL, "acc_malloc of more than the device has");
		acc_free(big);
		acc_init_device(num, t);
		acc_shutdown_device(num, t);
	}
#endif
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
