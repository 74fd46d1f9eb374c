/* Two forms of a real program's sweep kernels (an eikonal solver of the
 * twelfth batch): floating-point conditions of ?: (its expansion of
 * `#define sign(a) (a > 0) ? 1 : -1` after `1.0 *` has one; OpenCL C does
 * not take them as they are), and private(i, j) naming function-scope
 * variables while the loops declare their own i and j. */
#include <stdio.h>

#define N 30

int main(void)
{
	double t[N * N], out[N * N];
	float f[N];
	int i, j;
	(void)i; /* only named by the private clause */
	(void)j;
	for (int n = 0; n < N * N; n++)
		t[n] = (n % 7) - 3.5;
	for (int n = 0; n < N; n++)
		f[n] = (float)(n % 3) - 1.0f;
#pragma acc parallel copyin(t, f) copyout(out) vector_length(32)
#pragma acc loop collapse(2) private(i, j)
	for (int j = 0; j < N; ++j)
		for (int i = 0; i < N; ++i) {
			double x = t[i + N * j], half = x * 0.5;
			out[i + N * j] = (x > 0 ? 1 : -1) * x + (f[i] ? 0.5 : 0.25) + (half ? 1 : 0);
		}
	double s = 0;
	for (int n = 0; n < N * N; n++)
		s += out[n] * (n % 5 + 1);
	printf("sum %.2f\n", s);
	double x = t[3], half = x * 0.5, want = (x > 0 ? 1 : -1) * x + (f[3] ? 0.5 : 0.25) + (half ? 1 : 0);
	if (out[3] != want) {
		printf("FAIL out[3] = %g, want %g\n", out[3], want);
		return 1;
	}
	printf("OK\n");
	return 0;
}
