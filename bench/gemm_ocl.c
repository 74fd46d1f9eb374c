/* gemm, hand-written OpenCL: one work-item per element of C, 16x16 groups,
 * buffers created and copied in the timed region as in gemm.c. */
#include "ocl.h"

static const char *src =
	"__kernel void gemm(int n, __global const float *a, __global const float *b, __global float *c)\n"
	"{\n"
	"	int j = get_global_id(0), i = get_global_id(1);\n"
	"	if (i >= n || j >= n) return;\n"
	"	float s = 0.0f;\n"
	"	for (int k = 0; k < n; k++)\n"
	"		s += a[i * n + k] * b[k * n + j];\n"
	"	c[i * n + j] = s;\n"
	"}\n";

static cl_kernel k;

static void gemm(int n, const float *a, const float *b, float *c)
{
	size_t bytes = sizeof(float) * n * n;
	cl_mem da = ocl_buffer(bytes, a), db = ocl_buffer(bytes, b), dc = ocl_buffer(bytes, NULL);
	size_t l[2] = {16, 16}, g[2] = {(n + 15) / 16 * 16, (n + 15) / 16 * 16};
	CK(clSetKernelArg(k, 0, sizeof n, &n));
	CK(clSetKernelArg(k, 1, sizeof da, &da));
	CK(clSetKernelArg(k, 2, sizeof db, &db));
	CK(clSetKernelArg(k, 3, sizeof dc, &dc));
	CK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL));
	ocl_read(dc, bytes, c);
	clReleaseMemObject(da);
	clReleaseMemObject(db);
	clReleaseMemObject(dc);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 512;
	float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n), *c = malloc(sizeof(float) * n * n);
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7) * 0.5f;
		b[i] = (float)(i % 5) - 2.0f;
	}
	ocl_init();
	k = ocl_kernel(src, "gemm");
	gemm(n, a, b, c);
	double best = 1e30;
	for (int r = 0; r < reps(); r++) {
		double t0 = now_ms();
		gemm(n, a, b, c);
		double t = now_ms() - t0;
		best = t < best ? t : best;
	}
	double check = 0;
	for (int i = 0; i < n * n; i++)
		check += c[i];
	report(best, check);
	return 0;
}
