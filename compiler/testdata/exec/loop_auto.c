/* auto on loops of parallel constructs: the compiler decides, as it does for
 * the loops of a kernels construct. An independent loop runs in parallel;
 * a prefix sum (a[i] depends on a[i-1]) stays sequential, as the outermost
 * loop of a parallel loop auto and as an inner loop auto inside a gang
 * loop; a loop without auto in the same construct is independent. */
#include <stdio.h>

#define N 3000
#define R 40
#define C 200

static double a[N], b[N], m[R][C];

int main(void)
{
	for (int i = 0; i < N; i++) {
		a[i] = i % 7;
		b[i] = 0;
	}
	for (int r = 0; r < R; r++)
		for (int c = 0; c < C; c++)
			m[r][c] = (r + c) % 5;
#pragma acc data copy(a, b)
	{
#pragma acc parallel loop auto
		for (int i = 0; i < N; i++)
			b[i] = 2 * a[i];
#pragma acc parallel loop auto
		for (int i = 1; i < N; i++)
			a[i] = a[i - 1] + a[i];
	}
#pragma acc parallel loop gang copy(m)
	for (int r = 0; r < R; r++) {
#pragma acc loop auto
		for (int c = 1; c < C; c++)
			m[r][c] += m[r][c - 1];
#pragma acc loop vector
		for (int c = 0; c < C; c++)
			m[r][c] *= 2;
	}
	int bad = 0;
	double run = 0, sb = 0, sm = 0;
	for (int i = 0; i < N; i++) {
		run += i % 7;
		bad += a[i] != run || b[i] != 2 * (i % 7);
		sb += b[i];
	}
	for (int r = 0; r < R; r++) {
		double rr = 0;
		for (int c = 0; c < C; c++) {
			rr += (r + c) % 5;
			bad += m[r][c] != 2 * rr;
			sm += m[r][c];
		}
	}
	printf("prefix %.1f b %.1f rows %.1f\n", run, sb, sm);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
