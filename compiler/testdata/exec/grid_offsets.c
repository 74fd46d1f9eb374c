/* The forms of a 2-D/3-D grid kernel that the host chooses at launch: the
 * arrays at the start of their buffers (whole arrays), arrays inside them
 * (a sub-array from row 1, a section of a larger mapping that a data
 * construct holds), and the loops' own conditions as the test that a
 * work-item has an iteration (from 1 with <, from 2 with <=). */
#include <stdio.h>
#include <stdlib.h>

#define N 40

static int fails;

static void expect(int cond, const char *what)
{
	if (!cond) {
		printf("FAIL %s\n", what);
		fails++;
	}
}

int main(void)
{
	double *a = malloc(N * N * sizeof *a), *b = malloc(N * N * sizeof *b);
	float g[N][N][N];
	for (int i = 0; i < N * N; i++) {
		a[i] = i % 7;
		b[i] = -1;
	}
	/* rows 1 to N-2 only: the views start one row into the data */
#pragma acc parallel loop collapse(2) copyin(a[N:N * (N - 2)]) copy(b[N:N * (N - 2)])
	for (int i = 1; i < N - 1; i++)
		for (int j = 0; j < N; j++)
			b[i * N + j] = 2 * a[i * N + j] + 1;
	double s = 0;
	for (int i = 0; i < N * N; i++)
		s += b[i] * (i % 5 + 1);
	printf("rows inside: %.1f\n", s);
	expect(b[0] == -1 && b[N * N - 1] == -1, "the first and last rows kept");

	/* a section of a mapping the data construct holds, then the whole */
#pragma acc data copy(b[0:N * N]) copyin(a[0:N * N])
	{
#pragma acc parallel loop collapse(2) present(b[2 * N:N * (N - 4)], a[0:N * N])
		for (int i = 2; i < N - 2; i++)
			for (int j = 1; j < N - 1; j++)
				b[i * N + j] += a[(i - 1) * N + j];
#pragma acc parallel loop collapse(2) present(b[0:N * N])
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				b[i * N + j] *= 2;
	}
	s = 0;
	for (int i = 0; i < N * N; i++)
		s += b[i] * (i % 3 + 1);
	printf("sections: %.1f\n", s);

	/* 3-D, from 2 with <= and from 1 with < */
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++)
				g[i][j][k] = 0;
#pragma acc parallel loop collapse(3) copy(g)
	for (int i = 2; i <= N - 3; i++)
		for (int j = 1; j < N - 1; j++)
			for (int k = 1; k <= N - 2; k++)
				g[i][j][k] = i + 2 * j + 3 * k;
	long t = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			for (int k = 0; k < N; k++)
				t += (long)g[i][j][k] * ((i + j + k) % 4 + 1);
	printf("3-D: %ld\n", t);
	expect(g[1][5][5] == 0 && g[N - 2][5][5] == 0 && g[5][5][N - 1] == 0, "the borders kept");
	free(a);
	free(b);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
