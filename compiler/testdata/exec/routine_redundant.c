/* Routines called from gang-redundant code: a seq routine that increments
 * device memory runs once per gang-loop iteration, and the vector loop
 * after the call sees its store; a vector routine whose code outside its
 * vector loop increments a counter runs that once per call (one lane), and
 * its vector loop reads the counter. */
#include <stdio.h>

#define N 20
#define M 80

#pragma acc routine seq
void bump(int *p, int k, int by)
{
	p[k] += by;
}

#pragma acc routine vector
void addrow(int *row, int n, int *count)
{
	count[0] += 1;
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] += count[0];
}

static int base[N], rows[N][M], counts[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		base[i] = i;
		counts[i] = 10 * i;
		for (int j = 0; j < M; j++)
			rows[i][j] = j;
	}
#pragma acc parallel loop gang vector_length(32) copy(base, rows, counts)
	for (int i = 0; i < N; i++) {
		bump(base, i, 3);
#pragma acc loop vector
		for (int j = 0; j < M; j++)
			rows[i][j] += base[i];
		addrow(rows[i], M, &counts[i]);
		addrow(rows[i], M, &counts[i]);
	}
	long sb = 0, sr = 0, sc = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		if (base[i] != i + 3 || counts[i] != 10 * i + 2)
			bad++;
		sb += base[i];
		sc += counts[i];
		for (int j = 0; j < M; j++) {
			if (rows[i][j] != j + i + 3 + (10 * i + 1) + (10 * i + 2))
				bad++;
			sr += rows[i][j];
		}
	}
	printf("base %ld rows %ld counts %ld\n", sb, sr, sc);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
