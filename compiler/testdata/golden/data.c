/* data constructs, update, enter/exit data, wait */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 256;
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	for (int i = 0; i < n; i++)
		x[i] = i;
#pragma acc enter data create(y[0:n])
#pragma acc data copyin(x[0:n]) present(y[0:n])
	{
#pragma acc parallel loop async(1)
		for (int i = 0; i < n; i++)
			y[i] = 2.0f * x[i];
#pragma acc wait(1)
#pragma acc update self(y[0:n / 2]) if(n > 10)
	}
#pragma acc exit data copyout(y[0:n]) finalize
	printf("%g %g\n", y[1], y[n - 1]);
	free(x);
	free(y);
	return 0;
}
