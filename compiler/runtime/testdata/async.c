/* Async queues at the accrt level (accrt.h section 5): data actions and
 * launches on queues, cross-queue waits, an async exit that leaves the present
 * table at once while its copy is in flight, synchronous launches followed by
 * async work, the test and wait-any routines; and the error paths. */
#include "common.h"
#include "openacc.h"

#define N 100000
static int a[N], b[N];

static int run_mode(const char *mode)
{
	char buf[64];
	if (strcmp(mode, "bad-async") == 0) {
		accrt_update_self_async(a, sizeof a, 0, -7, "a", "async.c:3");
		return 0;
	}
	if (strcmp(mode, "memcpy-past-end") == 0) {
		char *d = acc_malloc(100);
		acc_memcpy_to_device(d + 50, buf, 64);
		return 0;
	}
	if (strcmp(mode, "memcpy-not-device") == 0) {
		acc_memcpy_from_device(buf, a, 8);
		return 0;
	}
	if (strcmp(mode, "memcpy-overlap") == 0) {
		char *d = acc_malloc(100);
		acc_memcpy_device(d + 10, d, 20);
		return 0;
	}
	if (strcmp(mode, "snapshot") == 0) {
		/* an async copy to the device takes the data when it is called:
		 * the host overwrites it at once, and the device has the old values */
		static int h[N];
		int bad = 0;
		for (int i = 0; i < N; i++)
			h[i] = i;
		acc_copyin_async(h, sizeof h, 1);
		memset(h, 0, sizeof h);
		acc_wait(1);
		acc_update_self(h, sizeof h);
		for (int i = 0; i < N; i++)
			bad += h[i] != i;
		printf("snapshot: %d wrong\n", bad);
		return 0;
	}
	if (strcmp(mode, "map-not-malloc") == 0) {
		static char host[64], other[64];
		acc_copyin(other, 64);
		acc_map_data(host, acc_deviceptr(other), 64);
		return 0;
	}
	if (strcmp(mode, "map-present") == 0) {
		static char host[64];
		char *d = acc_malloc(64);
		acc_copyin(host + 16, 8);
		acc_map_data(host, d, 64);
		return 0;
	}
	if (strcmp(mode, "map-past-end") == 0) {
		static char host[64];
		char *d = acc_malloc(64);
		acc_map_data(host, d + 8, 64);
		return 0;
	}
	if (strcmp(mode, "unmap-not-mapped") == 0) {
		static char host[64];
		acc_copyin(host, 64);
		acc_unmap_data(host);
		return 0;
	}
	if (strcmp(mode, "device-num") == 0) {
		acc_set_device_num(999, acc_device_default);
		return 0;
	}
	if (strcmp(mode, "type-missing") == 0 || strcmp(mode, "num-missing") == 0) {
		/* switching to a type no device has, after initialization; or,
		 * before it, to device 0 of such a type */
		acc_device_t types[3] = {acc_device_opencl_accelerator, acc_device_opencl_gpu, acc_device_opencl_cpu};
		int i;
		if (strcmp(mode, "type-missing") == 0)
			accrt_init();
		for (i = 0; i < 3; i++)
			if (acc_get_num_devices(types[i]) == 0) {
				if (strcmp(mode, "type-missing") == 0)
					acc_set_device_type(types[i]);
				else
					acc_set_device_num(0, types[i]);
				accrt_init();
				return 0;
			}
		printf("every device type exists\n");
		return 0;
	}
	if (strcmp(mode, "devnum") == 0) {
		/* wait(devnum:): the current device's number passes the queue
		 * through, another device of the type gives queue 0, a number
		 * that names no device is an error */
		acc_device_t type = acc_get_device_type();
		int cur = acc_get_device_num(type), count = acc_get_num_devices(type);
		if (accrt_devnum_queue(cur, 5, "async.c:6") != 5 ||
		    (count > 1 && accrt_devnum_queue(cur == 0 ? 1 : 0, 5, "async.c:6") != ACCRT_SYNC)) {
			printf("FAIL accrt_devnum_queue\n");
			return 1; /* exit 1, not the 2 of the error below */
		}
		accrt_devnum_queue(count, 5, "async.c:7");
		return 0;
	}
	if (strcmp(mode, "host-type") == 0) { /* the host as the device: host memory is the device's */
		int *m;
		acc_set_device_type(acc_device_host);
		m = acc_malloc(4 * sizeof *m);
		m[3] = 7;
		if (!accrt_on_host() || acc_get_device_type() != acc_device_host || !acc_is_present(m, 4 * sizeof *m) ||
		    acc_deviceptr(m) != (void *)m || acc_copyin(m, sizeof *m) != (void *)m || m[3] != 7) {
			printf("FAIL host type\n");
			return 1;
		}
		acc_copyout(m, sizeof *m);
		acc_free(m);
		printf("host type ok\n");
		acc_set_device_type(acc_device_default); /* back to an OpenCL device */
		return accrt_on_host();
	}
	if (strcmp(mode, "host-kernel") == 0) {
		acc_set_device_type(acc_device_host);
		(void)accrt_program("__kernel void k(__global int *p) { p[0] = 1; }\n", "one.cl");
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	int i, q[3];
	accrt_dev da, db;
	if (argc > 1)
		return run_mode(argv[1]);
	for (i = 0; i < N; i++)
		a[i] = b[i] = i;

	/* an async entry is present at once; kernels on the same queue follow it */
	da = accrt_enter_async(ACCRT_COPYIN, a, sizeof a, ACCRT_DYNAMIC, 1, "a", "async.c:10");
	CHECK(dref(a) == 1);
	dev_inc_async(da, N, 1, 1);
	dev_inc_async(da, N, 1, 1);
	/* queue 2 waits for queue 1 without the host waiting, then goes on */
	db = accrt_enter_async(ACCRT_COPYIN, b, sizeof b, ACCRT_DYNAMIC, 2, "b", "async.c:11");
	accrt_wait_async(1, 2);
	dev_inc_async(da, N, 10, 2);
	dev_inc_async(db, N, 5, 2);
	/* the exits leave the table at once, their copies are still queued */
	accrt_exit_async(ACCRT_COPYOUT, a, sizeof a, ACCRT_DYNAMIC, 2, "a", "async.c:12");
	accrt_exit_async(ACCRT_COPYOUT, b, sizeof b, ACCRT_DYNAMIC, 2, "b", "async.c:13");
	CHECK(!accrt_present_counts(a, NULL, NULL) && !accrt_present_counts(b, NULL, NULL));
	accrt_wait(2);
	CHECK(accrt_async_test(2) && accrt_async_test(1));
	CHECK(all_eq(a, 0, N, 12));
	CHECK(all_eq(b, 0, N, 5));

	/* synchronous launches do not block, yet async work after them sees
	 * their results (queue 3 waits for queue 0's last event) */
	da = accrt_enter(ACCRT_COPYIN, a, sizeof a, 0, "a", "async.c:20");
	for (i = 0; i < 20; i++)
		dev_inc(da, N, 1);
	dev_inc_async(da, N, 100, 3);
	accrt_update_self_async(a, sizeof a, 0, 3, "a", "async.c:21");
	accrt_wait(3);
	CHECK(all_eq(a, 0, N, 132));
	/* a synchronous exit copy waits for the launches before it; 5000
	 * launches nobody waits for keep the list of pending events bounded */
	for (i = 0; i < 5000; i++)
		dev_inc(da, 1000, 1);
	dev_inc(da, N, 1);
	accrt_exit(ACCRT_COPYOUT, a, sizeof a, 0, "a", "async.c:22");
	CHECK(all_eq(a, 0, 1000, 5133) && all_eq(a, 1000, N, 133));
	for (i = 0; i < 1000; i++)
		a[i] -= 5000;

	/* acc_async_noval and the default async queue */
	CHECK(acc_get_default_async() == acc_async_noval);
	acc_set_default_async(4);
	da = accrt_enter_async(ACCRT_COPYIN, a, sizeof a, ACCRT_DYNAMIC, ACCRT_ASYNC_NOVAL, "a", "async.c:30");
	dev_inc_async(da, N, 1, 4);
	accrt_exit_async(ACCRT_COPYOUT, a, sizeof a, ACCRT_DYNAMIC, ACCRT_ASYNC_NOVAL, "a", "async.c:31");
	accrt_wait(4);
	CHECK(all_eq(a, 0, N, 134));
	acc_set_default_async(acc_async_noval);
	CHECK(acc_get_default_async() == acc_async_noval);

	/* test and wait-any */
	q[0] = ACCRT_SYNC;
	q[1] = 5;
	q[2] = 6;
	CHECK(accrt_async_test(ACCRT_SYNC) && accrt_async_test(77) && accrt_async_test_all());
	da = accrt_enter(ACCRT_COPYIN, a, sizeof a, 0, "a", "async.c:40");
	for (i = 0; i < 50; i++)
		dev_inc_async(da, N, 1, 5);
	i = accrt_wait_any(3, q);
	CHECK(i == 2 || i == 1);
	CHECK(accrt_async_test(q[i]));
	CHECK(accrt_wait_any(1, q) == -1);
	accrt_wait_all_async(6);
	accrt_update_self_async(a, sizeof a, 0, 6, "a", "async.c:41");
	accrt_wait(6);
	CHECK(all_eq(a, 0, N, 184));
	accrt_wait_all();
	CHECK(accrt_async_test_all());
	accrt_exit(ACCRT_DELETE, a, sizeof a, 0, "a", "async.c:42");
	return finish("async");
}
