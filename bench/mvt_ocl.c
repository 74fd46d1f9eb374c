/* mvt, hand-written OpenCL (PolyBench/GPU style): one work-item per element
 * of x1 (row of A) and of x2 (column of A: consecutive work-items read
 * consecutive columns), groups of 256; A copied once. */
#include "ocl.h"
#include <string.h>

static const char *src =
	"__kernel void mvt1(int n, __global const float *A, __global const float *y1, __global float *x1)\n"
	"{\n"
	"	int i = get_global_id(0);\n"
	"	if (i >= n) return;\n"
	"	float t = x1[i];\n"
	"	for (int j = 0; j < n; j++)\n"
	"		t += A[i * n + j] * y1[j];\n"
	"	x1[i] = t;\n"
	"}\n"
	"__kernel void mvt2(int n, __global const float *A, __global const float *y2, __global float *x2)\n"
	"{\n"
	"	int i = get_global_id(0);\n"
	"	if (i >= n) return;\n"
	"	float t = x2[i];\n"
	"	for (int j = 0; j < n; j++)\n"
	"		t += A[j * n + i] * y2[j];\n"
	"	x2[i] = t;\n"
	"}\n";

static cl_kernel k1, k2;

static void mvt(int n, const float *A, const float *y1, const float *y2, float *x1, float *x2)
{
	size_t v = sizeof(float) * n;
	cl_mem dA = ocl_buffer(v * n, A), d1 = ocl_buffer(v, y1), d2 = ocl_buffer(v, y2);
	cl_mem dx1 = ocl_buffer(v, x1), dx2 = ocl_buffer(v, x2);
	ocl_args(k1, 4, sizeof n, &n, sizeof dA, &dA, sizeof d1, &d1, sizeof dx1, &dx1);
	ocl_args(k2, 4, sizeof n, &n, sizeof dA, &dA, sizeof d2, &d2, sizeof dx2, &dx2);
	ocl_run1(k1, n, 256);
	ocl_run1(k2, n, 256);
	ocl_read(dx1, v, x1);
	ocl_read(dx2, v, x2);
	clReleaseMemObject(dA);
	clReleaseMemObject(d1);
	clReleaseMemObject(d2);
	clReleaseMemObject(dx1);
	clReleaseMemObject(dx2);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *y1 = malloc(sizeof(float) * n), *y2 = malloc(sizeof(float) * n);
	float *x1 = malloc(sizeof(float) * n), *x2 = malloc(sizeof(float) * n), *x10 = malloc(sizeof(float) * n);
	float *x20 = malloc(sizeof(float) * n), *r1 = malloc(sizeof(float) * n), *r2 = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++)
		A[i] = (float)(i % 5) * 0.5f;
	for (int j = 0; j < n; j++) {
		y1[j] = (float)(j % 3) - 1.0f;
		y2[j] = (float)(j % 7) * 0.25f;
		x10[j] = (float)(j % 4);
		x20[j] = (float)(j % 6) - 3.0f;
	}
	ocl_init();
	k1 = ocl_kernel(src, "mvt1");
	k2 = ocl_kernel(src, "mvt2");
	double best = 1e30;
	for (int k = 0; k <= reps(); k++) {
		memcpy(x1, x10, sizeof(float) * n);
		memcpy(x2, x20, sizeof(float) * n);
		double t0 = now_ms();
		mvt(n, A, y1, y2, x1, x2);
		double t = now_ms() - t0;
		if (k > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) {
		float t = x10[i], u = x20[i];
		for (int j = 0; j < n; j++) {
			t += A[i * n + j] * y1[j];
			u += A[j * n + i] * y2[j];
		}
		r1[i] = t;
		r2[i] = u;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += x1[j] + x2[j];
	double e1 = max_abs_diff(x1, r1, n), e2 = max_abs_diff(x2, r2, n);
	report_err(best, check, e1 > e2 ? e1 : e2);
	return 0;
}
