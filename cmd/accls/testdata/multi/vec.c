/* Vector operations on data the caller (main.c) put on the device: present
 * clauses, a routine reading a declared global of this file, and a static
 * helper whose construct has the same name as one in main.c. */
#include "vec.h"

float bias;
#pragma acc declare create(bias)

void set_bias(float b)
{
	bias = b;
#pragma acc update device(bias)
}

#pragma acc routine seq
static float biased(float v)
{
	return v + bias;
}

static void helper(int n, float *y)
{
#pragma acc parallel loop present(y[0:n])
	for (int i = 0; i < n; i++)
		y[i] = biased(y[i]);
}

void axpy(int n, float a, const float *x, float *y)
{
#pragma acc parallel loop present(x[0:n], y[0:n])
	for (int i = 0; i < n; i++)
		y[i] += a * x[i];
	helper(n, y);
}

float sum(int n, const float *y)
{
	float s = 0;
#pragma acc parallel loop present(y[0:n]) reduction(+:s)
	for (int i = 0; i < n; i++)
		s += y[i];
	return s;
}
