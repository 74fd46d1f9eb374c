/* num_gangs, num_workers and vector_length given as run-time expressions, on
 * parallel and on the combined form with gang worker vector. */
#include <stdio.h>
#include <stdlib.h>

static int run(int n, int ng, int nw, int vl, int *out)
{
#pragma acc parallel loop gang worker vector num_gangs(ng) num_workers(nw) vector_length(vl) \
	copyout(out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = 2 * i + 1;
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += out[i] != 2 * i + 1;
	return bad;
}

int main(int argc, char **argv)
{
	int n = 3001;
	int *out = malloc(n * sizeof *out);
	int shapes[][3] = {{1, 1, 1}, {2, 2, 16}, {8, 1, 64}, {3, 5, 7}, {argc + 15, 4, 32}};
	for (int s = 0; s < 5; s++) {
		int bad = run(n, shapes[s][0], shapes[s][1], shapes[s][2], out);
		if (bad) {
			printf("FAIL shape %d: %d wrong\n", s, bad);
			return 1;
		}
		printf("shape %d: gangs %d workers %d vector %d ok\n", s, shapes[s][0], shapes[s][1],
		       shapes[s][2]);
	}
	/* gangs given, loop shaped by gang/vector clauses in a region */
	int ng = n / 500;
	printf("gangs for the region: %d\n", ng);
#pragma acc parallel num_gangs(ng) vector_length(128) copy(out[0:n])
	{
#pragma acc loop gang vector
		for (int i = 0; i < n; i++)
			out[i] -= i;
	}
	long sum = 0;
	for (int i = 0; i < n; i++) {
		if (out[i] != i + 1) {
			printf("FAIL out[%d] = %d\n", i, out[i]);
			return 1;
		}
		sum += out[i];
	}
	printf("sum = %ld\n", sum);
	free(out);
	printf("OK\n");
	return 0;
}
