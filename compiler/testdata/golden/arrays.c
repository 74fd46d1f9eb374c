/* multi-dimensional arrays: static 2-D with collapse, a VLA parameter, a
 * sub-array that does not start at 0 */
#include <stdio.h>

#define R 40
#define C 30

static float m[R][C];

static void scale(int rows, int cols, double p[rows][cols], double f)
{
#pragma acc parallel loop collapse(2) copy(p[0:rows][0:cols])
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			p[i][j] *= f;
}

int main(void)
{
	int n = 100, lo = 10;
	double q[8][n];
	long t[100];
#pragma acc parallel loop collapse(2) copyout(m)
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = i - j;
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < n; j++)
			q[i][j] = i + j;
	scale(8, n, q, 2.0);
	for (int i = 0; i < 100; i++)
		t[i] = i;
#pragma acc parallel loop copy(t[lo:n - 2 * lo])
	for (int i = lo; i < n - lo; i++)
		t[i] = -t[i];
	printf("%g %g %ld %ld\n", m[3][4], q[7][99], t[10], t[9]);
	return 0;
}
