/* Worker-single code runs once per worker: inside a worker loop, the
 * statements outside its vector loops belong to one vector lane. A
 * read-modify-write there happens once per worker-loop iteration, and the
 * vector loop after it reads the new value; code after the vector loop
 * reads what the lanes wrote. A value from a statement with a side effect
 * (int start = next[i][j]++) reaches every lane of the worker. */
#include <stdio.h>

#define N 12
#define W 20
#define M 50

static int cnt[N][W], out[N][W][M], last[N][W], next[N][W], got[N][W][M];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < W; j++)
			cnt[i][j] = i + j, next[i][j] = 7 * j;
#pragma acc parallel loop gang num_workers(4) vector_length(32) copy(cnt, out, last, next, got)
	for (int i = 0; i < N; i++) {
#pragma acc loop worker
		for (int j = 0; j < W; j++) {
			cnt[i][j] += 10;
			int start = next[i][j]++;
#pragma acc loop vector
			for (int k = 0; k < M; k++) {
				out[i][j][k] = cnt[i][j] * 100 + k;
				got[i][j][k] = start + k;
			}
			last[i][j] = out[i][j][M - 1] + out[i][j][0];
			cnt[i][j]++;
		}
	}
	long s = 0, t = 0;
	int bad = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < W; j++) {
			if (cnt[i][j] != i + j + 11)
				bad++;
			if (last[i][j] != 2 * (i + j + 10) * 100 + M - 1 || next[i][j] != 7 * j + 1)
				bad++;
			s += cnt[i][j];
			t += last[i][j];
			for (int k = 0; k < M; k++)
				if (out[i][j][k] != (i + j + 10) * 100 + k || got[i][j][k] != 7 * j + k)
					bad++;
		}
	printf("cnt %ld last %ld\n", s, t);
	if (bad) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
