/* a kernels construct: scalar code, an independent nest, a nest the
 * compiler keeps sequential, and a reduction it finds */
#include <stdio.h>

#define N 512

static int a[N], b[N];

int main(void)
{
	int first = 0, total = 0, n = N;
#pragma acc kernels copy(a, total) copyout(b)
	{
		first = a[0];
		for (int i = 0; i < n; i++)
			b[i] = a[i] + first;
		for (int i = 1; i < n; i++)
			a[i] = a[i - 1] + 1;
		for (int i = 0; i < n; i++)
			total += b[i];
	}
	printf("%d %d %d\n", first, total, a[N - 1]);
	return 0;
}
