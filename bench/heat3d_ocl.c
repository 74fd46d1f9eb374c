/* heat-3d, hand-written OpenCL: one work-item per interior point of a sweep
 * (3-D NDRange, k fastest, groups of 32x4x1), A and B stay on the device for
 * all steps (copied in once, read back once). */
#include "ocl.h"
#include <string.h>

#define IX(i, j, k) (((long)(i) * n + (j)) * n + (k))

static const char *src =
	"#define IX(i, j, k) (((long)(i) * n + (j)) * n + (k))\n"
	"__kernel void sweep(int n, __global const float *A, __global float *B)\n"
	"{\n"
	"	int k = get_global_id(0) + 1, j = get_global_id(1) + 1, i = get_global_id(2) + 1;\n"
	"	if (i >= n - 1 || j >= n - 1 || k >= n - 1) return;\n"
	"	B[IX(i, j, k)] = 0.125f * (A[IX(i + 1, j, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i - 1, j, k)]) +\n"
	"	                 0.125f * (A[IX(i, j + 1, k)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j - 1, k)]) +\n"
	"	                 0.125f * (A[IX(i, j, k + 1)] - 2.0f * A[IX(i, j, k)] + A[IX(i, j, k - 1)]) +\n"
	"	                 A[IX(i, j, k)];\n"
	"}\n";

static cl_kernel k;

static void heat3d(int n, int steps, float *A, float *B)
{
	size_t bytes = sizeof(float) * n * n * n;
	cl_mem dA = ocl_buffer(bytes, A), dB = ocl_buffer(bytes, B);
	size_t m = n - 2, l[3] = {32, 4, 1}, g[3] = {(m + 31) / 32 * 32, (m + 3) / 4 * 4, m};
	for (int t = 0; t < steps; t++) {
		ocl_args(k, 3, sizeof n, &n, sizeof dA, &dA, sizeof dB, &dB);
		CK(clEnqueueNDRangeKernel(q, k, 3, NULL, g, l, 0, NULL, NULL));
		ocl_args(k, 3, sizeof n, &n, sizeof dB, &dB, sizeof dA, &dA);
		CK(clEnqueueNDRangeKernel(q, k, 3, NULL, g, l, 0, NULL, NULL));
	}
	ocl_read(dA, bytes, A);
	ocl_read(dB, bytes, B);
	clReleaseMemObject(dA);
	clReleaseMemObject(dB);
}

static void heat3d_ref(int n, int steps, float *A, float *B)
{
	for (int t = 0; t < steps; t++) {
		for (int s = 0; s < 2; s++) {
			float *X = s ? B : A, *Y = s ? A : B;
			for (int i = 1; i < n - 1; i++)
				for (int j = 1; j < n - 1; j++)
					for (int k = 1; k < n - 1; k++)
						Y[IX(i, j, k)] = 0.125f * (X[IX(i + 1, j, k)] - 2.0f * X[IX(i, j, k)] + X[IX(i - 1, j, k)]) +
						                 0.125f * (X[IX(i, j + 1, k)] - 2.0f * X[IX(i, j, k)] + X[IX(i, j - 1, k)]) +
						                 0.125f * (X[IX(i, j, k + 1)] - 2.0f * X[IX(i, j, k)] + X[IX(i, j, k - 1)]) +
						                 X[IX(i, j, k)];
		}
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 128, steps = argc > 2 ? atoi(argv[2]) : 40;
	long nnn = (long)n * n * n;
	float *A = malloc(sizeof(float) * nnn), *B = malloc(sizeof(float) * nnn), *A0 = malloc(sizeof(float) * nnn);
	float *Ar = malloc(sizeof(float) * nnn), *Br = malloc(sizeof(float) * nnn);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++)
			for (int kk = 0; kk < n; kk++)
				A0[IX(i, j, kk)] = (float)((i + j + (n - kk)) % 10) * 0.1f;
	ocl_init();
	k = ocl_kernel(src, "sweep");
	double best = 1e30;
	for (int r = 0; r <= reps(); r++) {
		memcpy(A, A0, sizeof(float) * nnn);
		memcpy(B, A0, sizeof(float) * nnn);
		double t0 = now_ms();
		heat3d(n, steps, A, B);
		double t = now_ms() - t0;
		if (r > 0 && t < best)
			best = t;
	}
	memcpy(Ar, A0, sizeof(float) * nnn);
	memcpy(Br, A0, sizeof(float) * nnn);
	heat3d_ref(n, steps, Ar, Br);
	double check = 0;
	for (long i = 0; i < nnn; i++)
		check += A[i];
	report_err(best, check, max_abs_diff(A, Ar, nnn));
	return 0;
}
