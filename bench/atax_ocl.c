/* atax, hand-written OpenCL (PolyBench/GPU style): one work-item per row for
 * tmp = A x, one per column for y = A^T tmp (consecutive work-items read
 * consecutive columns), groups of 256; tmp stays on the device. */
#include "ocl.h"

static const char *src =
	"__kernel void atax1(int m, int n, __global const float *A, __global const float *x, __global float *tmp)\n"
	"{\n"
	"	int i = get_global_id(0);\n"
	"	if (i >= m) return;\n"
	"	float s = 0.0f;\n"
	"	for (int j = 0; j < n; j++)\n"
	"		s += A[i * n + j] * x[j];\n"
	"	tmp[i] = s;\n"
	"}\n"
	"__kernel void atax2(int m, int n, __global const float *A, __global const float *tmp, __global float *y)\n"
	"{\n"
	"	int j = get_global_id(0);\n"
	"	if (j >= n) return;\n"
	"	float s = 0.0f;\n"
	"	for (int i = 0; i < m; i++)\n"
	"		s += A[i * n + j] * tmp[i];\n"
	"	y[j] = s;\n"
	"}\n";

static cl_kernel k1, k2;

static void atax(int m, int n, const float *A, const float *x, float *y)
{
	cl_mem dA = ocl_buffer(sizeof(float) * m * n, A), dx = ocl_buffer(sizeof(float) * n, x);
	cl_mem dt = ocl_buffer(sizeof(float) * m, NULL), dy = ocl_buffer(sizeof(float) * n, NULL);
	ocl_args(k1, 5, sizeof m, &m, sizeof n, &n, sizeof dA, &dA, sizeof dx, &dx, sizeof dt, &dt);
	ocl_args(k2, 5, sizeof m, &m, sizeof n, &n, sizeof dA, &dA, sizeof dt, &dt, sizeof dy, &dy);
	ocl_run1(k1, m, 256);
	ocl_run1(k2, n, 256);
	ocl_read(dy, sizeof(float) * n, y);
	clReleaseMemObject(dA);
	clReleaseMemObject(dx);
	clReleaseMemObject(dt);
	clReleaseMemObject(dy);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096, m = n;
	float *A = malloc(sizeof(float) * m * n), *x = malloc(sizeof(float) * n), *tmp = malloc(sizeof(float) * m);
	float *y = malloc(sizeof(float) * n), *yr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)m * n; i++)
		A[i] = (float)(i % 9) * 0.125f;
	for (int j = 0; j < n; j++)
		x[j] = (float)(j % 5) - 2.0f;
	ocl_init();
	k1 = ocl_kernel(src, "atax1");
	k2 = ocl_kernel(src, "atax2");
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		double t0 = now_ms();
		atax(m, n, A, x, y);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < m; i++) {
		float s = 0.0f;
		for (int j = 0; j < n; j++)
			s += A[i * n + j] * x[j];
		tmp[i] = s;
	}
	for (int j = 0; j < n; j++) {
		float s = 0.0f;
		for (int i = 0; i < m; i++)
			s += A[i * n + j] * tmp[i];
		yr[j] = s;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += y[j];
	report_err(best, check, max_abs_diff(y, yr, n));
	return 0;
}
