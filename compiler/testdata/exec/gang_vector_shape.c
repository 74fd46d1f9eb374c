/* parallel loop gang vector with num_gangs and vector_length: every
 * iteration runs exactly once, whatever the trip count vs. NDRange size. */
#include <stdio.h>

#define MAXN 5000

static int hits[MAXN];

static void mark(int n, int ng, int tag)
{
#pragma acc parallel loop gang vector num_gangs(ng) vector_length(64) copy(hits[0:n])
	for (int i = 0; i < n; i++)
		hits[i] += tag;
}

int main(void)
{
	int sizes[] = {1, 63, 64, 65, 1000, 4999, 5000};
	int gangs[] = {1, 2, 3, 8, 16, 7, 100};
	for (int t = 0; t < 7; t++) {
		int n = sizes[t];
		for (int i = 0; i < MAXN; i++)
			hits[i] = 0;
		mark(n, gangs[t], 1);
		mark(n, gangs[t], 10);
		int bad = 0, sum = 0;
		for (int i = 0; i < MAXN; i++) {
			int want = i < n ? 11 : 0;
			if (hits[i] != want)
				bad++;
			sum += hits[i];
		}
		if (bad) {
			printf("FAIL n = %d, gangs = %d: %d wrong entries\n", n, gangs[t], bad);
			return 1;
		}
		printf("n = %4d gangs = %3d sum = %d\n", n, gangs[t], sum);
	}
	printf("OK\n");
	return 0;
}
