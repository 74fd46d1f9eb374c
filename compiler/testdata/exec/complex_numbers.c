/* complex numbers in device code (float2/double2 in OpenCL): double and
 * float _Complex arrays in data clauses, complex scalars the constructs
 * read (one in a data clause, one firstprivate), private complex variables
 * and a local complex array; + - * / with complex and real operands,
 * compound assignments, unary minus, == != && || !, casts to real and
 * between precisions, I and CMPLX; creal, cimag, conj; cabs and the
 * transcendental functions (compared with a tolerance: OpenCL allows a few
 * ulp); reductions (+ on double and float complex, * at gang level around
 * a vector +); a routine taking and returning complex values; a Mandelbrot
 * iteration count (complex multiply, exact as on the host). Divisions use
 * dyadic values so that every division algorithm gives the same bits. */
#include <complex.h>
#include <math.h>
#include <stdio.h>

#define N 64
#define W 48
#define H 32

#pragma acc routine seq
static double _Complex rotate(double _Complex z, double turns)
{
	/* quarter turns by multiplying with I */
	double _Complex r = z;
	for (int k = 0; k < (int)turns; k++)
		r = r * I;
	return r;
}

#pragma acc routine seq
static int escape(double _Complex c, int limit)
{
	double _Complex z = 0;
	int k = 0;
	while (k < limit && creal(z) * creal(z) + cimag(z) * cimag(z) <= 4.0) {
		z = z * z + c;
		k++;
	}
	return k;
}

int main(void)
{
	double _Complex a[N], b[N], q[N];
	float _Complex f[N];
	double re[N], mag[N];
	int same[N], iters[H][W];
	double _Complex shift = CMPLX(0.5, -0.25);
	for (int i = 0; i < N; i++) {
		a[i] = (i % 9) - 4 + ((i % 5) - 2) * 0.5 * I;
		f[i] = (float)i * 0.25f - (float)(i % 3) * I;
	}

#pragma acc data copyin(a[0:N], shift) copy(f) copyout(b, q, re, mag, same)
	{
#pragma acc parallel loop
		for (int i = 0; i < N; i++) {
			double _Complex z = a[i] * a[i] - 2.0 * a[i] + shift;
			z += 1;
			z *= conj(a[i]);
			z -= I * 0.5;
			b[i] = -z;
			q[i] = (a[i] * 4.0) / (i % 2 ? 1.0 + I : (double _Complex)2.0);
			re[i] = (double)z + cimag(z);
			mag[i] = cabs(a[i] * 3.0 + 4.0 * I * cabs(a[i]));
			same[i] = (a[i] == conj(a[i])) + 2 * (a[i] != 0.0) + 4 * (a[i] && !a[(i + 1) % N]);
			float _Complex g = f[i];
			g = g * (float _Complex)a[i] + 1.0f;
			f[i] = g / 2.0f;
		}
		double _Complex tr[N];
#pragma acc parallel loop copyout(tr)
		for (int i = 0; i < N; i++) {
			double _Complex pts[3] = {0};
			pts[0] = rotate(a[i], i % 4);
			pts[1] = csqrt(a[i] * a[i]);
			pts[2] = cexp(clog(a[i] + 5.0));
			tr[i] = pts[0] + 0 * pts[1] + 0 * pts[2];
		}
		int bad_tr = 0;
		for (int i = 0; i < N; i++) {
			double _Complex e = a[i];
			for (int k = 0; k < i % 4; k++)
				e *= I;
			bad_tr += tr[i] != e;
		}
		printf("rotations: %s\n", bad_tr ? "FAIL" : "ok");
	}
	/* transcendental functions: within a tolerance; half is firstprivate */
	double _Complex tx[N], half = 0.5;
#pragma acc parallel loop copyin(a) copyout(tx)
	for (int i = 0; i < N; i++)
		tx[i] = csqrt(a[i]) + cexp(a[i] / 4.0) + clog(a[i] + 5.0) + cpow(a[i] + 5.0, half) + csin(a[i]) * ccos(a[i]) + carg(a[i] + 0.5);

	/* reductions: + on double and float complex, * at gang level around a
	 * vector + reduction */
	double _Complex total = 1 + I, prod = 1, rows[8];
	float _Complex ftotal = 0;
#pragma acc parallel loop copyin(a) reduction(+:total, ftotal)
	for (int i = 0; i < N; i++) {
		total += a[i];
		ftotal += (float _Complex)a[i];
	}
#pragma acc parallel loop gang copyin(a) copyout(rows) reduction(*:prod)
	for (int i = 0; i < 8; i++) {
		double _Complex row = 0;
#pragma acc loop vector reduction(+:row)
		for (int j = 0; j < N; j++)
			row += a[j] * (double)((i + j) % 3);
		rows[i] = row;
		prod *= (i % 2 ? I : -2.0 * I);
	}

#pragma acc parallel loop collapse(2) copyout(iters)
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			iters[y][x] = escape(CMPLX(-2.0 + x * (3.0 / W), -1.0 + y * (2.0 / H)), 200);

	int bad = 0;
	float _Complex fh[N];
	for (int i = 0; i < N; i++) {
		double _Complex z = a[i] * a[i] - 2.0 * a[i] + shift;
		z += 1;
		z *= conj(a[i]);
		z -= I * 0.5;
		bad += b[i] != -z;
		bad += q[i] != (a[i] * 4.0) / (i % 2 ? 1.0 + I : (double _Complex)2.0);
		bad += re[i] != creal(z) + cimag(z);
		/* cabs is hypot: OpenCL allows 4 ulp (NVIDIA's differs in the last bit) */
		double em = cabs(a[i] * 3.0 + 4.0 * I * cabs(a[i]));
		bad += fabs(mag[i] - em) > 1e-14 * em;
		bad += same[i] != (a[i] == conj(a[i])) + 2 * (a[i] != 0.0) + 4 * (a[i] && !a[(i + 1) % N]);
		float _Complex g = (float)i * 0.25f - (float)(i % 3) * I;
		g = g * (float _Complex)a[i] + 1.0f;
		fh[i] = g / 2.0f;
		bad += f[i] != fh[i];
		double _Complex e = csqrt(a[i]) + cexp(a[i] / 4.0) + clog(a[i] + 5.0) + cpow(a[i] + 5.0, 0.5) + csin(a[i]) * ccos(a[i]) + carg(a[i] + 0.5);
		bad += cabs(tx[i] - e) > 1e-9 * (1 + cabs(e));
	}
	double _Complex etotal = 1 + I, eprod = 1;
	float _Complex eftotal = 0;
	for (int i = 0; i < N; i++) {
		etotal += a[i];
		eftotal += (float _Complex)a[i];
	}
	for (int i = 0; i < 8; i++) {
		double _Complex row = 0;
		for (int j = 0; j < N; j++)
			row += a[j] * (double)((i + j) % 3);
		bad += rows[i] != row;
		eprod *= (i % 2 ? I : -2.0 * I);
	}
	bad += total != etotal || ftotal != eftotal || prod != eprod;
	long count = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			bad += iters[y][x] != escape(CMPLX(-2.0 + x * (3.0 / W), -1.0 + y * (2.0 / H)), 200);
			count += iters[y][x];
		}
	printf("b[5] = %g%+gi, q[7] = %g%+gi, re[9] = %g, mag[3] = %g, same[4] = %d\n", creal(b[5]), cimag(b[5]), creal(q[7]),
	       cimag(q[7]), re[9], mag[3], same[4]);
	printf("f[10] = %g%+gi, Mandelbrot iterations %ld\n", crealf(f[10]), cimagf(f[10]), count);
	printf("sums %g%+gi %g%+gi, product %g%+gi, rows[1] %g%+gi\n", creal(total), cimag(total), crealf(ftotal), cimagf(ftotal),
	       creal(prod), cimag(prod), creal(rows[1]), cimag(rows[1]));
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
