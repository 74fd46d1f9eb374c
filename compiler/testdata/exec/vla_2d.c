/* variable-length arrays: a local VLA float m[rows][cols] and VLA parameters
 * double (*p)[cols], with sub-array bounds in both dimensions. */
#include <stdio.h>
#include <stdlib.h>

static void outer(int rows, int cols, const double x[rows], const double y[cols],
		  double p[rows][cols])
{
#pragma acc parallel loop collapse(2) copyin(x[0:rows], y[0:cols]) copyout(p[0:rows][0:cols])
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			p[i][j] = x[i] * y[j];
}

int main(void)
{
	int rows = 29, cols = 71;
	float m[rows][cols];
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			m[i][j] = (float)(i * cols + j);
#pragma acc parallel loop copy(m[0:rows][0:cols])
	for (int i = 0; i < rows; i++) {
#pragma acc loop vector
		for (int j = 0; j < cols; j++)
			m[i][j] = m[i][j] * 0.5f + (float)i;
	}
	double *x = malloc(rows * sizeof *x), *y = malloc(cols * sizeof *y);
	double (*p)[cols] = malloc(sizeof(double) * rows * cols);
	for (int i = 0; i < rows; i++)
		x[i] = i + 1;
	for (int j = 0; j < cols; j++)
		y[j] = j - 10;
	outer(rows, cols, x, y, p);
	double sm = 0, sp = 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			float wm = (float)(i * cols + j) * 0.5f + (float)i;
			if (m[i][j] != wm || p[i][j] != (i + 1.0) * (j - 10.0)) {
				printf("FAIL at [%d][%d]: m %g p %g\n", i, j, m[i][j], p[i][j]);
				return 1;
			}
			sm += m[i][j];
			sp += p[i][j];
		}
	printf("m[%d][%d] = %.1f\n", rows - 1, cols - 1, m[rows - 1][cols - 1]);
	printf("sum m = %.1f sum p = %.1f\n", sm, sp);
	free(x);
	free(y);
	free(p);
	printf("OK\n");
	return 0;
}
