/* Loop nests of kernels constructs without loop directives. Tightly
 * nested loops whose bounds do not depend on the loops around them are
 * collapsed by the compiler (a 2-D or 3-D NDRange, as NVIDIA's compiler
 * partitions the outer loop over gangs and the inner one over vector
 * lanes) when the whole nest's iterations are independent: a stencil, a
 * 3-D nest, a sum over a matrix (a reduction of the collapsed nest), a
 * temporary of each iteration. Otherwise the outer loop alone: an inner
 * loop that carries a value along a row, a triangular nest; an outer loop
 * that carries one down the columns runs in order in one gang, the inner
 * loop over its lanes. Every result is checked against the host's. */
#include <stdio.h>

#define N 96
#define M 80
#define L 12

static float a[N][M], b[N][M], c[N][M], tri[N][N], cube[L][L][L];

int main(void)
{
	int bad = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = (float)((i * 7 + j * 3) % 16);
	float sum = 0, t;
#pragma acc data copyin(a) copyout(b, tri, cube) copy(c, sum)
	{
		/* a stencil: collapsed */
#pragma acc kernels
		for (int i = 1; i < N - 1; i++)
			for (int j = 1; j < M - 1; j++)
				b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
		/* a 3-D nest with a temporary: collapsed, t private */
#pragma acc kernels
		for (int x = 0; x < L; x++)
			for (int y = 0; y < L; y++)
				for (int z = 0; z < L; z++) {
					t = (float)(x * 4 + y * 2 + z);
					cube[x][y][z] = t * t;
				}
		/* a sum over the matrix: the collapsed nest's reduction */
#pragma acc kernels
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++)
				sum += a[i][j];
		/* a running value along each row: the rows in parallel */
#pragma acc kernels
		for (int i = 0; i < N; i++)
			for (int j = 1; j < M; j++)
				c[i][j] = c[i][j - 1] + a[i][j];
		/* a triangular nest: the outer loop */
#pragma acc kernels
		for (int i = 0; i < N; i++)
			for (int j = 0; j <= i; j++)
				tri[i][j] = (float)(i - j);
		/* a value carried down the columns: the rows in order, each
		 * row's elements across one gang's lanes */
#pragma acc kernels
		for (int i = 1; i < N; i++)
			for (int j = 0; j < M; j++)
				c[i][j] += c[i - 1][j] / 2;
	}
	float want_sum = 0;
	static float hc[N][M];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			want_sum += a[i][j];
			if (i > 0 && i < N - 1 && j > 0 && j < M - 1)
				bad += b[i][j] != (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
			hc[i][j] = j > 0 ? hc[i][j - 1] + a[i][j] : 0;
		}
	for (int i = 1; i < N; i++)
		for (int j = 0; j < M; j++)
			hc[i][j] += hc[i - 1][j] / 2;
	double cs = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			bad += c[i][j] != hc[i][j];
			cs += c[i][j];
		}
	for (int i = 0; i < N; i++)
		for (int j = 0; j <= i; j++)
			bad += tri[i][j] != (float)(i - j);
	for (int x = 0; x < L; x++)
		for (int y = 0; y < L; y++)
			for (int z = 0; z < L; z++) {
				float v = (float)(x * 4 + y * 2 + z);
				bad += cube[x][y][z] != v * v;
			}
	printf("sum %.1f, rows %.1f, cube %.1f\n", sum, cs, cube[L - 1][L - 1][L - 1]);
	if (bad || sum != want_sum) {
		printf("FAIL: %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
