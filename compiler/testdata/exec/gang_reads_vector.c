/* Gang-level code reading what a vector loop wrote: row sums computed at
 * gang level from a vector loop's results, then a vector loop normalising
 * with them (dyadic values: exact); a gang-level read-modify-write of
 * values the vector loop produced, in a parallel region and a gang loop. */
#include <stdio.h>

#define N 24
#define M 64

static float a[N][M], b[N][M], c[N][M], sum[N];
static int acc[N], v[N][M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = (float)((i + j) % 5 + 1);
#pragma acc parallel loop gang vector_length(32) copyin(a) copyout(b, c, sum)
	for (int i = 0; i < N; i++) {
#pragma acc loop vector
		for (int j = 0; j < M; j++)
			b[i][j] = a[i][j] * 2.0f;
		float s = 0.0f;
		for (int j = 0; j < M; j++)
			s += b[i][j];
		sum[i] = s;
#pragma acc loop vector
		for (int j = 0; j < M; j++)
			c[i][j] = b[i][j] * 64.0f / s;
	}
#pragma acc parallel loop gang num_workers(2) vector_length(32) copyout(acc, v)
	for (int i = 0; i < N; i++) {
#pragma acc loop worker vector
		for (int j = 0; j < M; j++)
			v[i][j] = i * j;
		acc[i] = 0;
		for (int j = 0; j < M; j += 8)
			acc[i] += v[i][j];
#pragma acc loop worker vector
		for (int j = 0; j < M; j++)
			v[i][j] -= acc[i];
	}
	double ts = 0, tc = 0;
	long tv = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		float s = 0.0f;
		int e = 0;
		for (int j = 0; j < M; j++)
			s += 2.0f * a[i][j];
		for (int j = 0; j < M; j += 8)
			e += i * j;
		if (sum[i] != s || acc[i] != e)
			bad++;
		ts += sum[i];
		for (int j = 0; j < M; j++) {
			if (c[i][j] != 2.0f * a[i][j] * 64.0f / s || v[i][j] != i * j - e)
				bad++;
			tc += c[i][j];
			tv += v[i][j];
		}
	}
	printf("sums %.1f normalised %.4f v %ld\n", ts, tc, tv);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
