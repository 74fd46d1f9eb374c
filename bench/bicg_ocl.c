/* bicg, hand-written OpenCL (PolyBench/GPU style): one work-item per row for
 * q = A p, one per column for s = A^T r, groups of 256; A copied once. */
#include "ocl.h"

static const char *src =
	"__kernel void bicg1(int n, __global const float *A, __global const float *p, __global float *q)\n"
	"{\n"
	"	int i = get_global_id(0);\n"
	"	if (i >= n) return;\n"
	"	float t = 0.0f;\n"
	"	for (int j = 0; j < n; j++)\n"
	"		t += A[i * n + j] * p[j];\n"
	"	q[i] = t;\n"
	"}\n"
	"__kernel void bicg2(int n, __global const float *A, __global const float *r, __global float *s)\n"
	"{\n"
	"	int j = get_global_id(0);\n"
	"	if (j >= n) return;\n"
	"	float t = 0.0f;\n"
	"	for (int i = 0; i < n; i++)\n"
	"		t += r[i] * A[i * n + j];\n"
	"	s[j] = t;\n"
	"}\n";

static cl_kernel k1, k2;

static void bicg(int n, const float *A, const float *p, const float *r, float *q, float *s)
{
	size_t v = sizeof(float) * n;
	cl_mem dA = ocl_buffer(v * n, A), dp = ocl_buffer(v, p), dr = ocl_buffer(v, r);
	cl_mem dq = ocl_buffer(v, NULL), ds = ocl_buffer(v, NULL);
	ocl_args(k1, 4, sizeof n, &n, sizeof dA, &dA, sizeof dp, &dp, sizeof dq, &dq);
	ocl_args(k2, 4, sizeof n, &n, sizeof dA, &dA, sizeof dr, &dr, sizeof ds, &ds);
	ocl_run1(k1, n, 256);
	ocl_run1(k2, n, 256);
	ocl_read(dq, v, q);
	ocl_read(ds, v, s);
	clReleaseMemObject(dA);
	clReleaseMemObject(dp);
	clReleaseMemObject(dr);
	clReleaseMemObject(dq);
	clReleaseMemObject(ds);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4096;
	float *A = malloc(sizeof(float) * n * n), *p = malloc(sizeof(float) * n), *r = malloc(sizeof(float) * n);
	float *q = malloc(sizeof(float) * n), *s = malloc(sizeof(float) * n);
	float *qr = malloc(sizeof(float) * n), *sr = malloc(sizeof(float) * n);
	for (long i = 0; i < (long)n * n; i++)
		A[i] = (float)(i % 7) * 0.25f;
	for (int j = 0; j < n; j++) {
		p[j] = (float)(j % 3) - 1.0f;
		r[j] = (float)(j % 5) * 0.5f;
	}
	ocl_init();
	k1 = ocl_kernel(src, "bicg1");
	k2 = ocl_kernel(src, "bicg2");
	double best = 1e30;
	for (int k = 0; k <= reps(); k++) {
		double t0 = now_ms();
		bicg(n, A, p, r, q, s);
		double t = now_ms() - t0;
		if (k > 0 && t < best)
			best = t;
	}
	for (int i = 0; i < n; i++) {
		float t = 0.0f;
		for (int j = 0; j < n; j++)
			t += A[i * n + j] * p[j];
		qr[i] = t;
	}
	for (int j = 0; j < n; j++) {
		float t = 0.0f;
		for (int i = 0; i < n; i++)
			t += r[i] * A[i * n + j];
		sr[j] = t;
	}
	double check = 0;
	for (int j = 0; j < n; j++)
		check += q[j] + s[j];
	double e1 = max_abs_diff(q, qr, n), e2 = max_abs_diff(s, sr, n);
	report_err(best, check, e1 > e2 ? e1 : e2);
	return 0;
}
