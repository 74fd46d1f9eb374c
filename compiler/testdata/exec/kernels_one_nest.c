/* kernels with one doubly nested loop (no loop directives): transpose of a
 * rectangular matrix held in heap memory, copyin/copyout sub-arrays. */
#include <stdio.h>
#include <stdlib.h>

static void transpose(int rows, int cols, const double *a, double *t)
{
#pragma acc kernels copyin(a[0:rows*cols]) copyout(t[0:rows*cols])
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			t[j * rows + i] = a[i * cols + j];
}

int main(void)
{
	int rows = 37, cols = 53;
	double *a = malloc(sizeof(double) * rows * cols);
	double *t = malloc(sizeof(double) * rows * cols);
	double *back = malloc(sizeof(double) * rows * cols);
	for (int i = 0; i < rows * cols; i++) {
		a[i] = i * 0.5;
		t[i] = -1;
	}
	transpose(rows, cols, a, t);
	transpose(cols, rows, t, back);
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			if (t[j * rows + i] != a[i * cols + j]) {
				printf("FAIL t[%d][%d]\n", j, i);
				return 1;
			}
		}
	for (int i = 0; i < rows * cols; i++)
		if (back[i] != a[i]) {
			printf("FAIL back[%d] = %g\n", i, back[i]);
			return 1;
		}
	printf("t[0][1] = %.1f (a[1][0] = %.1f)\n", t[1], a[cols]);
	printf("t[%d][%d] = %.1f\n", cols - 1, rows - 1, t[rows * cols - 1]);
	free(a);
	free(t);
	free(back);
	printf("OK\n");
	return 0;
}
