#include <stdio.h>
#include <stdlib.h>

/* A kernel that writes far past its array on the device (an illegal address
 * on a GPU): the runtime must report it once, naming the construct
 * (main_L16). scripts/gpu-check.sh runs it on the GPU; on a CPU device the
 * write may go unnoticed or crash the process, so no test here runs it. */
int main(int argc, char **argv)
{
	int n = 1000;
	long far = argc > 1 ? atol(argv[1]) : 1L << 30;
	float *a = malloc(n * sizeof *a);
#pragma acc data copy(a[0:n])
	{
		for (int t = 0; t < 3; t++) {
#pragma acc parallel loop present(a[0:n])
			for (int i = 0; i < n; i++)
				a[i + (i == 7 ? far : 0)] = i;
		}
	}
	printf("a[5] = %g\n", a[5]);
	return 0;
}
