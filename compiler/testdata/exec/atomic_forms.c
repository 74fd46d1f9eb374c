/* every form of the atomic construct (OpenACC 3.3 §2.12) on int, unsigned,
 * long, unsigned long, float and double, on array elements and on scalars
 * in device memory (copy). Results are order-independent: sums, products
 * of powers of two, bit operations, reflections x = e - x an even number of
 * times; captured values are checked as sets (every slot exactly once).
 * A capture in gang-redundant code hands its value to every lane. */
#include <stdio.h>

#define N 1000

static int ia[17];
static unsigned ua[4];
static long la[4];
static unsigned long ula[3];
static float fa[7];
static double da[7];
static long cap[8][N];
static double fcap[2][N];
static int rd[N];
static float rdf[N];
static long mark[N + 2];
static int owner[50 * 16];

/* The values of v[0..n-1] are first, first+step, ... in some order. */
static int perm(const long *v, long first, long step, int n, const char *what)
{
	for (int k = 0; k < n; k++)
		mark[k] = 0;
	for (int k = 0; k < n; k++) {
		long q = (v[k] - first) / step;
		if ((v[k] - first) % step != 0 || q < 0 || q >= n || mark[q]++) {
			printf("FAIL %s: value %ld at %d\n", what, v[k], k);
			return 0;
		}
	}
	return 1;
}

int main(void)
{
	ia[2] = ia[3] = 5000, ia[6] = 1, ia[7] = 1 << 20, ia[8] = -1, ia[11] = 1, ia[12] = 1 << 20, ia[14] = 7, ia[16] = 1;
	ua[1] = 3u, la[1] = 1L << 40, ula[1] = 1, fa[3] = 1.0f, fa[4] = 1024.0f, fa[5] = 3.0f, da[3] = 1.0, da[4] = 1.0;
	int ix = 0, xw = -1, rx = 42;
	unsigned ux = 0;
	long lx = 0;
	unsigned long ulx = 0;
	float fx = 0.0f, rf = 2.5f;
	double dx = 100.0;
	/* capture targets */
	int cx = 0, xc = -1, ci[1] = {0};
	long cl[1] = {0}, cl2 = 1000L << 34;
	unsigned cu[2] = {0, 0};
	unsigned long cul[1] = {0};
	float cf = 0.0f;
	double cd = 100.0;
#pragma acc parallel loop copy(ia, ua, la, ula, fa, da, ix, ux, lx, ulx, fx, dx, xw) copyout(cap, fcap, rd, rdf) copyin(rx, rf) \
	copy(cx, xc, ci, cl, cl2, cu, cul, cf, cd)
	for (int i = 0; i < N; i++) {
		/* update: int */
#pragma acc atomic update
		ia[0]++;
#pragma acc atomic update
		++ia[1];
#pragma acc atomic update
		ia[2]--;
#pragma acc atomic
		--ia[3];
#pragma acc atomic
		ia[4] += 3;
#pragma acc atomic
		ia[5] -= i;
		if (i < 10) {
#pragma acc atomic
			ia[6] *= 3;
#pragma acc atomic
			ia[7] /= 2;
#pragma acc atomic
			ia[11] <<= 1;
#pragma acc atomic
			ia[12] >>= 1;
#pragma acc atomic
			ia[16] = 2 * ia[16];
		}
#pragma acc atomic
		ia[8] &= ~(1 << (i % 16));
#pragma acc atomic
		ia[9] |= 1 << (i % 20);
#pragma acc atomic
		ia[10] ^= i;
#pragma acc atomic
		ia[13] = ia[13] + i;
#pragma acc atomic
		ia[14] = 10 - ia[14];
#pragma acc atomic
		ia[15] = ia[15] + (i + 1);
		/* update: unsigned, long, unsigned long */
#pragma acc atomic
		ua[0] += 4000000u;
#pragma acc atomic
		ua[1] = ua[1] * 3u;
#pragma acc atomic
		la[0] += (long)i << 33;
#pragma acc atomic
		la[1] -= 3;
#pragma acc atomic
		la[2] |= 1L << (i % 60);
#pragma acc atomic
		ula[0]--;
		if (i < 60) {
#pragma acc atomic
			ula[1] <<= 1;
		}
		/* update: float, double (compare-and-swap loops) */
#pragma acc atomic
		fa[0] += 0.5f;
#pragma acc atomic
		fa[1]++;
#pragma acc atomic
		fa[2] = fa[2] - 0.25f;
		if (i < 10) {
#pragma acc atomic
			fa[3] *= 2.0f;
#pragma acc atomic
			fa[4] /= 2;
		}
#pragma acc atomic
		fa[5] = 1.5f - fa[5];
#pragma acc atomic
		fa[6] = fa[6] + (1.0f + i);
#pragma acc atomic
		da[0] += 0.125;
#pragma acc atomic
		--da[1];
#pragma acc atomic
		da[2] = i + da[2];
		if (i < 30) {
#pragma acc atomic
			da[3] *= 4;
#pragma acc atomic
			da[4] = da[4] / 2.0;
		}
#pragma acc atomic
		da[5] = 2.0 - da[5];
#pragma acc atomic
		da[6] -= i % 3;
		/* update: scalars in device memory */
#pragma acc atomic
		ix += i;
#pragma acc atomic
		ux ^= (unsigned)i;
#pragma acc atomic
		lx += 1L << 34;
#pragma acc atomic
		ulx++;
#pragma acc atomic
		fx += 0.25f;
#pragma acc atomic
		dx -= 0.5;
		/* read and write */
#pragma acc atomic read
		rd[i] = rx;
#pragma acc atomic read
		rdf[i] = rf;
#pragma acc atomic write
		xw = i;
		/* capture: every form; the captured values are unique */
		long v;
		int iv;
		float fv;
		double dv;
#pragma acc atomic capture
		v = cx++;
		cap[0][i] = v;
#pragma acc atomic capture
		iv = ++ci[0];
		cap[1][i] = iv;
#pragma acc atomic capture
		v = cl[0]--;
		cap[2][i] = v;
#pragma acc atomic capture
		v = cul[0] += 2;
		cap[3][i] = v;
#pragma acc atomic capture
		v = cu[0] = cu[0] + 3;
		cap[4][i] = v;
#pragma acc atomic update capture /* OpenMP's spelling of capture, accepted */
		{
			v = cu[1];
			cu[1] += 5;
		}
		cap[5][i] = v;
#pragma acc atomic capture
		{
			cl2 -= 1;
			v = cl2;
		}
		cap[6][i] = v;
#pragma acc atomic capture
		{
			iv = xc;
			xc = i;
		}
		cap[7][i] = iv;
#pragma acc atomic capture
		{
			fv = cf;
			cf += 1.0f;
		}
		fcap[0][i] = fv;
#pragma acc atomic capture
		dv = cd += 0.5;
		fcap[1][i] = dv;
	}
	printf("int: %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", ia[0], ia[1], ia[2], ia[3], ia[4], ia[5], ia[6], ia[7], ia[8],
	       ia[9], ia[10], ia[11], ia[12], ia[13], ia[14], ia[15], ia[16]);
	printf("unsigned: %u %u; long: %ld %ld %ld; unsigned long: %lu %lu\n", ua[0], ua[1], la[0], la[1], la[2], ula[0], ula[1]);
	printf("float: %g %g %g %g %g %g %g\n", fa[0], fa[1], fa[2], fa[3], fa[4], fa[5], fa[6]);
	printf("double: %g %g %g %g %g %g %g\n", da[0], da[1], da[2], da[3], da[4], da[5], da[6]);
	printf("scalars: %d %u %ld %lu %g %g\n", ix, ux, lx, ulx, fx, dx);
	int ok;
	for (int i = 0; i < N; i++)
		if (rd[i] != 42 || rdf[i] != 2.5f) {
			printf("FAIL read %d: %d %g\n", i, rd[i], rdf[i]);
			return 1;
		}
	if (xw < 0 || xw >= N) {
		printf("FAIL write: %d\n", xw);
		return 1;
	}
	/* cap[7] holds what each exchange replaced: with the final value of xc
	 * they are -1 (the initial value) and 0..N-1, each once. */
	static long xs[N + 1];
	for (int i = 0; i < N; i++)
		xs[i] = cap[7][i];
	xs[N] = xc;
	ok = perm(cap[0], 0, 1, N, "v = cx++") && perm(cap[1], 1, 1, N, "iv = ++ci[0]") && perm(cap[2], 0, -1, N, "v = cl[0]--");
	ok = ok && perm(cap[3], 2, 2, N, "v = cul[0] += 2") && perm(cap[4], 3, 3, N, "v = cu[0] = cu[0] + 3");
	ok = ok && perm(cap[5], 0, 5, N, "{v = cu[1]; cu[1] += 5;}") && perm(cap[6], (1000L << 34) - 1, -1, N, "{cl2 -= 1; v = cl2;}");
	ok = ok && perm(xs, -1, 1, N + 1, "{iv = xc; xc = i;}");
	static long fl[N], dl[N];
	for (int i = 0; i < N; i++) {
		fl[i] = (long)fcap[0][i];
		dl[i] = (long)(fcap[1][i] * 2);
	}
	ok = ok && perm(fl, 0, 1, N, "{fv = cf; cf += 1;}") && perm(dl, 201, 1, N, "dv = cd += 0.5");
	if (!ok)
		return 1;
	printf("captures: cx %d, ci %d, cl %ld %ld, cu %u %u, cul %lu, cf %g, cd %g\n", cx, ci[0], cl[0], cl2, cu[0], cu[1], cul[0], cf, cd);
	/* a capture in gang-redundant code: one lane takes the ticket, every
	 * lane of the gang gets it (a work queue) */
	int next = 0;
#pragma acc parallel num_gangs(8) vector_length(32) copy(next) copyout(owner)
	{
#pragma acc loop gang
		for (int g = 0; g < 50; g++) {
			int slot;
#pragma acc atomic capture
			slot = next++;
#pragma acc loop vector
			for (int k = 0; k < 16; k++)
				owner[slot * 16 + k] = g;
		}
	}
	static long own[50];
	for (int s = 0; s < 50; s++) {
		for (int k = 1; k < 16; k++)
			if (owner[s * 16 + k] != owner[s * 16]) {
				printf("FAIL slot %d: lanes disagree (%d, %d)\n", s, owner[s * 16], owner[s * 16 + k]);
				return 1;
			}
		own[s] = owner[s * 16];
	}
	if (next != 50 || !perm(own, 0, 1, 50, "slot = next++ in gang-redundant code"))
		return 1;
	printf("reads, write and captures: consistent; tickets %d\n", next);
	printf("OK\n");
	return 0;
}
