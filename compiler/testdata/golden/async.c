/* async queues, wait clauses and directives, init/shutdown/set */
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = 1000, q = argc;
	float *x = malloc(n * sizeof *x), s = 0;
	(void)argv;
#pragma acc init device_type(gpu) device_num(0) if(argc > 0)
#pragma acc set default_async(q + 1)
#pragma acc enter data copyin(x[0:n]) async(q)
#pragma acc parallel loop present(x[0:n]) async(q + 1) wait(q)
	for (int i = 0; i < n; i++)
		x[i] += 1;
#pragma acc parallel loop present(x[0:n]) reduction(+:s) async wait
	for (int i = 0; i < n; i++)
		s += x[i];
#pragma acc kernels present(x[0:n]) wait(q, 2) if(n > 10)
	for (int i = 0; i < n; i++)
		x[i] *= 2;
#pragma acc update self(x[0:n / 2]) async(2) wait(q + 1)
#pragma acc wait(2) async(q)
#pragma acc exit data copyout(x[0:n]) async(q)
#pragma acc wait(q) if(n > 0)
#pragma acc wait
#pragma acc shutdown
	free(x);
	return s > 0;
}
