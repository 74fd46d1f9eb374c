/* routine parameters that are variable-length arrays and pointers to
 * pointers: `double a[n][m]` and `double a[l][n][m]` given a VLA of the
 * construct, a fixed-size 2-D array and a routine's own VLA parameter;
 * `float **a` given rows mapped with copyin(a[0:R][0:C]) and passed on from
 * routine to routine; a `routine vector` summing a VLA's rows and a
 * `routine worker` writing a pointer to pointers; rows as pointers (p[i],
 * a[i]) in a construct and in a routine; a routine whose VLA lengths are
 * expressions of its parameters, evaluated at entry (the parameter changes
 * after). */
#include <stdio.h>
#include <stdlib.h>

// exec-bytes: h2d=37764 d2h=4664
// exec-no-gcc-openacc: gcc 12 rejects sub-arrays of pointers to pointers ("array section is not contiguous"), which OpenACC 3.3 §2.7.1 allows

#define R 23
#define C 37

#pragma acc routine seq
static double cell(int n, int m, double a[n][m], int i, int j)
{
	return a[i][j];
}

#pragma acc routine seq
static double rowsum(int n, int m, double a[n][m], int i)
{
	double s = 0;
	for (int j = 0; j < m; j++)
		s += cell(n, m, a, i, j); /* a VLA parameter passed on */
	return s;
}

#pragma acc routine seq
static double vecsum(const double *v, int m)
{
	double s = 0;
	for (int j = 0; j < m; j++)
		s += v[j];
	return s;
}

/* a row of a VLA parameter passed as a pointer */
#pragma acc routine seq
static double rowsum_of_row(int n, int m, double a[n][m], int i)
{
	return vecsum(a[i], m);
}

#pragma acc routine seq
static double plane_sum(int l, int n, int m, const double a[l][n][m], int k)
{
	double s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < m; j++)
			s += a[k][i][j] * (double)(i + 1);
	return s;
}

/* lengths as expressions, fixed at entry although w changes */
#pragma acc routine seq
static double band(int w, double a[w + 1][2 * w], int i)
{
	double s = 0;
	int n = 2 * w;
	w = 0;
	for (int j = 0; j < n; j++)
		s += a[i][j];
	return s + (double)w;
}

#pragma acc routine seq
static float get(float **a, int i, int j)
{
	return a[i][j];
}

#pragma acc routine seq
static float rowsum_pp(float **a, int i, int n)
{
	float s = 0;
	for (int j = 0; j < n; j++)
		s += get(a, i, j); /* a pointer to pointers passed on */
	return s;
}

#pragma acc routine seq
static float fsum(const float *v, int m)
{
	float s = 0;
	for (int j = 0; j < m; j++)
		s += v[j];
	return s;
}

#pragma acc routine vector
static double rows_vector(int n, int m, double a[n][m], int i)
{
	double s = 0;
#pragma acc loop vector reduction(+:s)
	for (int j = 0; j < m; j++)
		s += a[i][j];
	return s;
}

#pragma acc routine worker
static void fill_pp(float **out, int rows, int cols, float base)
{
#pragma acc loop worker vector collapse(2)
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			out[i][j] = base + (float)(i * cols + j);
}

int main(void)
{
	int n = R, m = C, l = 3, w = 4;
	double (*a)[m] = malloc(sizeof(double[n][m]));
	double (*cube)[n][m] = malloc(sizeof(double[l][n][m]));
	double fixed[R][C];
	double bnd[5][8];
	float **p = malloc(n * sizeof *p), **q = malloc(n * sizeof *q);
	double sa[R], sf[R], sv[R], sr[R], sk[R], sc[3], sb[5];
	float sp[R], sq[R], sw[R];
	for (int i = 0; i < n; i++) {
		p[i] = malloc(m * sizeof **p);
		q[i] = malloc(m * sizeof **q);
		for (int j = 0; j < m; j++) {
			a[i][j] = i * 0.5 + j;
			fixed[i][j] = i - j * 0.25;
			p[i][j] = (float)(i + 2 * j);
			for (int k = 0; k < l; k++)
				cube[k][i][j] = k + i * 0.125 + j;
		}
	}
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 8; j++)
			bnd[i][j] = i * 8 + j;

#pragma acc data copyin(a[0:n][0:m], fixed, cube[0:l][0:n][0:m], bnd, p[0:R][0:C]) copyout(q[0:R][0:C])
	{
#pragma acc parallel loop copyout(sa, sf, sp)
		for (int i = 0; i < n; i++) {
			sa[i] = rowsum(n, m, a, i);
			sf[i] = rowsum(R, C, fixed, i); /* double[R][C] as double (*)[m] */
			sp[i] = rowsum_pp(p, i, m);
		}
#pragma acc parallel loop gang copyout(sv)
		for (int i = 0; i < n; i++)
			sv[i] = rows_vector(n, m, a, i);
		/* rows as pointers: a VLA's and a pointer to pointers' */
#pragma acc parallel loop copyout(sr, sk, sq, sw)
		for (int i = 0; i < n; i++) {
			const float *row = p[i];
			float s = 0;
			for (int j = 0; j < m; j++)
				s += row[j];
			sq[i] = s;
			sw[i] = fsum(p[i], m);
			sr[i] = vecsum(a[i], m);
			sk[i] = rowsum_of_row(n, m, a, i);
		}
#pragma acc parallel loop copyout(sc, sb)
		for (int k = 0; k < 5; k++) {
			if (k < 3)
				sc[k] = plane_sum(l, n, m, cube, k);
			sb[k] = band(w, bnd, k);
		}
#pragma acc parallel num_gangs(1)
		fill_pp(q, n, m, 0.5f);
	}

	int bad = 0;
	for (int i = 0; i < n; i++) {
		double ea = 0, ef = 0;
		float ep = 0;
		for (int j = 0; j < m; j++) {
			ea += a[i][j];
			ef += fixed[i][j];
			ep += p[i][j];
			if (q[i][j] != 0.5f + (float)(i * m + j))
				bad++;
		}
		bad += sa[i] != ea || sf[i] != ef || sp[i] != ep || sv[i] != ea;
		bad += sr[i] != ea || sk[i] != ea || sq[i] != ep || sw[i] != ep;
	}
	for (int k = 0; k < 3; k++) {
		double e = 0;
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				e += cube[k][i][j] * (double)(i + 1);
		bad += sc[k] != e;
	}
	for (int k = 0; k < 5; k++) {
		double e = 0;
		for (int j = 0; j < 8; j++)
			e += bnd[k][j];
		bad += sb[k] != e;
	}
	printf("rowsum %g %g, fixed %g, pp %g, vector %g\n", sa[0], sa[n - 1], sf[n - 1], sp[n - 1], sv[n - 1]);
	printf("planes %g %g %g, band %g %g, q %g\n", sc[0], sc[1], sc[2], sb[0], sb[4], q[n - 1][m - 1]);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
