/* Implicit routines (OpenACC §2.15.1): device code may call a function this
 * file defines without a routine directive, compiled as 'routine seq'. The
 * errors in such a function name it; functions defined elsewhere, and those
 * with directives inside, still need a routine directive. */
#include <stdio.h>

int counter;
static const double third = 1.0 / 3; /* not literals only: not a global constant for routines */

static int uses_global(int x) { return x + counter; }

static float prints(float x)
{
	fflush(stdout);
	return x;
}

static int down(int x) { return x > 0 ? down(x - 1) : 0; }

static int leaf(int x) { return x * 2 + (int)third; }
static int through(int x) { return leaf(x) + uses_global(x); } /* transitively */

static void bump(int *h, int b)
{
#pragma acc atomic update
	h[b]++;
}

float elsewhere(float);

void f(int n, float *a, int *h)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = uses_global(i);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = prints(a[i]);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = down(i);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = through(i);
#pragma acc parallel loop copy(a[0:n], h[0:8])
	for (int i = 0; i < n; i++)
		bump(h, i % 8);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = elsewhere(a[i]);
}
