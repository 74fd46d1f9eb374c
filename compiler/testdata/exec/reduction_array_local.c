/* worker and vector loop reductions on arrays private to a gang (declared
 * in the gang loop's body): `loop vector reduction(+:s) reduction(max:m)`,
 * `loop worker vector reduction(*:p)` and a worker loop reduction around
 * a vector loop; the arrays' values before the loop take part, and the
 * gang's code after the loop reads the combined arrays. */
// exec-no-gcc-openacc: gcc 12 -fopenacc crashes (internal compiler error) on array reductions
#include <stdio.h>

#define B 10
#define N 500

static float x[B][N];
static int out[B][4];
static float mo[B][3];
static double po[B][2];
static long wo[B][5];

int main(void)
{
	for (int b = 0; b < B; b++)
		for (int i = 0; i < N; i++)
			x[b][i] = (float)((b * 7 + i * 3) % 17);
#pragma acc parallel loop gang copyin(x) copyout(out, mo, po, wo) num_workers(2) vector_length(32)
	for (int b = 0; b < B; b++) {
		int s[4];
		float m[3];
		double p[2];
		long w[5];
		for (int k = 0; k < 4; k++)
			s[k] = k;
		for (int k = 0; k < 3; k++)
			m[k] = -1.0f;
		p[0] = 1.0;
		p[1] = 0.5;
		for (int k = 0; k < 5; k++)
			w[k] = 0;
#pragma acc loop vector reduction(+:s) reduction(max:m)
		for (int i = 0; i < N; i++) {
			s[i % 4] += (int)x[b][i];
			if (x[b][i] > m[i % 3])
				m[i % 3] = x[b][i];
		}
#pragma acc loop worker vector reduction(*:p)
		for (int i = 0; i < 40; i++)
			p[i % 2] *= (i % 10 == b % 10) ? 2.0 : 1.0;
#pragma acc loop worker reduction(+:w)
		for (int r = 0; r < 25; r++) {
#pragma acc loop vector reduction(+:w)
			for (int c = 0; c < 20; c++)
				w[c % 5] += (long)x[b][r * 20 + c];
		}
		for (int k = 0; k < 4; k++)
			out[b][k] = s[k];
		for (int k = 0; k < 3; k++)
			mo[b][k] = m[k];
		for (int k = 0; k < 2; k++)
			po[b][k] = p[k];
		for (int k = 0; k < 5; k++)
			wo[b][k] = w[k];
	}
	int bad = 0;
	for (int b = 0; b < B; b++) {
		int s[4] = {0, 1, 2, 3};
		float m[3] = {-1, -1, -1};
		double p[2] = {1.0, 0.5};
		long w[5] = {0};
		for (int i = 0; i < N; i++) {
			s[i % 4] += (int)x[b][i];
			if (x[b][i] > m[i % 3])
				m[i % 3] = x[b][i];
		}
		for (int i = 0; i < 40; i++)
			p[i % 2] *= (i % 10 == b % 10) ? 2.0 : 1.0;
		for (int r = 0; r < 25; r++)
			for (int c = 0; c < 20; c++)
				w[c % 5] += (long)x[b][r * 20 + c];
		for (int k = 0; k < 4; k++)
			bad += s[k] != out[b][k];
		for (int k = 0; k < 3; k++)
			bad += m[k] != mo[b][k];
		for (int k = 0; k < 2; k++)
			bad += p[k] != po[b][k];
		for (int k = 0; k < 5; k++)
			bad += w[k] != wo[b][k];
	}
	printf("out[0] = %d %d %d %d, mo[9] = %.1f %.1f %.1f\n", out[0][0], out[0][1], out[0][2], out[0][3], mo[9][0], mo[9][1], mo[9][2]);
	printf("po[3] = %.2f %.2f, wo[1] = %ld %ld %ld %ld %ld\n", po[3][0], po[3][1], wo[1][0], wo[1][1], wo[1][2], wo[1][3], wo[1][4]);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
