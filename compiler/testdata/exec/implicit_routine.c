/* Implicit routines (OpenACC §2.15.1): functions this file defines without
 * a routine directive, called from device code, compiled as 'routine seq'.
 * Calls from a gang loop, a vector loop, a kernels construct and a serial
 * one, from an explicit routine, and through another implicit routine;
 * pointer parameters to device arrays, struct values (also returned), a switch over an
 * enum, math functions, global constants (copied into the program), and a
 * function the host calls too. */
#include <stdio.h>
#include <math.h>

#define N 512

enum shape { FLAT, RAMP, PEAK };

static const double ramp_scale[3] = {0.25, 0.5, 1.0};
const float row_weight[2][2] = {{1.0f, 0.5f}, {2.0f, -1.0f}};
static const unsigned long long low_bit = 0x1ull;
static const int peak_at = 32;

struct span {
	int lo, hi;
};

static inline int clampi(int x, int lo, int hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

static double weight(enum shape s, int i)
{
	switch (s) {
	case FLAT:
		return 1.0;
	case RAMP:
		return (double)clampi(i, 0, 64) * ramp_scale[i % 3];
	default:
		return fabs((double)peak_at - (double)(i % 64)) * 0.5;
	}
}

static int inside(struct span sp, int i)
{
	return i >= sp.lo && i < sp.hi;
}

static struct span widen(struct span sp, int by)
{
	struct span w = {sp.lo - by, sp.hi + by};
	return w; /* a struct returned by value */
}

static float sum_row(const float *row, int n)
{
	float s = 0.0f;
	for (int j = 0; j < n; j++)
		s += row[j] * row_weight[j % 2][(j / 2) % 2] * (float)((low_bit & (unsigned long long)j) | 1u);
	return s;
}

#pragma acc routine seq
static double twice_weight(enum shape s, int i)
{
	return 2.0 * weight(s, i); /* an explicit routine calls an implicit one */
}

int main(void)
{
	static double a[N], b[N], c[N];
	static float m[64][16], rows[64];
	struct span sp = {100, 300};
	int bad = 0;

	for (int i = 0; i < 64; i++)
		for (int j = 0; j < 16; j++)
			m[i][j] = (float)(i + j) * 0.5f;

#pragma acc parallel loop gang vector copyout(a)
	for (int i = 0; i < N; i++)
		a[i] = weight(PEAK, i) + (inside(sp, i) ? 1.0 : 0.0);

#pragma acc parallel loop gang copyin(m) copyout(rows, b)
	for (int i = 0; i < 64; i++) {
		rows[i] = sum_row(m[i], 16);
#pragma acc loop vector
		for (int k = 0; k < 8; k++)
			b[i * 8 + k] = twice_weight(RAMP, i * 8 + k);
	}

#pragma acc kernels copyout(c)
	for (int i = 0; i < N; i++)
		c[i] = (double)clampi(i - 200, -10, 10);

	int hits = 0;
#pragma acc serial copy(hits)
	for (int i = 0; i < N; i += 7)
		hits += inside(widen(sp, 7), i);

	double sa = 0, sb = 0, sc = 0;
	float sr = 0;
	for (int i = 0; i < N; i++) {
		sa += a[i];
		sb += b[i];
		sc += c[i];
		if (a[i] != weight(PEAK, i) + (inside(sp, i) ? 1.0 : 0.0))
			bad++;
	}
	for (int i = 0; i < 64; i++)
		sr += rows[i];
	printf("a %.2f b %.2f c %.2f rows %.2f hits %d\n", sa, sb, sc, sr, hits);
	if (bad || hits != 30) {
		printf("FAIL bad=%d hits=%d\n", bad, hits);
		return 1;
	}
	printf("OK\n");
	return 0;
}
