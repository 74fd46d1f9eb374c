/* cache staging benchmark (bench/cache/README.md): a matrix product
 * C = A B (A 1024x128, B 128x1024) with tile(16, 16) and
 * cache(A[i][0:K], B[0:K][j]): each group loads the tile's 16 rows of A and
 * 16 columns of B into __local memory. ms per product, data on the device.
 * Compare accls run --cache-stage (staged) with the default (the hint). */
#include <stdio.h>
#include <time.h>
#define N 1024
#define M 1024
#define K 128
#define T 5
static float A[N][K], B[K][M], C[N][M];
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void)
{
	for (int i = 0; i < N; i++)
		for (int k = 0; k < K; k++)
			A[i][k] = (float)((i + 2 * k) % 7 - 3);
	for (int k = 0; k < K; k++)
		for (int j = 0; j < M; j++)
			B[k][j] = (float)((3 * k + j) % 5 - 2);
	double t0 = 0, t1 = 0;
#pragma acc data copyin(A, B) copyout(C)
	{
		for (int t = 0; t <= T; t++) {
			if (t == 1)
				t0 = now();
#pragma acc parallel loop tile(16, 16)
			for (int i = 0; i < N; i++)
				for (int j = 0; j < M; j++) {
#pragma acc cache(A[i][0:K], B[0:K][j])
					float s = 0;
					for (int k = 0; k < K; k++)
						s += A[i][k] * B[k][j];
					C[i][j] = s;
				}
		}
#pragma acc wait
		t1 = now();
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			s += C[i][j];
	printf("matmul %dx%dx%d tile(16,16): %.3f ms/product (checksum %.0f)\n", N, M, K, (t1 - t0) * 1e3 / T, s);
	return 0;
}
