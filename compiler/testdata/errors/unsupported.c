/* features the compiler reports instead of translating */
#include <stdio.h>

struct pt { float x, y; struct pt *next; };

int f(int n, float *a, struct pt *p, float **rows)
{
	short count = 0;
#pragma acc parallel loop copy(a[0:n], count)
	for (int i = 0; i < n; i++) {
#pragma acc atomic update
		count += (short)i;
	}
#pragma acc parallel loop tile(4) collapse(2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 0;
#pragma acc parallel loop copy(a)
	for (int i = 0; i < n; i++)
		a[i] = 1;
#pragma acc parallel loop copy(p[0:n])
	for (int i = 0; i < n; i++)
		p[i].x = 0;
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		a[i] = printf("x");
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i = i * 2)
		a[i] = 2;
	return count;
}

/* a pointer to one value without bounds: the message proposes [0:1] */
void scale(int n, float *a, float *bias)
{
#pragma acc data copy(a[0:n]) copyin(bias)
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			a[i] += *bias;
	}
}
