/* A kernels nest without loop directives: collapsed into a 2-D NDRange
 * (the counters, declared outside, private), with a variant for CPU
 * devices that partitions the outer loop alone; an inner loop that
 * carries a value along each row keeps the rows in parallel; a value
 * carried down the columns: the rows in order in one gang, each row over
 * its lanes. */
#define N 64
float a[N][N], b[N][N];

void nest(void)
{
	int i, j;
#pragma acc kernels
	for (i = 1; i < N - 1; i++)
		for (j = 1; j < N - 1; j++)
			b[i][j] = (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) / 4;
#pragma acc kernels
	for (i = 0; i < N; i++)
		for (j = 1; j < N; j++)
			b[i][j] = b[i][j - 1] + a[i][j];
#pragma acc kernels
	for (i = 1; i < N; i++)
		for (j = 0; j < N; j++)
			b[i][j] += b[i - 1][j] / 2;
}
