/* complex types the device does not hold (long double _Complex, GNU's
 * complex integers, a struct member at an offset OpenCL's double2 cannot
 * have) and a reduction operator complex values lack. */
#include <complex.h>

void f(int n, long double _Complex *l, _Complex int *k, double _Complex *z)
{
#pragma acc parallel loop copy(l[0:n])
	for (int i = 0; i < n; i++)
		l[i] = l[i] * 2;
#pragma acc parallel loop copy(k[0:n])
	for (int i = 0; i < n; i++)
		k[i] = k[i] * 2;
	double _Complex m = 0;
#pragma acc parallel loop copyin(z[0:n]) reduction(max:m)
	for (int i = 0; i < n; i++)
		m = z[i];
}

struct wave {
	double amp;
	double _Complex phase;
};

void g(int n, struct wave *w)
{
#pragma acc parallel loop copy(w[0:n])
	for (int i = 0; i < n; i++)
		w[i].amp = 2;
}
