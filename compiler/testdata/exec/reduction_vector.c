/* vector-level reductions: a gang loop over rows and an inner loop vector
 * reduction into a per-row scalar (float sum, int max, long product). */
#include <stdio.h>

#define R 48
#define C 500

static float m[R][C];
static int k[R][C];
static float rsum[R];
static int rmax[R];
static long rprod[R];

int main(void)
{
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++) {
			m[i][j] = (float)((i * 7 + j * 3) % 50);
			k[i][j] = (i * 101 + j * 13) % 997;
		}
#pragma acc parallel loop gang vector_length(128) copyin(m, k) copyout(rsum, rmax, rprod)
	for (int i = 0; i < R; i++) {
		float s = 0.0f;
		int mx = -1;
		long p = 1;
#pragma acc loop vector reduction(+:s) reduction(max:mx)
		for (int j = 0; j < C; j++) {
			s += m[i][j];
			mx = k[i][j] > mx ? k[i][j] : mx;
		}
#pragma acc loop vector reduction(*:p)
		for (int j = 0; j < C; j++)
			p *= (j % 97 == i % 97) ? 3 : 1;
		rsum[i] = s;
		rmax[i] = mx;
		rprod[i] = p;
	}
	double tot = 0;
	for (int i = 0; i < R; i++) {
		float s = 0.0f;
		int mx = -1;
		long p = 1;
		for (int j = 0; j < C; j++) {
			s += m[i][j];
			mx = k[i][j] > mx ? k[i][j] : mx;
			p *= (j % 97 == i % 97) ? 3 : 1;
		}
		if (rsum[i] != s || rmax[i] != mx || rprod[i] != p) {
			printf("FAIL row %d: %g/%g %d/%d %ld/%ld\n", i, rsum[i], s, rmax[i], mx, rprod[i], p);
			return 1;
		}
		tot += rsum[i];
	}
	printf("rsum[0] = %.1f rmax[0] = %d rprod[0] = %ld\n", rsum[0], rmax[0], rprod[0]);
	printf("rsum[%d] = %.1f rmax = %d rprod = %ld\n", R - 1, rsum[R - 1], rmax[R - 1], rprod[R - 1]);
	printf("total = %.1f\n", tot);
	printf("OK\n");
	return 0;
}
