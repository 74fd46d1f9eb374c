/* loop reductions on a tile loop and nested in a routine's worker loop:
 * `loop vector tile(4,8) reduction(+:)` over a gang-private sum and count
 * (declared in the gang loop's body); construct-level scalar and array
 * reductions on `parallel loop tile(8,4)`; a `routine worker` whose worker
 * loop holds a `loop vector reduction(+:)` (uniform rounds, one lane writes
 * each row's result), called from a gang loop and from a parallel region. */
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>

#define B 6
#define N 30
#define M 20
#define R 37
#define C 150

static float a[B][N][M];
static float g[R * C];

#pragma acc routine worker
void row_sums(const float *x, float *out, int rows, int cols)
{
#pragma acc loop worker
	for (int i = 0; i < rows; i++) {
		float s = 0;
#pragma acc loop vector reduction(+:s)
		for (int j = 0; j < cols; j++)
			s += x[i * cols + j];
		out[i] = s;
	}
}

int main(void)
{
	for (int b = 0; b < B; b++)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++)
				a[b][i][j] = (float)((b + i * 3 + j) % 11);
	for (int i = 0; i < R * C; i++)
		g[i] = (float)(i % 9) * 0.5f;
	int bad = 0;

	/* 1. a vector tile loop with loop reductions inside a gang loop */
	float out[B];
	int cnt[B];
#pragma acc parallel loop gang copyin(a) copyout(out, cnt) vector_length(32)
	for (int b = 0; b < B; b++) {
		float t = 0;
		int c = 0;
#pragma acc loop vector tile(4, 8) reduction(+:t) reduction(+:c)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++) {
				t += a[b][i][j];
				c += a[b][i][j] > 5;
			}
		out[b] = t;
		cnt[b] = c;
	}
	for (int b = 0; b < B; b++) {
		float t = 0;
		int c = 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++) {
				t += a[b][i][j];
				c += a[b][i][j] > 5;
			}
		bad += out[b] != t || cnt[b] != c;
	}
	printf("1: out[0] = %.1f, cnt[0] = %d, out[5] = %.1f, cnt[5] = %d\n", out[0], cnt[0], out[5], cnt[5]);

	/* 2. construct-level reductions on a tile loop */
	float s = 0, mx = -1;
	int h[4] = {0};
#pragma acc parallel loop tile(8, 4) reduction(+:s) reduction(+:h) reduction(max:mx) copyin(a)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			s += a[1][i][j];
			h[(i + j) % 4] += 1;
			if (a[1][i][j] + i > mx)
				mx = a[1][i][j] + i;
		}
	float ws = 0, wmx = -1;
	int wh[4] = {0};
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			ws += a[1][i][j];
			wh[(i + j) % 4] += 1;
			if (a[1][i][j] + i > wmx)
				wmx = a[1][i][j] + i;
		}
	bad += s != ws || mx != wmx;
	for (int k = 0; k < 4; k++)
		bad += h[k] != wh[k];
	printf("2: s = %.1f, mx = %.1f, h = %d %d %d %d\n", s, mx, h[0], h[1], h[2], h[3]);

	/* 3. a worker routine with a vector reduction in its worker loop */
	float rs[R], rs2[2 * R];
#pragma acc parallel num_gangs(1) num_workers(4) vector_length(32) copyin(g) copyout(rs)
	{
		row_sums(g, rs, R, C);
	}
#pragma acc parallel loop gang num_workers(2) vector_length(64) copyin(g) copyout(rs2)
	for (int k = 0; k < 2; k++)
		row_sums(g, &rs2[k * R], R, C);
	for (int i = 0; i < R; i++) {
		float w = 0;
		for (int j = 0; j < C; j++)
			w += g[i * C + j];
		bad += rs[i] != w || rs2[i] != w || rs2[R + i] != w;
	}
	printf("3: rs[0] = %.1f, rs[36] = %.1f, rs2[40] = %.1f\n", rs[0], rs[36], rs2[40]);

	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
