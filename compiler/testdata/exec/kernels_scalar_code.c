/* kernels with scalar code between loop nests: scalars assigned in a kernels
 * region are implicitly copy (2.6.2), so the host sees them afterwards. */
#include <stdio.h>

#define N 1000

static int v[N];

int main(void)
{
	int first = -1, last = -1, n = N;
	for (int i = 0; i < N; i++)
		v[i] = 3 * i + 1;
#pragma acc kernels
	{
		first = v[0];
		last = v[n - 1];
		for (int i = 0; i < n; i++)
			v[i] = v[i] - first;
	}
	if (first != 1 || last != 3 * (N - 1) + 1) {
		printf("FAIL first = %d, last = %d\n", first, last);
		return 1;
	}
	for (int i = 0; i < N; i++)
		if (v[i] != 3 * i) {
			printf("FAIL v[%d] = %d\n", i, v[i]);
			return 1;
		}
	printf("first = %d, last = %d\n", first, last);
	printf("v[10] = %d\n", v[10]);
	printf("OK\n");
	return 0;
}
