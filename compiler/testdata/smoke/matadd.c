/* collapse(2) matrix add on static 2-D arrays, sizes not multiples of anything */
#include <stdio.h>

#define R 301
#define C 77

static double a[R][C], b[R][C], c[R][C];

int main(void)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			a[i][j] = i + 0.5 * j;
			b[i][j] = i * j % 11;
		}
#pragma acc parallel loop collapse(2) copyin(a, b) copyout(c)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			c[i][j] = a[i][j] + b[i][j];
	double s = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			s += c[i][j];
	printf("c[1][2] = %g, c[R-1][C-1] = %g, sum = %.1f\n", c[1][2], c[R - 1][C - 1], s);
	return 0;
}
