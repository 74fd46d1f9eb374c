/* cache staging benchmark (bench/cache/README.md): a 2-D 5-point Jacobi
 * stencil with cache(a[i-1:3][j-1:3]), as gang + vector loops and as
 * tile(32, 4); ms per sweep, data on the device. Compare accls run
 * --cache-stage (staged) with the default (the directive a hint). */
#include <stdio.h>
#include <time.h>
#define N 2048
#define T 20
static float a[N][N], b[N][N];
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			a[i][j] = b[i][j] = (float)((i * 7 + j * 3) % 11);
	double t0, t1, t2;
#pragma acc data copy(a, b)
	{
		/* warm up (kernel build) */
#pragma acc parallel loop gang
		for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
			for (int j = 1; j < N - 1; j++) {
#pragma acc cache(a[i-1:3][j-1:3])
				b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
			}
		}
#pragma acc parallel loop tile(32, 4)
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < N - 1; j++) {
#pragma acc cache(b[i-1:3][j-1:3])
				a[i][j] = 0.2f * (b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
			}
		t0 = now();
		for (int t = 0; t < T; t++) {
#pragma acc parallel loop gang
			for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
				for (int j = 1; j < N - 1; j++) {
#pragma acc cache(a[i-1:3][j-1:3])
					b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
				}
			}
#pragma acc parallel loop gang
			for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
				for (int j = 1; j < N - 1; j++) {
#pragma acc cache(b[i-1:3][j-1:3])
					a[i][j] = 0.2f * (b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
				}
			}
		}
#pragma acc wait
		t1 = now();
		for (int t = 0; t < T; t++) {
#pragma acc parallel loop tile(32, 4)
			for (int i = 1; i < N - 1; i++)
				for (int j = 1; j < N - 1; j++) {
#pragma acc cache(a[i-1:3][j-1:3])
					b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
				}
#pragma acc parallel loop tile(32, 4)
			for (int i = 1; i < N - 1; i++)
				for (int j = 1; j < N - 1; j++) {
#pragma acc cache(b[i-1:3][j-1:3])
					a[i][j] = 0.2f * (b[i][j] + b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1]);
				}
		}
#pragma acc wait
		t2 = now();
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			s += a[i][j];
	printf("jacobi %dx%d x%d: gang+vector %.3f ms/sweep, tile(32,4) %.3f ms/sweep (checksum %.3f)\n", N, N, T, (t1 - t0) * 1e3 / (2 * T), (t2 - t1) * 1e3 / (2 * T), s);
	return 0;
}
