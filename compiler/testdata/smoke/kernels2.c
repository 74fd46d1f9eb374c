/* kernels with two loop nests: two kernels, the second reads the first's
 * output; a reduction found by the compiler in a third */
#include <stdio.h>

#define N 3000

static float a[N], b[N];

int main(void)
{
	float total = 0.0f;
	for (int i = 0; i < N; i++)
		a[i] = (float)(i % 10);
#pragma acc kernels copyin(a) create(b) copy(total)
	{
		for (int i = 0; i < N; i++)
			b[i] = a[i] * 2.0f;
		for (int i = 0; i < N; i++)
			total += b[N - 1 - i];
	}
	printf("total = %g\n", total);
	return 0;
}
