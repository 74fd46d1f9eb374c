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
static cl_command_queue q;
static cl_device_id dev;

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
	q = clCreateCommandQueue(ctx, dev, 0, &err);
	CK(err);
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
	if (host)
		CK(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
	return m;
}
#endif
