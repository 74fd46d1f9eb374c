/* syrk, hand-written OpenCL (PolyBench/GPU style): one work-item per element
 * of C (2-D NDRange, 16x16 groups), lower triangle only. */
#include "ocl.h"
#include <string.h>

static const char *src =
	"__kernel void syrk(int n, int m, float alpha, float beta, __global const float *A, __global float *C)\n"
	"{\n"
	"	int j = get_global_id(0), i = get_global_id(1);\n"
	"	if (i >= n || j > i) return;\n"
	"	float s = 0.0f;\n"
	"	for (int k = 0; k < m; k++)\n"
	"		s += A[i * m + k] * A[j * m + k];\n"
	"	C[i * n + j] = beta * C[i * n + j] + alpha * s;\n"
	"}\n";

static cl_kernel k;

static void syrk(int n, int m, float alpha, float beta, const float *A, float *C)
{
	cl_mem dA = ocl_buffer(sizeof(float) * n * m, A), dC = ocl_buffer(sizeof(float) * n * n, C);
	ocl_args(k, 6, sizeof n, &n, sizeof m, &m, sizeof alpha, &alpha, sizeof beta, &beta, sizeof dA, &dA, sizeof dC, &dC);
	ocl_run2(k, n, n);
	ocl_read(dC, sizeof(float) * n * n, C);
	clReleaseMemObject(dA);
	clReleaseMemObject(dC);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1024, m = argc > 2 ? atoi(argv[2]) : 512;
	float *A = malloc(sizeof(float) * n * m), *C = malloc(sizeof(float) * n * n), *C0 = malloc(sizeof(float) * n * n);
	float *Cr = malloc(sizeof(float) * n * n);
	for (long i = 0; i < (long)n * m; i++)
		A[i] = (float)(i % 9) * 0.125f;
	for (long i = 0; i < (long)n * n; i++)
		C0[i] = (float)(i % 4) - 1.5f;
	ocl_init();
	k = ocl_kernel(src, "syrk");
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		memcpy(C, C0, sizeof(float) * n * n);
		double t0 = now_ms();
		syrk(n, m, 1.5f, 0.5f, A, C);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	memcpy(Cr, C0, sizeof(float) * n * n);
	for (int i = 0; i < n; i++)
		for (int j = 0; j <= i; j++) {
			float s = 0.0f;
			for (int k = 0; k < m; k++)
				s += A[i * m + k] * A[j * m + k];
			Cr[i * n + j] = 0.5f * Cr[i * n + j] + 1.5f * s;
		}
	double check = 0;
	for (long i = 0; i < (long)n * n; i++)
		check += C[i];
	report_err(best, check, max_abs_diff(C, Cr, (long)n * n));
	return 0;
}
