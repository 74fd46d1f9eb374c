/* redundant code the compiler rejects: two values computed by a statement
 * with a side effect in worker-single code (one broadcast slot), a barrier
 * that worker-single code nested in control flow would need, a routine
 * that synchronizes the lanes called inside a worker loop, and a header
 * with a side effect around a partitioned loop */
#pragma acc routine vector
void addrow(int *row, int n, int *count)
{
	count[0] += 1;
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] += count[0];
}

int main(void)
{
	int a[8][8], c[8], next[8];
#pragma acc parallel loop gang num_workers(2) vector_length(32) copy(a, c, next)
	for (int i = 0; i < 8; i++) {
#pragma acc loop worker
		for (int j = 0; j < 8; j++) {
			int base, two;
			base = next[j]++, two = next[j]++;
#pragma acc loop vector
			for (int k = 0; k < 8; k++)
				a[j][k] = base + two + k;
		}
	}
#pragma acc parallel loop gang num_workers(2) vector_length(32) copy(a, c)
	for (int i = 0; i < 8; i++) {
#pragma acc loop worker
		for (int j = 0; j < 8; j++) {
			if (j > 2) {
				c[j] += 1;
#pragma acc loop vector
				for (int k = 0; k < 8; k++)
					a[j][k] = c[j];
			}
		}
	}
#pragma acc parallel loop gang num_workers(2) vector_length(32) copy(a, c)
	for (int i = 0; i < 8; i++) {
#pragma acc loop worker
		for (int j = 0; j < 8; j++)
			addrow(a[j], 8, &c[j]);
	}
#pragma acc parallel loop gang vector_length(32) copy(a, next)
	for (int i = 0; i < 8; i++) {
		while (next[i]++ < 3) {
#pragma acc loop vector
			for (int k = 0; k < 8; k++)
				a[i][k] = k;
		}
	}
	return 0;
}
