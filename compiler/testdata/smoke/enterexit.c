/* unstructured data: enter data / exit data across functions */
#include <stdio.h>
#include <stdlib.h>

static float *make(int n)
{
	float *p = malloc(n * sizeof *p);
	for (int i = 0; i < n; i++)
		p[i] = (float)i;
#pragma acc enter data copyin(p[0:n])
	return p;
}

static void twice(float *p, int n)
{
#pragma acc parallel loop present(p[0:n])
	for (int i = 0; i < n; i++)
		p[i] *= 2.0f;
}

int main(void)
{
	int n = 4096;
	float *p = make(n);
	twice(p, n);
	twice(p, n);
#pragma acc exit data copyout(p[0:n])
	printf("after exit data: p[3] = %g p[n-1] = %g\n", p[3], p[n - 1]);
	free(p);
	return 0;
}
