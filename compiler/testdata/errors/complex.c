/* complex values in device code the compiler does not take: ++ on a
 * complex value, GNU's ~ (conjugate) on one, and a compound multiply whose
 * target has side effects. */
#include <complex.h>

void f(int n, double _Complex *z, int *idx)
{
#pragma acc parallel loop copy(z[0:n])
	for (int i = 0; i < n; i++)
		z[i]++;
#pragma acc parallel loop copy(z[0:n])
	for (int i = 0; i < n; i++)
		z[i] = ~z[i];
#pragma acc parallel loop copy(z[0:n]) copyin(idx[0:n])
	for (int i = 0; i < n; i++)
		z[idx[i]++] *= z[i];
}
