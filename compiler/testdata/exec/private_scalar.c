/* private scalars on parallel loop and on an inner gang loop: each
 * iteration's temporaries are its own. */
#include <stdio.h>

#define N 1500
#define R 40
#define C 64

static int in[N], out[N];
static float m[R][C], rmax[R];

int main(void)
{
	int t, u;
	float best;
	for (int i = 0; i < N; i++)
		in[i] = (i * 7919) % 1000;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = (float)((i * 31 + j * 17) % 97);
#pragma acc parallel loop private(t, u) copyin(in) copyout(out)
	for (int i = 0; i < N; i++) {
		t = in[i] / 10;
		u = in[i] % 10;
		out[i] = t * 100 + u * u;
	}
#pragma acc parallel copyin(m) copyout(rmax)
	{
#pragma acc loop gang private(best)
		for (int i = 0; i < R; i++) {
			best = -1.0f;
#pragma acc loop seq
			for (int j = 0; j < C; j++)
				if (m[i][j] > best)
					best = m[i][j];
			rmax[i] = best;
		}
	}
	long s = 0;
	for (int i = 0; i < N; i++) {
		int want = (in[i] / 10) * 100 + (in[i] % 10) * (in[i] % 10);
		if (out[i] != want) {
			printf("FAIL out[%d] = %d, want %d\n", i, out[i], want);
			return 1;
		}
		s += out[i];
	}
	double rs = 0;
	for (int i = 0; i < R; i++) {
		float b = -1.0f;
		for (int j = 0; j < C; j++)
			if (m[i][j] > b)
				b = m[i][j];
		if (rmax[i] != b) {
			printf("FAIL rmax[%d] = %g, want %g\n", i, rmax[i], b);
			return 1;
		}
		rs += rmax[i];
	}
	printf("sum out = %ld\n", s);
	printf("sum rmax = %.1f\n", rs);
	printf("OK\n");
	return 0;
}
