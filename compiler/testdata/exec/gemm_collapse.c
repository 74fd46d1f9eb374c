/* matrix multiply: parallel loop collapse(2) over C with a sequential inner
 * product (loop seq, private accumulator), and a gang/vector variant with a
 * vector reduction; small integer values, so float results are exact. */
#include <stdio.h>
#include <stdlib.h>

static void gemm_collapse(int n, int m, int k, const float *a, const float *b, float *c)
{
#pragma acc parallel loop collapse(2) copyin(a[0:n*k], b[0:k*m]) copyout(c[0:n*m])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++) {
			float s = 0.0f;
#pragma acc loop seq
			for (int l = 0; l < k; l++)
				s += a[i * k + l] * b[l * m + j];
			c[i * m + j] = s;
		}
}

static void gemm_reduce(int n, int m, int k, const float *a, const float *b, float *c)
{
#pragma acc parallel loop gang collapse(2) copyin(a[0:n*k], b[0:k*m]) copyout(c[0:n*m])
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++) {
			float s = 0.0f;
#pragma acc loop vector reduction(+:s)
			for (int l = 0; l < k; l++)
				s += a[i * k + l] * b[l * m + j];
			c[i * m + j] = s;
		}
}

int main(void)
{
	int n = 45, m = 38, k = 67;
	float *a = malloc(sizeof(float) * n * k), *b = malloc(sizeof(float) * k * m);
	float *c1 = malloc(sizeof(float) * n * m), *c2 = malloc(sizeof(float) * n * m);
	for (int i = 0; i < n * k; i++)
		a[i] = (float)(i % 7 - 3);
	for (int i = 0; i < k * m; i++)
		b[i] = (float)(i % 5 - 2);
	gemm_collapse(n, m, k, a, b, c1);
	gemm_reduce(n, m, k, a, b, c2);
	double tr = 0, tot = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++) {
			float s = 0.0f;
			for (int l = 0; l < k; l++)
				s += a[i * k + l] * b[l * m + j];
			if (c1[i * m + j] != s || c2[i * m + j] != s) {
				printf("FAIL c[%d][%d] = %g / %g, want %g\n", i, j, c1[i * m + j], c2[i * m + j], s);
				return 1;
			}
			if (i == j)
				tr += s;
			tot += s;
		}
	printf("c[0][0] = %.1f c[%d][%d] = %.1f\n", c1[0], n - 1, m - 1, c1[n * m - 1]);
	printf("trace = %.1f total = %.1f\n", tr, tot);
	free(a);
	free(b);
	free(c1);
	free(c2);
	printf("OK\n");
	return 0;
}
