/* A program of three files whose kernels call routines that another file
 * defines (ops.c), one of them through a routine of the same file. */
#include <stdio.h>
#include "ops.h"
#include "grid.h"

#define R 40
#define C 300

/* another clampf than ops.c's: each file's device code calls its own */
static float clampf(float v)
{
	return v > 1 ? 1 : v;
}

int main(void)
{
	static float g[R * C], x[C];
	for (int i = 0; i < R * C; i++)
		g[i] = (i % 17) - 5;
	for (int j = 0; j < C; j++)
		x[j] = (j % 9) - 3;
	set_gain(1.5f);
	int over[R];
#pragma acc data copy(g) copy(x) copyout(over)
	{
		scale_grid(R, C, g);
#pragma acc parallel loop
		for (int j = 0; j < C; j++)
			x[j] = clampf(squash(x[j]));
#pragma acc parallel loop
		for (int i = 0; i < R; i++)
			over[i] = count_over(&g[i * C], C, 4.0f);
	}
	double s = 0;
	int total = 0;
	for (int i = 0; i < R * C; i++)
		s += g[i];
	for (int j = 0; j < C; j++)
		s += x[j];
	for (int i = 0; i < R; i++)
		total += over[i];
	printf("%.3f %d %g %g %g\n", s, total, g[1], g[C + 7], x[5]);
	return 0;
}
