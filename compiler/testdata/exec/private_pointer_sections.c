/* Gang-private copies of what a pointer points to, with a length known at
 * run time: private(tmp[0:n]) on a parallel construct (a gang loop fills it
 * with a worker loop, a seq loop sums it), on a combined parallel loop gang
 * with a lower bound (row[2:m]: the copy covers row[2] to row[m+1]), on a
 * loop gang inside a parallel construct, and on a serial construct. Each
 * gang's copy is its own: the gangs run at once and would overwrite each
 * other's work in one array. firstprivate(coef[1:k]) gives each gang a
 * copy that starts as the host's data (read here: plain C shares it). */
// exec-no-gcc-openacc: gcc 12 rejects sub-arrays in private clauses
#include <stdio.h>
#include <stdlib.h>

#define G 24

int main(int argc, char **argv)
{
	int n = 500 + argc, m = 300 + argc;
	double *a = malloc(G * n * sizeof *a), *d = malloc(G * sizeof *d), *e = malloc(G * sizeof *e);
	double *tmp = malloc(n * sizeof *tmp), *row = malloc((m + 2) * sizeof *row), *w = malloc(n * sizeof *w);
	float *t = malloc(n * sizeof *t);
	long *f = malloc(G * sizeof *f);
	for (int i = 0; i < G * n; i++)
		a[i] = i % 17;
	for (int g = 0; g < G; g++)
		d[g] = e[g] = f[g] = 0;
#pragma acc parallel num_gangs(G) private(tmp[0:n]) copyin(a[0:G * n]) copy(d[0:G])
	{
#pragma acc loop gang
		for (int g = 0; g < G; g++) {
#pragma acc loop worker
			for (int y = 0; y < n; y++)
				tmp[y] = 2 * a[g * n + y];
#pragma acc loop seq
			for (int y = 0; y < n; y++)
				d[g] += tmp[y];
		}
	}
#pragma acc parallel loop gang private(row[2:m]) copyin(a[0:G * n]) copyout(e[0:G])
	for (int g = 0; g < G; g++) {
#pragma acc loop vector
		for (int j = 2; j < m + 2; j++)
			row[j] = a[g * n + j] + g;
		double s = 0;
#pragma acc loop vector reduction(+:s)
		for (int j = 2; j < m + 2; j++)
			s += row[j] * row[m + 3 - j];
		e[g] = s;
	}
#pragma acc parallel copyin(a[0:G * n]) copyout(f[0:G])
	{
#pragma acc loop gang private(w[0:n])
		for (int g = 0; g < G; g++) {
#pragma acc loop vector
			for (int y = 0; y < n; y++)
				w[y] = a[g * n + (n - 1 - y)];
			long s = 0;
#pragma acc loop seq
			for (int y = 1; y < n; y++)
				s += (long)w[y] * (long)w[y - 1];
			f[g] = s;
		}
	}
	double *coef = malloc(8 * sizeof *coef), *h = malloc(G * sizeof *h);
	int k = 6;
	for (int j = 0; j < 8; j++)
		coef[j] = j * 0.5;
#pragma acc parallel loop gang firstprivate(coef[1:k]) copyin(a[0:G * n]) copyout(h[0:G])
	for (int g = 0; g < G; g++) {
		double s = 0;
#pragma acc loop vector reduction(+:s)
		for (int y = 0; y < n; y++)
			s += a[g * n + y] * coef[1 + y % k];
		h[g] = s;
	}
	double hs = 0;
#pragma acc serial firstprivate(coef[0:8]) copy(hs)
	for (int j = 0; j < 8; j++)
		hs += coef[j];
	double total = 0;
#pragma acc serial private(t[0:n]) copy(total)
	{
		for (int y = 0; y < n; y++)
			t[y] = (float)(y % 8);
		for (int y = 0; y < n; y++)
			total += t[y] * t[n - 1 - y];
	}
	int bad = 0;
	double sd = 0, se = 0;
	long sf = 0;
	for (int g = 0; g < G; g++) {
		double wd = 0, we = 0;
		long wf = 0;
		for (int y = 0; y < n; y++)
			wd += 2 * a[g * n + y];
		for (int j = 2; j < m + 2; j++)
			we += (a[g * n + j] + g) * (a[g * n + m + 3 - j] + g);
		for (int y = 1; y < n; y++)
			wf += (long)a[g * n + (n - 1 - y)] * (long)a[g * n + (n - y)];
		bad += d[g] != wd || e[g] != we || f[g] != wf;
		sd += d[g];
		se += e[g];
		sf += f[g];
	}
	double wt = 0;
	for (int y = 0; y < n; y++)
		wt += (float)(y % 8) * (float)((n - 1 - y) % 8);
	bad += total != wt;
	double sh = 0;
	for (int g = 0; g < G; g++) {
		double w = 0;
		for (int y = 0; y < n; y++)
			w += a[g * n + y] * coef[1 + y % k];
		bad += h[g] != w;
		sh += h[g];
	}
	bad += hs != 14;
	printf("d %.1f e %.1f f %ld serial %.1f firstprivate %.1f %.1f\n", sd, se, sf, total, sh, hs);
	if (bad) {
		printf("FAIL %d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
