/* worker-level reductions: loop gang over planes, loop worker reduction over
 * rows with an inner loop vector reduction over columns (the clause on both
 * loops, as 2.9.11 requires), on double and int. */
#include <stdio.h>

#define P 8
#define R 30
#define C 100

static double g[P][R][C];
static double psum[P];
static int pmin[P];

int main(void)
{
	for (int p = 0; p < P; p++)
		for (int r = 0; r < R; r++)
			for (int c = 0; c < C; c++)
				g[p][r][c] = (double)((p * 131 + r * 17 + c * 5) % 211) - 60.0;
#pragma acc parallel num_gangs(P) num_workers(4) vector_length(32) copyin(g) copyout(psum, pmin)
	{
#pragma acc loop gang
		for (int p = 0; p < P; p++) {
			double s = 0.0;
			int lo = 1 << 30;
#pragma acc loop worker reduction(+:s) reduction(min:lo)
			for (int r = 0; r < R; r++) {
#pragma acc loop vector reduction(+:s) reduction(min:lo)
				for (int c = 0; c < C; c++) {
					s += g[p][r][c];
					lo = (int)g[p][r][c] < lo ? (int)g[p][r][c] : lo;
				}
			}
			psum[p] = s;
			pmin[p] = lo;
		}
	}
	double all = 0;
	for (int p = 0; p < P; p++) {
		double s = 0.0;
		int lo = 1 << 30;
		for (int r = 0; r < R; r++)
			for (int c = 0; c < C; c++) {
				s += g[p][r][c];
				lo = (int)g[p][r][c] < lo ? (int)g[p][r][c] : lo;
			}
		if (psum[p] != s || pmin[p] != lo) {
			printf("FAIL plane %d: sum %g/%g min %d/%d\n", p, psum[p], s, pmin[p], lo);
			return 1;
		}
		all += s;
		printf("plane %d: sum %.1f min %d\n", p, psum[p], pmin[p]);
	}
	printf("all = %.1f\n", all);
	printf("OK\n");
	return 0;
}
