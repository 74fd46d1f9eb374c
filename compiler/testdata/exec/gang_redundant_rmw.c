/* Gang-redundant code runs once per gang: read-modify-writes of device
 * memory at gang level (outside the inner vector and worker loops) happen
 * once per gang-loop iteration, not once per vector lane or worker, and the
 * inner loops see their result. Also in a parallel region outside any
 * loop (one gang), in an if, in a seq loop, in both branches of an if
 * around vector loops, and with several workers. */
#include <stdio.h>

#define N 40
#define M 70

static int a[N], b[N][M], c[N], d[N][M], hits[N];
static int total[2], p[N], q[N][M];

int main(void)
{
	for (int i = 0; i < N; i++) {
		a[i] = i;
		c[i] = 2 * i;
		hits[i] = 0;
		p[i] = i;
	}
	total[0] = total[1] = 0;
#pragma acc parallel loop gang vector_length(32) copy(a, b)
	for (int i = 0; i < N; i++) {
		a[i] += 1;
#pragma acc loop vector
		for (int j = 0; j < M; j++)
			b[i][j] = a[i] + j;
		a[i]++;
	}
	/* several workers and lanes; an if, a block and a seq loop at gang level */
#pragma acc parallel loop gang num_workers(4) vector_length(16) copy(c, d, hits)
	for (int i = 0; i < N; i++) {
		if (i % 2 == 0)
			c[i] *= 3;
		{
			hits[i] += 1;
			c[i] -= 1;
		}
		for (int k = 0; k < 3; k++)
			hits[i] += k;
#pragma acc loop worker vector
		for (int j = 0; j < M; j++)
			d[i][j] = c[i] + hits[i];
	}
	/* vector loops in the branches of an if at gang level */
#pragma acc parallel loop gang vector_length(16) copy(p, q)
	for (int i = 0; i < N; i++) {
		if (i % 3) {
			p[i] += 1;
#pragma acc loop vector
			for (int j = 0; j < M; j++)
				q[i][j] = p[i] + j;
		} else {
			p[i] += 2;
#pragma acc loop vector
			for (int j = 0; j < M; j++)
				q[i][j] = p[i] - j;
		}
		p[i] *= 2;
	}
	/* a parallel region: code outside the loops runs once in its one gang */
#pragma acc parallel num_gangs(1) vector_length(64) copy(total, a)
	{
		total[0] += 5;
#pragma acc loop vector
		for (int i = 0; i < N; i++)
			a[i] += total[0];
		total[1] += a[N - 1];
	}
	long sa = 0, sb = 0, sc = 0, sd = 0, sh = 0, sp = 0, sq = 0;
	int bad = 0;
	for (int i = 0; i < N; i++) {
		sa += a[i];
		sc += c[i];
		sh += hits[i];
		if (a[i] != i + 2 + 5)
			bad++;
		for (int j = 0; j < M; j++) {
			sb += b[i][j];
			sd += d[i][j];
			if (b[i][j] != i + 1 + j || d[i][j] != c[i] + hits[i])
				bad++;
		}
		if (c[i] != (i % 2 == 0 ? 6 * i : 2 * i) - 1 || hits[i] != 4)
			bad++;
		int pi = i + (i % 3 ? 1 : 2);
		if (p[i] != 2 * pi)
			bad++;
		sp += p[i];
		for (int j = 0; j < M; j++) {
			if (q[i][j] != (i % 3 ? pi + j : pi - j))
				bad++;
			sq += q[i][j];
		}
	}
	printf("a %ld b %ld c %ld d %ld hits %ld p %ld q %ld total %d %d\n", sa, sb, sc, sd, sh, sp, sq, total[0], total[1]);
	if (bad || total[0] != 5 || total[1] != N + 1 + 5) {
		printf("FAIL %d wrong values\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
