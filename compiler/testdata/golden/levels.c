/* gang / worker / vector loops: a worker reduction over vector reductions,
 * an array shared by a gang's vector lanes */
#include <stdio.h>

#define P 4
#define R 10
#define C 50

static double g[P][R][C], out[P], rev[P][C];

int main(void)
{
#pragma acc parallel num_gangs(P) num_workers(2) vector_length(32) copyin(g) copyout(out, rev)
	{
#pragma acc loop gang
		for (int p = 0; p < P; p++) {
			double s = 0.0;
			double row[C];
#pragma acc loop worker reduction(+:s)
			for (int r = 0; r < R; r++) {
#pragma acc loop vector reduction(+:s)
				for (int c = 0; c < C; c++)
					s += g[p][r][c];
			}
			out[p] = s;
#pragma acc loop vector
			for (int c = 0; c < C; c++)
				row[c] = g[p][0][c];
#pragma acc loop vector
			for (int c = 0; c < C; c++)
				rev[p][c] = row[C - 1 - c];
		}
	}
	printf("%g %g\n", out[1], rev[2][3]);
	return 0;
}
