/* Routines for the other files' kernels: a seq routine reading a declared
 * global and a constant through an implicit routine of this file, a vector
 * routine calling it, and a routine whose helper has the name of one in
 * main.c (another function). */
#include "ops.h"

float gain = 1;
#pragma acc declare create(gain)

static const float half = 0.5f;

/* no directive: an implicit routine seq, called by squash */
static float clampf(float v)
{
	return v < 0 ? 0 : v;
}

#pragma acc routine seq
float squash(float v)
{
	return clampf(v * gain) * half;
}

#pragma acc routine vector
void scale_row(int n, float *row, float f)
{
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] = squash(row[j]) * f;
}

#pragma acc routine seq
int count_over(const float *v, int n, float limit)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += v[i] > limit;
	return k;
}

void set_gain(float g)
{
	gain = g;
#pragma acc update device(gain)
}
