/* loop gang over rows with an inner loop seq carrying a dependence along
 * each row (in-place prefix sum), then a gang vector loop on the result. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int rows = 50, cols = 300;
	long *m = malloc(sizeof(long) * rows * cols);
	for (int i = 0; i < rows * cols; i++)
		m[i] = i % 13;
#pragma acc data copy(m[0:rows*cols])
	{
#pragma acc parallel loop gang
		for (int i = 0; i < rows; i++) {
#pragma acc loop seq
			for (int j = 1; j < cols; j++)
				m[i * cols + j] += m[i * cols + j - 1];
		}
#pragma acc parallel loop gang vector
		for (int x = 0; x < rows * cols; x++)
			m[x] = 2 * m[x];
	}
	long check = 0;
	for (int i = 0; i < rows; i++) {
		long acc = 0;
		for (int j = 0; j < cols; j++) {
			acc += (i * cols + j) % 13;
			if (m[i * cols + j] != 2 * acc) {
				printf("FAIL m[%d][%d] = %ld, want %ld\n", i, j, m[i * cols + j], 2 * acc);
				return 1;
			}
		}
		check += m[i * cols + cols - 1];
	}
	printf("row 0 end = %ld\n", m[cols - 1]);
	printf("row %d end = %ld\n", rows - 1, m[rows * cols - 1]);
	printf("sum of row ends = %ld\n", check);
	free(m);
	printf("OK\n");
	return 0;
}
