/* pointers with sub-array bounds: a flattened 2-D matrix p[0:rows*cols], a
 * pointer to a row block (q = p + off, q[0:len]), and an offset sub-array
 * of a pointer (p[off:len]) in the same program. */
#include <stdio.h>
#include <stdlib.h>

static void row_scale(int rows, int cols, int *p, const int *f)
{
#pragma acc parallel loop gang copy(p[0:rows*cols]) copyin(f[0:rows])
	for (int i = 0; i < rows; i++) {
#pragma acc loop vector
		for (int j = 0; j < cols; j++)
			p[i * cols + j] *= f[i];
	}
}

int main(void)
{
	int rows = 40, cols = 25;
	int *p = malloc(sizeof(int) * rows * cols);
	int *f = malloc(sizeof(int) * rows);
	for (int i = 0; i < rows * cols; i++)
		p[i] = i;
	for (int i = 0; i < rows; i++)
		f[i] = i % 4 - 1;
	row_scale(rows, cols, p, f);
	/* rows 10..19 through a pointer to their start */
	int *q = p + 10 * cols;
	int len = 10 * cols;
#pragma acc parallel loop copy(q[0:len])
	for (int k = 0; k < len; k++)
		q[k] += 5;
	/* rows 30..39 as p[30*cols : 10*cols] */
	int off = 30 * cols;
#pragma acc parallel loop copy(p[off:len])
	for (int k = off; k < off + len; k++)
		p[k] -= 3;
	long s = 0;
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++) {
			int want = (i * cols + j) * (i % 4 - 1);
			if (i >= 10 && i < 20)
				want += 5;
			if (i >= 30)
				want -= 3;
			if (p[i * cols + j] != want) {
				printf("FAIL p[%d][%d] = %d, want %d\n", i, j, p[i * cols + j], want);
				return 1;
			}
			s += p[i * cols + j];
		}
	printf("p[9][24] = %d p[10][0] = %d p[30][0] = %d\n", p[9 * cols + 24], p[10 * cols],
	       p[30 * cols]);
	printf("sum = %ld\n", s);
	free(p);
	free(f);
	printf("OK\n");
	return 0;
}
