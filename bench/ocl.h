/* Minimal OpenCL host setup for the hand-written twins of the benchmarks:
 * the first device of the type named by ACCLS_DEVICE (gpu or cpu; default:
 * the first GPU, else the first CPU), one context, one in-order queue. */
#ifndef BENCH_OCL_H
#define BENCH_OCL_H
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <string.h>
#include "common.h"

#define CK(x)                                                                      \
	do {                                                                       \
		cl_int e_ = (x);                                                   \
		if (e_ != CL_SUCCESS) {                                            \
			fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #x, e_); \
			exit(2);                                                   \
		}                                                                  \
	} while (0)

static cl_context ctx;
/* bytes moved by the twin (all runs), printed at exit as "bytes h2d=N d2h=M" */
static unsigned long long ocl_h2d, ocl_d2h;

static void ocl_print_bytes(void)
{
	printf("bytes h2d=%llu d2h=%llu\n", ocl_h2d, ocl_d2h);
}

static cl_command_queue q;
static cl_device_id dev;

/* BENCH_PROFILE=1: the queue profiles and the kernels' device time of the
 * whole run is printed at exit ("kernel_ms=T launches=N"), to compare
 * kernels alone with accls's ACCLS_PROFILE (bench/device.sh). Every launch
 * of a twin goes through ocl_enqueue_nd (the macro below). */
static int ocl_prof;
static cl_event *ocl_evs;
static size_t ocl_nev, ocl_capev;

static cl_int ocl_enqueue_nd(cl_command_queue cq, cl_kernel k, cl_uint dims, const size_t *off, const size_t *g,
                             const size_t *l, cl_uint nw, const cl_event *wait, cl_event *ev)
{
	cl_event mine;
	cl_int r = (clEnqueueNDRangeKernel)(cq, k, dims, off, g, l, nw, wait, ocl_prof ? &mine : ev);
	if (r != CL_SUCCESS || !ocl_prof)
		return r;
	if (ocl_nev == ocl_capev) {
		ocl_capev = ocl_capev ? 2 * ocl_capev : 256;
		ocl_evs = realloc(ocl_evs, ocl_capev * sizeof *ocl_evs);
	}
	ocl_evs[ocl_nev++] = mine;
	if (ev) {
		clRetainEvent(mine);
		*ev = mine;
	}
	return r;
}
#define clEnqueueNDRangeKernel ocl_enqueue_nd

static void ocl_print_kernel_time(void)
{
	double ms = 0;
	clFinish(q);
	for (size_t i = 0; i < ocl_nev; i++) {
		cl_ulong t0 = 0, t1 = 0;
		clGetEventProfilingInfo(ocl_evs[i], CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
		clGetEventProfilingInfo(ocl_evs[i], CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
		ms += (double)(t1 - t0) / 1e6;
	}
	printf("kernel_ms=%.3f launches=%zu\n", ms, ocl_nev);
}

static void ocl_init(void)
{
	cl_platform_id ps[8];
	cl_uint np = 0;
	const char *sel = getenv("ACCLS_DEVICE");
	cl_device_type want[2] = {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_CPU};
	int nwant = 2, found = 0;
	cl_int err;
	if (sel && strcmp(sel, "cpu") == 0)
		want[0] = CL_DEVICE_TYPE_CPU, nwant = 1;
	else if (sel && strcmp(sel, "gpu") == 0)
		nwant = 1;
	CK(clGetPlatformIDs(8, ps, &np));
	for (int w = 0; w < nwant && !found; w++)
		for (cl_uint p = 0; p < np && !found; p++)
			if (clGetDeviceIDs(ps[p], want[w], 1, &dev, NULL) == CL_SUCCESS)
				found = 1;
	if (!found) {
		fprintf(stderr, "no OpenCL device\n");
		exit(2);
	}
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	CK(err);
	ocl_prof = getenv("BENCH_PROFILE") && strcmp(getenv("BENCH_PROFILE"), "0") != 0;
	q = clCreateCommandQueue(ctx, dev, ocl_prof ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
	CK(err);
	atexit(ocl_print_bytes);
	if (ocl_prof)
		atexit(ocl_print_kernel_time);
}

static cl_kernel ocl_kernel(const char *src, const char *name)
{
	cl_int err;
	cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
	CK(err);
	if (clBuildProgram(p, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
		char log[16384];
		clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
		fprintf(stderr, "build failed:\n%s\n", log);
		exit(2);
	}
	cl_kernel k = clCreateKernel(p, name, &err);
	CK(err);
	return k;
}

static cl_mem ocl_buffer(size_t bytes, const void *host)
{
	cl_int err;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
	CK(err);
	if (host) {
		CK(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
		ocl_h2d += bytes;
	}
	return m;
}

static void ocl_read(cl_mem m, size_t bytes, void *host)
{
	CK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
	ocl_d2h += bytes;
}

/* Launch a 1-D kernel over n work-items in groups of wg (rounded up). */
static void ocl_run1(cl_kernel k, size_t n, size_t wg)
{
	size_t g = (n + wg - 1) / wg * wg;
	CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &wg, 0, NULL, NULL));
}

/* Launch a 2-D kernel: dimension 0 over n0 (fastest, j), 1 over n1, 16x16 groups. */
static void ocl_run2(cl_kernel k, size_t n0, size_t n1)
{
	size_t l[2] = {16, 16}, g[2] = {(n0 + 15) / 16 * 16, (n1 + 15) / 16 * 16};
	CK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL));
}

/* Set kernel arguments in order: ocl_args(k, 3, sizeof a, &a, sizeof b, &b, ...). */
#include <stdarg.h>
static void ocl_args(cl_kernel k, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		size_t sz = va_arg(ap, size_t);
		const void *p = va_arg(ap, const void *);
		CK(clSetKernelArg(k, i, sz, p));
	}
	va_end(ap);
}
#endif
