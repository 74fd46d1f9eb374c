/* dot product, hand-written OpenCL: grid-stride partial sums per work-item,
 * a tree in __local memory per group, the group sums added on the host;
 * copies in the timed region as in dot.c. */
#include "ocl.h"

#define WG 128
#define GROUPS 1024

static const char *src =
	"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
	"__kernel void dotp(int n, __global const float *x, __global const float *y, __local double *tmp, __global double *part)\n"
	"{\n"
	"	int l = get_local_id(0), ls = get_local_size(0);\n"
	"	double s = 0.0;\n"
	"	for (int i = get_global_id(0); i < n; i += get_global_size(0))\n"
	"		s += x[i] * y[i];\n"
	"	tmp[l] = s;\n"
	"	barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	for (int h = ls / 2; h > 0; h >>= 1) {\n"
	"		if (l < h) tmp[l] += tmp[l + h];\n"
	"		barrier(CLK_LOCAL_MEM_FENCE);\n"
	"	}\n"
	"	if (l == 0) part[get_group_id(0)] = tmp[0];\n"
	"}\n";

static cl_kernel k;

static double dot(int n, const float *x, const float *y)
{
	static double part[GROUPS];
	cl_mem dx = ocl_buffer(sizeof(float) * n, x), dy = ocl_buffer(sizeof(float) * n, y);
	cl_mem dp = ocl_buffer(sizeof part, NULL);
	size_t l = WG, g = WG * GROUPS;
	CK(clSetKernelArg(k, 0, sizeof n, &n));
	CK(clSetKernelArg(k, 1, sizeof dx, &dx));
	CK(clSetKernelArg(k, 2, sizeof dy, &dy));
	CK(clSetKernelArg(k, 3, sizeof(double) * WG, NULL));
	CK(clSetKernelArg(k, 4, sizeof dp, &dp));
	CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
	ocl_read(dp, sizeof part, part);
	double s = 0;
	for (int i = 0; i < GROUPS; i++)
		s += part[i];
	clReleaseMemObject(dx);
	clReleaseMemObject(dy);
	clReleaseMemObject(dp);
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
	float *x = malloc(sizeof(float) * n), *y = malloc(sizeof(float) * n);
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 16);
		y[i] = (float)(i % 3) * 0.5f;
	}
	ocl_init();
	k = ocl_kernel(src, "dotp");
	double s = dot(n, x, y), best = 1e30;
	for (int r = 0; r < reps(); r++) {
		double t0 = now_ms();
		s = dot(n, x, y);
		double t = now_ms() - t0;
		best = t < best ? t : best;
	}
	report(best, s);
	return 0;
}
