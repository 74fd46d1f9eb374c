/* firstprivate fixed-size arrays: filter coefficients and a lookup table
 * copied into every gang with their host values. */
#include <stdio.h>

#define N 4000

static double in[N], out[N];
static int code[N];

int main(void)
{
	double coef[3] = {0.25, 0.5, 0.25};
	int lut[8] = {7, 1, 6, 2, 5, 3, 4, 0};
	for (int i = 0; i < N; i++)
		in[i] = (double)((i * 3) % 16);
#pragma acc parallel loop firstprivate(coef) copyin(in) copyout(out)
	for (int i = 1; i < N - 1; i++)
		out[i] = coef[0] * in[i - 1] + coef[1] * in[i] + coef[2] * in[i + 1];
#pragma acc parallel loop firstprivate(lut) copyout(code)
	for (int i = 0; i < N; i++)
		code[i] = lut[i % 8] * 10 + lut[(i / 8) % 8];
	double s = 0;
	for (int i = 1; i < N - 1; i++) {
		double want = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
		if (out[i] != want) {
			printf("FAIL out[%d] = %g, want %g\n", i, out[i], want);
			return 1;
		}
		s += out[i];
	}
	long cs = 0;
	for (int i = 0; i < N; i++) {
		if (code[i] != lut[i % 8] * 10 + lut[(i / 8) % 8]) {
			printf("FAIL code[%d] = %d\n", i, code[i]);
			return 1;
		}
		cs += code[i];
	}
	printf("out[1] = %.2f, out[N-2] = %.2f\n", out[1], out[N - 2]);
	printf("sum out = %.2f\n", s);
	printf("sum code = %ld\n", cs);
	printf("OK\n");
	return 0;
}
