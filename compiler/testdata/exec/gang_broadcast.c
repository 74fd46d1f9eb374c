/* Scalars computed at gang level and used by the vector loops: a private
 * scalar computed from device memory (every lane computes it), and values
 * that come from a statement with a side effect (next[i]++, a swap through
 * device memory): one work-item runs the statement and the value reaches
 * every lane. */
#include <stdio.h>

#define N 30
#define M 90

static int next[N], slot[N][M], pool[N], scaled[N][M], seen[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		next[i] = 3 * i;
		pool[i] = 1000 + i;
	}
#pragma acc parallel loop gang vector_length(64) copy(next, slot, pool, scaled, seen)
	for (int i = 0; i < N; i++) {
		int base = next[i]++;
		int f = pool[i] % 7 + 1;
		int old;
		old = pool[i];
		pool[i] = -i;
		seen[i] = 0;
#pragma acc loop vector
		for (int j = 0; j < M; j++) {
			slot[i][j] = base * 1000 + j;
			scaled[i][j] = f * j + old;
		}
		seen[i] += base;
	}
	long s1 = 0, s2 = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		if (next[i] != 3 * i + 1 || pool[i] != -i || seen[i] != 3 * i)
			bad++;
		for (int j = 0; j < M; j++) {
			if (slot[i][j] != 3 * i * 1000 + j || scaled[i][j] != ((1000 + i) % 7 + 1) * j + 1000 + i)
				bad++;
			s1 += slot[i][j];
			s2 += scaled[i][j];
		}
	}
	printf("slot %ld scaled %ld\n", s1, s2);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
