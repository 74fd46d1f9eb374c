/* Arrays declared with an initializer in gang-redundant code and read by
 * the gang's worker or vector loops: the work-items of a gang share them
 * (__local memory), so one work-item gives them their initial value before
 * the loops read it. A smoothing stencil's weights, a table of structs, a
 * region's array outside any gang loop, and an array the gang then
 * changes between two loops (the next gang iteration starts again from the
 * initializer). */
#include <stdio.h>

#define N 64
#define M 200

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

struct term { int shift; float scale; };

int main(void)
{
	static float in[N][M], out[N][M], alt[N][M];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			in[i][j] = (float)((i * 7 + j * 3) % 16);
#pragma acc parallel loop gang copyin(in) copyout(out, alt)
	for (int i = 0; i < N; i++) {
		float weights[5] = {1, 2, 4, 2, 1};
		struct term terms[2] = {{1, 0.5f}, {-1, 0.25f}};
#pragma acc loop vector
		for (int j = 0; j < M; j++) {
			float s = 0;
			for (int k = -2; k <= 2; k++) {
				int jj = j + k < 0 ? 0 : j + k >= M ? M - 1 : j + k;
				s += weights[k + 2] * in[i][jj];
			}
			out[i][j] = s;
		}
		weights[2] = (float)(i % 3); /* the gang's own copy changes */
#pragma acc loop worker vector
		for (int j = 0; j < M; j++) {
			int jj = (j + terms[j % 2].shift + M) % M;
			alt[i][j] = weights[2] * in[i][j] + terms[j % 2].scale * in[i][jj];
		}
	}
	double so = 0, sa = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++) {
			so += out[i][j];
			sa += alt[i][j];
		}
	printf("smoothed: %.2f, terms: %.2f\n", so, sa);
	expect(out[0][2] == in[0][0] + 2 * in[0][1] + 4 * in[0][2] + 2 * in[0][3] + in[0][4], "the weights");
	expect(alt[4][0] == 1 * in[4][0] + 0.5f * in[4][1], "the gang's changed copy and the terms");

	int hist[8] = {0};
#pragma acc parallel num_gangs(1) vector_length(32) copy(hist)
	{
		int base[8] = {10, 20, 30, 40, 50, 60, 70, 80};
#pragma acc loop vector
		for (int b = 0; b < 8; b++)
			hist[b] = base[b] + base[7 - b];
	}
	printf("region: %d %d\n", hist[0], hist[7]);
	expect(hist[0] == 90 && hist[3] == 90, "the region's array");
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
