/* The acc_* API of openacc.h on top of the present table, device addresses,
 * async launches, and shutdown/re-initialization. */
#include <stdint.h>
#include "common.h"
#include "openacc.h"

#define N 128
static int a[N], b[N];

int main(int argc, char **argv)
{
	int i;
	char *d, *m;
	acc_device_t t;
	accrt_dev v;

	if (argc > 1 && strcmp(argv[1], "free-bad") == 0) {
		acc_free(a);
		return 0;
	}
	if (argc > 1 && strcmp(argv[1], "devptr-bad") == 0) {
		accrt_devptr(a, "p", "api.c:9");
		return 0;
	}
	for (i = 0; i < N; i++)
		a[i] = i;
	CHECK(acc_get_num_devices(acc_device_host) == 1);
	CHECK(acc_get_num_devices(acc_device_not_host) >= 1);
	CHECK(acc_get_num_devices(acc_device_default) == acc_get_num_devices(acc_device_not_host));
	CHECK(acc_get_num_devices(acc_device_opencl_gpu) + acc_get_num_devices(acc_device_opencl_cpu) +
	              acc_get_num_devices(acc_device_opencl_accelerator) <=
	      acc_get_num_devices(acc_device_not_host));
	CHECK(!acc_is_present(a, sizeof a)); /* before initialization */
	acc_init(acc_device_default);
	t = acc_get_device_type();
	CHECK(t == acc_device_opencl_gpu || t == acc_device_opencl_cpu || t == acc_device_opencl_accelerator);
	CHECK(acc_get_num_devices(t) >= 1);

	d = acc_copyin(a, sizeof a);
	CHECK(d != NULL && (void *)d != (void *)a);
	CHECK(acc_is_present(a, sizeof a));
	CHECK(acc_is_present(a + 5, 10 * sizeof(int)));
	CHECK(acc_is_present(a + 5, 0));
	CHECK(!acc_is_present(a, sizeof a + 4)); /* partly present is not present */
	CHECK(!acc_is_present(b, 4));
	CHECK(acc_deviceptr(a) == d);
	CHECK(acc_deviceptr(a + 5) == d + 5 * sizeof(int));
	CHECK(acc_deviceptr(b) == NULL);
	CHECK(acc_hostptr(d + 7 * sizeof(int)) == (void *)(a + 7));
	CHECK(acc_hostptr(a) == NULL);
	CHECK(dref(a) == 1 && sref(a) == 0);
	CHECK(acc_copyin(a, sizeof a) == d && dref(a) == 2);

	/* the deviceptr clause: a device address back to {buffer, offset} */
	v = accrt_devptr(d + 4 * sizeof(int), "d", "api.c:40");
	CHECK(v.mem != NULL && v.offset == 4 * sizeof(int));
	CHECK(v.mem == accrt_lookup(a, 4, "a", "api.c:41").mem);
	dev_inc(v, 10, 1000); /* device a[4:10] += 1000 */
	CHECK(all_eq(a, 0, N, 0));
	acc_update_self(a + 6, 2 * sizeof(int));
	CHECK(all_eq(a, 0, 6, 0) && all_eq(a, 6, 8, 1000) && all_eq(a, 8, N, 0));
	a[0] = -1;
	acc_update_device(a, sizeof(int));
	acc_copyout(a, sizeof a); /* dynamic 2 -> 1: nothing copied */
	CHECK(acc_is_present(a, sizeof a) && a[4] == 4);
	acc_copyout(a, sizeof a); /* 1 -> 0: copied back, freed */
	CHECK(!acc_is_present(a, sizeof a));
	CHECK(a[0] == -1 && all_eq(a, 1, 4, 0) && all_eq(a, 4, 14, 1000) && all_eq(a, 14, N, 0));

	/* create / delete / finalize */
	acc_create(b, sizeof b);
	acc_create(b, sizeof b);
	acc_copyin(b, sizeof b);
	CHECK(dref(b) == 3);
	acc_delete(b, sizeof b);
	CHECK(dref(b) == 2);
	acc_delete_finalize(b, sizeof b);
	CHECK(!acc_is_present(b, sizeof b));
	for (i = 0; i < N; i++)
		b[i] = i;
	acc_copyin(b, sizeof b);
	acc_copyin(b, sizeof b);
	dev_inc(accrt_lookup(b, sizeof b, "b", "api.c:70"), N, 1);
	acc_copyout_finalize(b, sizeof b);
	CHECK(!acc_is_present(b, sizeof b) && all_eq(b, 0, N, 1));

	/* acc_malloc / acc_free */
	m = acc_malloc(1000);
	CHECK(m != NULL && acc_hostptr(m) == NULL);
	v = accrt_devptr(m + 16, "m", "api.c:80");
	CHECK(v.mem != NULL && v.offset == 16);
	acc_free(m);
	CHECK(acc_malloc(0) == NULL);
	acc_free(NULL);

	/* async launches on two queues, then wait */
	for (i = 0; i < N; i++)
		a[i] = i;
	v = accrt_enter(ACCRT_COPY, a, sizeof a, 0, "a", "api.c:90");
	for (i = 0; i < 10; i++)
		dev_inc_async(v, N, 1, 1);
	accrt_wait(1);
	dev_inc_async(v, N / 2, 5, acc_async_noval);
	acc_wait_all();
	accrt_wait(7); /* a queue never used: nothing to do */
	dev_inc_async(v, N, 100, 3);
	/* a synchronous exit does not wait for other queues (accrt.h section 5):
	 * the program waits for queue 3, as OpenACC requires */
	accrt_wait(3);
	accrt_exit(ACCRT_COPY, a, sizeof a, 0, "a", "api.c:90");
	CHECK(all_eq(a, 0, N / 2, 115) && all_eq(a, N / 2, N, 110));

	/* shutdown drops everything; the next use initializes again */
	acc_copyin(a, sizeof a);
	acc_shutdown(acc_device_default);
	CHECK(!acc_is_present(a, sizeof a));
	d = acc_copyin(a, sizeof a);
	CHECK(d != NULL && acc_is_present(a, sizeof a));
	acc_delete(a, sizeof a);
	CHECK(accrt_device_info()->max_work_group_size >= 1 && accrt_device_info()->compute_units >= 1);
	return finish("api");
}
