/* Private copies of what a pointer points to in kernels with several gang
 * dimensions: a scratch row per gang on a gang(dim:2) loop that its
 * vector loop fills and a sequential pass reads (the gangs that differ in
 * dimension 1 run the rows redundantly, each in its own copy), a work-item's
 * own scratch on the inner loop (the grid shrinks so that the copies fit
 * when no num_gangs is given), and firstprivate data each gang starts
 * from. */
// exec-no-gcc-openacc: gcc 12 implements neither gang(dim:) nor num_gangs with several values
#include <stdio.h>
#include <stdlib.h>

#define R 37
#define C 50
#define K 8

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	static float a[R][C], rowsum[R], out[R][C];
	float *tmp = malloc(C * sizeof *tmp);
	float *win = malloc(K * sizeof *win);
	float *coef = malloc(K * sizeof *coef);
	for (int k = 0; k < K; k++)
		coef[k] = (float)(k + 1);
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			a[i][j] = (float)((i * 3 + j) % 11);
	/* a row's prefix sums in the gang's scratch */
#pragma acc parallel num_gangs(2, 3) copyin(a) copyout(rowsum)
	{
#pragma acc loop gang(dim:2) private(tmp[0:C])
		for (int i = 0; i < R; i++) {
#pragma acc loop vector
			for (int j = 0; j < C; j++)
				tmp[j] = a[i][j] * 2;
			float s = 0;
			for (int j = 0; j < C; j++)
				s += tmp[j];
			rowsum[i] = s;
		}
	}
	/* each work-item's window, sized by the trip counts */
#pragma acc parallel copyin(a, coef[0:K]) copyout(out) firstprivate(coef[0:K])
	{
#pragma acc loop gang(dim:2)
		for (int i = 0; i < R; i++) {
#pragma acc loop gang(dim:1) vector private(win[0:K])
			for (int j = 0; j < C; j++) {
				for (int k = 0; k < K; k++)
					win[k] = a[i][(j + k) % C] * coef[k];
				float s = 0;
				for (int k = 0; k < K; k++)
					s += win[k];
				out[i][j] = s;
			}
		}
	}
	double sr = 0, so = 0;
	for (int i = 0; i < R; i++) {
		sr += rowsum[i];
		for (int j = 0; j < C; j++)
			so += out[i][j];
	}
	printf("rows: %.1f, windows: %.1f\n", sr, so);
	float want = 0;
	for (int j = 0; j < C; j++)
		want += a[5][j] * 2;
	expect(rowsum[5] == want, "a row's sum");
	want = 0;
	for (int k = 0; k < K; k++)
		want += a[3][(7 + k) % C] * (k + 1);
	expect(out[3][7] == want, "a window");
	free(tmp);
	free(win);
	free(coef);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
