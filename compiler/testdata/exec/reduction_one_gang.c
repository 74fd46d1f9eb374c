/* Loop reductions in a construct of one gang (num_gangs(NG) with NG a
 * macro for 1), whose results the code around the loops reads: a Cholesky
 * factorization in the OpenACC user group's style, where gang-redundant
 * code sets sm, a `loop reduction(+:sm)` (gang vector) adds to it, and the
 * next statement uses it; a gang loop's reduction on a variable declared in
 * the construct; a gang vector loop's on another. With one gang, the gang's
 * copy takes each loop's result (no other gang to wait for). The matrix is
 * L·Lᵀ for an integer L with a unit diagonal, so the factorization is exact
 * in any order of the sums. */
#include <math.h>
#include <stdio.h>

#define N 24
#define NG 1

static double a[N][N], l[N][N];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			l[i][j] = j < i ? (double)((i * 7 + j * 3) % 5 - 2) : i == j ? 1.0 : 0.0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double s = 0;
			for (int k = 0; k < N; k++)
				s += l[i][k] * l[j][k];
			a[i][j] = s;
		}

	double sm;
	long sums[2];
#pragma acc data copy(a) copyout(sums)
	{
#pragma acc parallel present(a) num_gangs(NG)
		{
			for (int ii = 0; ii < N; ++ii) {
				for (int jj = 0; jj < ii; ++jj) {
					sm = a[ii][jj];
#pragma acc loop reduction(+:sm)
					for (int kk = 0; kk < jj; ++kk)
						sm += -a[ii][kk] * a[jj][kk];
					a[ii][jj] = sm / a[jj][jj];
				}
				sm = a[ii][ii];
#pragma acc loop reduction(+:sm)
				for (int kk = 0; kk < ii; ++kk)
					sm += -a[ii][kk] * a[ii][kk];
				a[ii][ii] = sqrt(sm);
			}
		}
#pragma acc parallel num_gangs(1) present(sums)
		{
			long t = 0, u = 0;
#pragma acc loop gang reduction(+:t)
			for (int i = 0; i < 1000; i++)
				t += i;
#pragma acc loop gang vector reduction(+:u)
			for (int i = 0; i < 1000; i++)
				u += 2 * i;
			sums[0] = t;
			sums[1] = u;
		}
	}

	int bad = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j <= i; j++)
			bad += a[i][j] != l[i][j];
	bad += sums[0] != 499500 || sums[1] != 999000;
	printf("L[N-1][N-2] = %g, L[N-1][N-1] = %g, sums %ld %ld\n", a[N - 1][N - 2], a[N - 1][N - 1], sums[0], sums[1]);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
