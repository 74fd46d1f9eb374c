/* Two data clauses of one construct on the same data: copyin(a) copyout(a)
 * moves a both ways, as copy(a) would; create(zero: b) copyout(b) starts b
 * zeroed on the device and copies it out; copy(s) copyout(s) with a
 * reduction; the same pairs on a data construct; create(m) with
 * copyout(m[0:R][0:C]), the whole of a 2-D array spelled two ways (the
 * OpenACC Cholesky example's pattern). Counted as two
 * references, the exit of one clause would leave the data present and the
 * other's copyout would never happen. */
// exec-no-gcc-openacc: gcc rejects a variable in two data clauses of one construct
// exec-bytes: h2d=9604 d2h=14084
#include <stdio.h>

#define N 800
#define R 16
#define C 20

static float a[N], b[N], c[N], m[R][C];

int main(void)
{
	float s = 0;
	for (int i = 0; i < N; i++) {
		a[i] = i;
		b[i] = 0;
		c[i] = 1;
	}
	/* a: 3200 bytes in and out; b: out only; s: 4 in (copy), 4 out */
#pragma acc parallel loop copyin(a[0:N]) copyout(a[0:N]) create(zero: b[0:N]) copyout(b[0:N]) copy(s) copyout(s) reduction(+:s)
	for (int i = 0; i < N; i++) {
		a[i] += 1;
		b[i] += a[i];
		s += a[i];
	}
	/* a and c: in and out once each, around two constructs */
#pragma acc data copyin(a[0:N], c[0:N]) copyout(a[0:N]) copyout(c[0:N])
	{
#pragma acc parallel loop present(a[0:N], c[0:N])
		for (int i = 0; i < N; i++)
			a[i] *= 2;
#pragma acc parallel loop present(a[0:N], c[0:N])
		for (int i = 0; i < N; i++)
			c[i] += a[i];
	}
	/* m: out once (1280 bytes), from a data region with two spellings of it */
#pragma acc data create(m) copyout(m[0:R][0:C])
	{
#pragma acc parallel loop collapse(2) present(m)
		for (int i = 0; i < R; i++)
			for (int j = 0; j < C; j++)
				m[i][j] = i * C + j;
	}
	int bad = 0;
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			bad += m[i][j] != i * C + j;
	double sa = 0, sb = 0, sc = 0;
	for (int i = 0; i < N; i++) {
		bad += a[i] != 2 * (i + 1) || b[i] != i + 1 || c[i] != 1 + 2 * (i + 1);
		sa += a[i];
		sb += b[i];
		sc += c[i];
	}
	printf("a %.1f b %.1f c %.1f s %.1f m %.1f\n", sa, sb, sc, s, m[R - 1][C - 1]);
	if (bad || s != N * (N + 1) / 2) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
