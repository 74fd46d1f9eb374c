/* Parameters declared as arrays (double a[N][M], float v[N]), which C
 * makes pointers, named in data clauses without a sub-array, as
 * PolyBench-ACC's kernels do (copy(path) on int path[MAXGRID][MAXGRID]):
 * accls maps the elements their declarations give. */
#include <stdio.h>

#define N 40
#define M 24

static void scale_rows(int n, double a[N][M], double b[N][M], float w[N])
{
#pragma acc data copyin(a, w) copyout(b)
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < N; i++)
			for (int j = 0; j < M; j++)
				b[i][j] = a[i][j] * w[i] + n;
	}
}

static void bump(int v[static 16])
{
#pragma acc parallel loop copy(v)
	for (int i = 0; i < 16; i++)
		v[i] += i;
}

int main(void)
{
	static double a[N][M], b[N][M];
	float w[N];
	int v[16];
	for (int i = 0; i < N; i++) {
		w[i] = (float)(i % 4);
		for (int j = 0; j < M; j++)
			a[i][j] = i + j;
	}
	for (int i = 0; i < 16; i++)
		v[i] = 100;
	scale_rows(3, a, b, w);
	bump(v);
	double s = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			s += b[i][j];
	printf("sum %.1f, v %d %d\n", s, v[0], v[15]);
	if (b[N - 1][M - 1] != (N - 1 + M - 1) * 3.0 + 3 || v[15] != 115) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
