/* A kernels construct that resets a scalar and then accumulates into it in
 * a loop: the loop looks like a reduction, but the variable is also written
 * before it, so it must not become a construct-wide reduction combined with
 * the variable's original value (that gave -1 + 0 + sum). The loop then
 * runs sequentially; explicit and separate reductions still work. */
// exec-args: 1000
#include <stdio.h>
#include <stdlib.h>

int table[8] = {1, 2, 3, 5, 8, 13, 21, 34};
long table_sum;

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int *v = malloc(n * sizeof *v);
	for (int i = 0; i < n; i++)
		v[i] = i % 9;
	table_sum = -1;
#pragma acc kernels
	{
		table_sum = 0;
		for (int i = 0; i < 8; i++)
			table_sum += table[i];
	}
	long s = -5, t = 7;
#pragma acc kernels copyin(v[0:n])
	{
		s = 0;
		for (int i = 0; i < n; i++)
			s += v[i];
		for (int i = 0; i < n; i++)
			t += v[i]; /* a found reduction: t's 7 takes part */
	}
	long want = 0;
	for (int i = 0; i < n; i++)
		want += i % 9;
	printf("table_sum = %ld, s = %ld, t = %ld\n", table_sum, s, t);
	free(v);
	if (table_sum != 87 || s != want || t != want + 7) {
		printf("FAIL want %d %ld %ld\n", 87, want, want + 7);
		return 1;
	}
	printf("OK\n");
	return 0;
}
