/* A scalar declared outside a parallel construct, with no data clause (so
 * firstprivate: each gang has its own copy), assigned at the start of each
 * gang iteration and reduced by an inner worker or vector loop, then used
 * by the gang (the IDRIS course's row norms, NPB CG's sums in a parallel
 * construct's loop gang): each gang reduces into its
 * own copy. Also with an explicit firstprivate clause, a max reduction and
 * a worker loop over a vector loop. */
#include <stdio.h>
#include <stdlib.h>

#define R 300
#define C 257

int main(void)
{
	double *m = malloc(R * C * sizeof *m), *norms = malloc(R * sizeof *norms), *peaks = malloc(R * sizeof *peaks);
	long *counts = malloc(R * sizeof *counts);
	int bad = 0;
	for (int i = 0; i < R * C; i++)
		m[i] = (i * 37 % 101) * 0.25;

	double norm;
#pragma acc parallel loop copyin(m[0:R*C]) copyout(norms[0:R])
	for (int i = 0; i < R; i++) {
		norm = 0.;
#pragma acc loop reduction(+:norm)
		for (int j = 0; j < C; j++)
			norm += m[i * C + j];
		norms[i] = norm;
	}

	double peak = -1;
#pragma acc parallel loop copyin(m[0:R*C]) copyout(peaks[0:R]) firstprivate(peak)
	for (int i = 0; i < R; i++) {
		peak = 0;
#pragma acc loop vector reduction(max:peak)
		for (int j = 0; j < C; j++)
			peak = m[i * C + j] > peak ? m[i * C + j] : peak;
		peaks[i] = peak * 2;
	}

	long count;
#pragma acc parallel loop gang copyin(m[0:R*C]) copyout(counts[0:R]) num_workers(4) vector_length(32)
	for (int i = 0; i < R; i++) {
		count = 0;
#pragma acc loop worker reduction(+:count)
		for (int j = 0; j < C; j += 16) {
			int end = j + 16 < C ? j + 16 : C;
#pragma acc loop vector reduction(+:count)
			for (int k = j; k < end; k++)
				count += m[i * C + k] > 10.0;
		}
		counts[i] = count + i;
	}

	/* a parallel construct whose loop gang assigns the variable before a
	 * worker vector reduction (NPB CG's sparse product) */
	double *rowsum = malloc(R * sizeof *rowsum), sum;
	int jj, kk;
#pragma acc parallel num_workers(4) vector_length(32) copyin(m[0:R*C]) copyout(rowsum[0:R])
	{
#pragma acc loop gang
		for (jj = 0; jj < R; jj++) {
			sum = 0.0;
#pragma acc loop worker vector reduction(+:sum)
			for (kk = 0; kk < C; kk++)
				sum = sum + m[jj * C + kk];
			rowsum[jj] = sum;
		}
	}
	for (int i = 0; i < R; i++)
		if (rowsum[i] != norms[i] && bad++ < 5)
			printf("row %d: sum %g want %g\n", i, rowsum[i], norms[i]);
	free(rowsum);

	for (int i = 0; i < R; i++) {
		double s = 0, p = 0;
		long c = 0;
		for (int j = 0; j < C; j++) {
			s += m[i * C + j];
			p = m[i * C + j] > p ? m[i * C + j] : p;
			c += m[i * C + j] > 10.0;
		}
		if (norms[i] != s || peaks[i] != 2 * p || counts[i] != c + i) {
			if (bad++ < 5)
				printf("row %d: norm %g want %g, peak %g want %g, count %ld want %ld\n", i, norms[i], s, peaks[i], 2 * p, counts[i], c + i);
		}
	}
	free(m);
	free(norms);
	free(peaks);
	free(counts);
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
