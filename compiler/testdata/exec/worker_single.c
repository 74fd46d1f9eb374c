/* Worker-single code runs once per worker: inside a worker loop, the
 * statements outside its vector loops belong to one vector lane. A
 * read-modify-write there happens once per worker-loop iteration, and the
 * vector loop after it reads the new value; code after the vector loop
 * reads what the lanes wrote. */
#include <stdio.h>

#define N 12
#define W 20
#define M 50

static int cnt[N][W], out[N][W][M], last[N][W];

int main(void)
{
	for (int i = 0; i < N; i++)
		for (int j = 0; j < W; j++)
			cnt[i][j] = i + j;
#pragma acc parallel loop gang num_workers(4) vector_length(32) copy(cnt, out, last)
	for (int i = 0; i < N; i++) {
#pragma acc loop worker
		for (int j = 0; j < W; j++) {
			cnt[i][j] += 10;
#pragma acc loop vector
			for (int k = 0; k < M; k++)
				out[i][j][k] = cnt[i][j] * 100 + k;
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
			if (last[i][j] != 2 * (i + j + 10) * 100 + M - 1)
				bad++;
			s += cnt[i][j];
			t += last[i][j];
			for (int k = 0; k < M; k++)
				if (out[i][j][k] != (i + j + 10) * 100 + k)
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
