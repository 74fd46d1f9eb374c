/* routine seq: functions called from compute constructs. Return values of
 * several types, pointer parameters to device arrays (whole, offset, rows
 * of a 2-D array), a scalar in device memory by address, a routine calling
 * a routine, `routine(name)`, a local array and a `loop seq` in a routine,
 * an atomic in a routine, calls from parallel, kernels and serial
 * constructs, and acc_on_device in a serial construct. */
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

#define N 1000
#define M 8

#pragma acc routine seq
static float scale(float x, int k)
{
	return x * (float)k;
}

#pragma acc routine seq
double poly(double x)
{
	double c[3] = {1.0, 2.0, 0.5};
	double r = 0.0;
#pragma acc loop seq
	for (int i = 2; i >= 0; i--)
		r = r * x + c[i];
	return r;
}

/* sum of a row, through a pointer; calls another routine */
#pragma acc routine seq
long row_sum(const int *row, int m)
{
	long s = 0;
	for (int j = 0; j < m; j++)
		s += (long)scale((float)row[j], 1);
	return s;
}

void bump(int *counter, int by);
#pragma acc routine(bump) seq

void bump(int *counter, int by)
{
#pragma acc atomic update
	*counter += by;
}

#pragma acc routine seq
void fill(float *dst, int n, float v)
{
	for (int i = 0; i < n; i++)
		dst[i] = v + (float)i;
}

static float a[N], b[N];
static double p[N];
static int grid[N][M];
static long sums[N];
static float blk[4][16];

int main(void)
{
	int total = 0, ondev = 0;
	for (int i = 0; i < N; i++) {
		a[i] = (float)(i % 17);
		for (int j = 0; j < M; j++)
			grid[i][j] = i + j;
	}
#pragma acc parallel loop copyin(a, grid) copyout(b, p, sums) copy(total)
	for (int i = 0; i < N; i++) {
		b[i] = scale(a[i], 4);
		p[i] = poly((double)(i % 5));
		sums[i] = row_sum(grid[i], M);
		bump(&total, i % 3);
	}
#pragma acc kernels copyout(blk)
	{
		for (int r = 0; r < 4; r++)
			fill(&blk[r][0], 16, (float)(r * 100));
	}
#pragma acc serial copy(ondev)
	{
#ifdef _OPENACC
		/* exactly one holds: on the device (accls) or in a host fallback (gcc -fopenacc) */
		ondev = acc_on_device(acc_device_not_host) + acc_on_device(acc_device_host);
#else
		ondev = 1;
#endif
	}
	long want = 0;
	for (int i = 0; i < N; i++) {
		double x = i % 5;
		if (b[i] != a[i] * 4 || p[i] != 1.0 + 2.0 * x + 0.5 * x * x || sums[i] != (long)M * i + M * (M - 1) / 2) {
			printf("FAIL i = %d: %g %g %ld\n", i, b[i], p[i], sums[i]);
			return 1;
		}
		want += i % 3;
	}
	for (int r = 0; r < 4; r++)
		for (int j = 0; j < 16; j++)
			if (blk[r][j] != r * 100 + j) {
				printf("FAIL blk[%d][%d] = %g\n", r, j, blk[r][j]);
				return 1;
			}
	if (total != want || ondev != 1) {
		printf("FAIL total = %d (want %ld), ondev = %d\n", total, want, ondev);
		return 1;
	}
	printf("b[16] = %g, p[4] = %g, sums[999] = %ld\n", b[16], p[4], sums[999]);
	printf("blk[3][15] = %g, total = %d, on device = %d\n", blk[3][15], total, ondev);
	printf("OK\n");
	return 0;
}
