/* Pointers without a data clause: the section the subscripts reach
 * (inferbounds.go), or why there is none (the data must then be present). */
#include <stdlib.h>

#pragma acc routine seq
static float twice(const float *v) { return 2 * v[0]; }

void kernels(int n, int m, float *a, float *b, float *c, const int *idx, float *d, float *e)
{
	/* the loop's range; a copyin (only read), b copy */
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		b[i] = a[i] * 2;

	/* offsets, a decreasing loop, a stride */
#pragma acc parallel loop
	for (int i = n - 2; i >= 1; i--)
		c[i] = a[i - 1] + a[i + 1];
#pragma acc parallel loop
	for (int i = 0; i < n; i += 4)
		c[i / 4] = a[i];

	/* a 2-D nest with a triangular inner loop, a local index, and an if */
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		for (int j = i; j < m; j++) {
			int k = i * m + j;
			if (j > 0 && j < m - 1)
				d[k] = e[k - 1] + e[k + 1];
		}

	/* a flat index divided by a value of either sign (0 guarded) */
#pragma acc parallel loop
	for (int i = 0; i < n * m; i++)
		d[(i % m) * n + i / m] = e[i];

	/* bounds from a table the construct only reads (a domain's rows) */
#pragma acc parallel loop
	for (int i = idx[0]; i < idx[1]; i++)
		a[i] = e[i - 1] + e[i + 1];

	/* no section: an indirect subscript, a pointer passed on, a counter
	 * that a while loop changes */
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		b[idx[i]] = 1;
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		c[i] = twice(&a[i]);
#pragma acc serial
	{
		int k = 0;
		while (k < n) {
			d[k] = 0;
			k++;
		}
	}
}
