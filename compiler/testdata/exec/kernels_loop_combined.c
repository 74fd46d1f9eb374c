/* kernels loop combined construct, with independent and a nested loop
 * directive; copy/copyin clauses on the combined construct. */
#include <stdio.h>

#define R 64
#define C 96

static float img[R][C];
static float out[R][C];
static float rowsum[R];

int main(void)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			img[i][j] = (float)((i + 2 * j) % 9);
#pragma acc kernels loop independent copyin(img) copyout(out)
	for (int i = 0; i < R; i++) {
#pragma acc loop independent
		for (int j = 0; j < C; j++)
			out[i][j] = img[i][j] * 4.0f - 1.0f;
	}
#pragma acc kernels loop copyin(out) copyout(rowsum)
	for (int i = 0; i < R; i++) {
		float s = 0.0f;
		for (int j = 0; j < C; j++)
			s += out[i][j];
		rowsum[i] = s;
	}
	double total = 0;
	for (int i = 0; i < R; i++) {
		float s = 0.0f;
		for (int j = 0; j < C; j++) {
			if (out[i][j] != img[i][j] * 4.0f - 1.0f) {
				printf("FAIL out[%d][%d] = %g\n", i, j, out[i][j]);
				return 1;
			}
			s += out[i][j];
		}
		if (rowsum[i] != s) {
			printf("FAIL rowsum[%d] = %g, want %g\n", i, rowsum[i], s);
			return 1;
		}
		total += rowsum[i];
	}
	printf("rowsum[0] = %.1f, rowsum[%d] = %.1f\n", rowsum[0], R - 1, rowsum[R - 1]);
	printf("total = %.1f\n", total);
	printf("OK\n");
	return 0;
}
