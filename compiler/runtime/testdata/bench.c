/* Measures the runtime on the selected device: program build time (cold: a
 * source PoCL has never cached; warm: the same source again, served by PoCL's
 * on-disk kernel cache), the first launch, steady launch overhead, and copy
 * bandwidth. Prints "bench: NAME VALUE UNIT" lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "accrt.h"

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double build_raw(const char *src)
{
	cl_int err;
	cl_device_id dev = accrt_device_id();
	cl_program p = clCreateProgramWithSource(accrt_context(), 1, &src, NULL, &err);
	double t0 = now_ms(), t;
	err |= clBuildProgram(p, 1, &dev, "", NULL, NULL);
	t = now_ms() - t0;
	if (err != CL_SUCCESS)
		fprintf(stderr, "bench: build failed %d\n", err);
	clReleaseProgram(p);
	return t;
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? (size_t)atoi(argv[1]) : 64;
	int launches = argc > 2 ? atoi(argv[2]) : 2000;
	char *src = malloc(1024);
	const accrt_device_info_t *info;
	accrt_kernel_t *k;
	size_t g[3] = {1024, 1, 1}, l[3] = {64, 1, 1}, bytes = mib << 20;
	double t0, t;
	int i, n = 1024, reps = 5;
	char *buf;
	accrt_dev d;

	info = accrt_device_info();
	printf("bench: device '%s' (%s)\n", info->name, info->platform);
	snprintf(src, 1024,
	         "__kernel void unique_%.0f(__global int *p) { p[0] = 1; }\n" /* defeats PoCL's cache */
	         "__kernel void k(__global float *a_base, ulong a_off, int n) {\n"
	         "  __global float *a = (__global float *)((__global char *)a_base + a_off);\n"
	         "  int i = get_global_id(0);\n  if (i < n) a[i] = a[i] * 2.0f + 1.0f;\n}\n",
	         now_ms() * 1e3 + (double)clock());
	printf("bench: build_cold %.1f ms\n", build_raw(src));
	printf("bench: build_warm %.1f ms\n", build_raw(src));

	buf = calloc(1, bytes);
	d = accrt_enter(ACCRT_CREATE, buf, (size_t)n * sizeof(float), ACCRT_DYNAMIC, "buf", "bench.c:1");
	k = accrt_kernel(accrt_program(src, "bench.cl"), "k");
	accrt_arg_dev(k, 0, d);
	accrt_arg(k, 2, sizeof n, &n);
	t0 = now_ms();
	accrt_launch(k, 1, g, l, ACCRT_SYNC);
	printf("bench: first_launch %.3f ms\n", now_ms() - t0);
	t0 = now_ms();
	for (i = 0; i < launches; i++)
		accrt_launch(k, 1, g, l, ACCRT_SYNC);
	t = now_ms() - t0;
	printf("bench: launch_sync %.1f us\n", t * 1e3 / launches);
	t0 = now_ms();
	for (i = 0; i < launches; i++)
		accrt_launch(k, 1, g, l, 0);
	accrt_wait(0);
	t = now_ms() - t0;
	printf("bench: launch_async %.1f us\n", t * 1e3 / launches);
	accrt_exit(ACCRT_DELETE, buf, (size_t)n * sizeof(float), ACCRT_DYNAMIC, "buf", "bench.c:1");

	d = accrt_enter(ACCRT_CREATE, buf, bytes, ACCRT_DYNAMIC, "buf", "bench.c:2");
	accrt_update_device(buf, bytes, 0, "buf", "bench.c:3"); /* first touch */
	accrt_update_self(buf, bytes, 0, "buf", "bench.c:3");
	t0 = now_ms();
	for (i = 0; i < reps; i++)
		accrt_update_device(buf, bytes, 0, "buf", "bench.c:3");
	t = now_ms() - t0;
	printf("bench: h2d %.2f GB/s (%zu MiB)\n", (double)bytes * reps / (t * 1e6), mib);
	t0 = now_ms();
	for (i = 0; i < reps; i++)
		accrt_update_self(buf, bytes, 0, "buf", "bench.c:4");
	t = now_ms() - t0;
	printf("bench: d2h %.2f GB/s (%zu MiB)\n", (double)bytes * reps / (t * 1e6), mib);
	t0 = now_ms();
	for (i = 0; i < reps; i++) {
		accrt_enter(ACCRT_COPYIN, buf + bytes / 2, bytes / 2, 0, "b", "bench.c:5");
		accrt_exit(ACCRT_COPYIN, buf + bytes / 2, bytes / 2, 0, "b", "bench.c:5");
	}
	(void)d;
	accrt_exit(ACCRT_DELETE, buf, bytes, ACCRT_DYNAMIC, "buf", "bench.c:6");
	t0 = now_ms();
	for (i = 0; i < reps; i++) {
		accrt_enter(ACCRT_COPYIN, buf, bytes, 0, "buf", "bench.c:7");
		accrt_exit(ACCRT_COPYIN, buf, bytes, 0, "buf", "bench.c:7");
	}
	t = now_ms() - t0;
	printf("bench: copyin_alloc %.2f GB/s (allocate + write + free, %zu MiB)\n", (double)bytes * reps / (t * 1e6),
	       mib);
	free(buf);
	free(src);
	return 0;
}
