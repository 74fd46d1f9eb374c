/* Synchronous work after kernels on an async queue and before the wait
 * (an n-body code of the fifth batch updates its particles to the host
 * this way): OpenACC does not order them (the program should wait), but
 * programs written for NVIDIA's compilers rely on the order, and accls
 * keeps it: an update self, a synchronous kernel and an update device of
 * data the async kernels use wait for their queue first. */
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define STEPS 6

static void slow_add(double *a, int n, double v)
{
#pragma acc parallel loop present(a[0:n]) async(1)
	for (int i = 0; i < n; i++) {
		double t = 0;
		for (int k = 0; k < 2000; k++)
			t += (i + k) % 3;
		a[i] += v + t - t;
	}
}

int main(void)
{
	double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), hist[STEPS][2];
	int bad = 0;
	for (int i = 0; i < N; i++)
		a[i] = b[i] = i;
#pragma acc data copy(a[0:N], b[0:N])
	{
		for (int s = 0; s < STEPS; s++) {
			slow_add(a, N, 1.0);
#pragma acc update self(a[0:N])
			hist[s][0] = a[0];
			hist[s][1] = a[N - 1];
		}
		slow_add(a, N, 10.0);
#pragma acc parallel loop present(a[0:N], b[0:N])
		for (int i = 0; i < N; i++)
			b[i] = 2 * a[i];
		slow_add(b, N, 0.5);
		for (int i = 0; i < N; i++)
			a[i] = -i;
#pragma acc update device(a[0:N])
#pragma acc wait(1)
	}
	for (int s = 0; s < STEPS; s++)
		if (hist[s][0] != s + 1 || hist[s][1] != N - 1 + s + 1)
			bad += printf("step %d: a[0] = %g, a[N-1] = %g\n", s, hist[s][0], hist[s][1]) > 0;
	for (int i = 0; i < N; i++) {
		if (b[i] != 2 * (i + STEPS + 10.0) + 0.5 && bad++ < 5)
			printf("b[%d] = %g\n", i, b[i]);
		if (a[i] != -i && bad++ < 5)
			printf("a[%d] = %g\n", i, a[i]);
	}
	free(a);
	free(b);
	if (bad) {
		printf("%d wrong\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
