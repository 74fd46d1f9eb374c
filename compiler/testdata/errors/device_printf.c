/* printf in device code takes a string literal as its format (OpenCL C) */
#include <stdio.h>

void prints(int *a, int n, const char *fmt)
{
#pragma acc parallel loop copyin(a[0:n])
	for (int i = 0; i < n; i++)
		printf(fmt, a[i]);
}
