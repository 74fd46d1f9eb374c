/* gesummv, hand-written OpenCL (PolyBench/GPU style): one work-item per row,
 * groups of 256. */
#include "ocl.h"

static const char *src =
	"__kernel void gesummv(int n, float alpha, float beta, __global const float *A, __global const float *B,\n"
	"                      __global const float *x, __global float *y)\n"
	"{\n"
	"	int i = get_global_id(0);\n"
	"	if (i >= n) return;\n"
	"	float s = 0.0f, t = 0.0f;\n"
	"	for (int j = 0; j < n; j++) {\n"
	"		s += A[i * n + j] * x[j];\n"
	"		t += B[i * n + j] * x[j];\n"
	"	}\n"
	"	y[i] = alpha * s + beta * t;\n"
	"}\n";

static cl_kernel k;

static void gesummv(int n, float alpha, float beta, const float *A, const float *B, const float *x, float *y)
{
	size_t v = sizeof(float) * n;
	cl_mem dA = ocl_buffer(v * n, A), dB = ocl_buffer(v * n, B), dx = ocl_buffer(v, x), dy = ocl_buffer(v, NULL);
	ocl_args(k, 7, sizeof n, &n, sizeof alpha, &alpha, sizeof beta, &beta, sizeof dA, &dA, sizeof dB, &dB,
	         sizeof dx, &dx, sizeof dy, &dy);
	ocl_run1(k, n, 256);
	ocl_read(dy, v, y);
	clReleaseMemObject(dA);
	clReleaseMemObject(dB);
	clReleaseMemObject(dx);
	clReleaseMemObject(dy);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *B = malloc(sizeof(float) * n * n), *x = malloc(sizeof(float) * n);
	float *y = malloc(sizeof(float) * n), *yr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++) {
		A[i] = (float)(i % 7) * 0.25f;
		B[i] = (float)(i % 3) - 1.0f;
	}
	for (int j = 0; j < n; j++)
		x[j] = (float)(j % 5) * 0.5f;
	ocl_init();
	k = ocl_kernel(src, "gesummv");
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		double t0 = now_ms();
		gesummv(n, 1.5f, 0.5f, A, B, x, y);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) {
		float s = 0.0f, t = 0.0f;
		for (int j = 0; j < n; j++) {
			s += A[i * n + j] * x[j];
			t += B[i * n + j] * x[j];
		}
		yr[i] = 1.5f * s + 0.5f * t;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += y[j];
	report_err(best, check, max_abs_diff(y, yr, n));
	return 0;
}
