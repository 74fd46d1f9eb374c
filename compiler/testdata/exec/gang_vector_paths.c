/* gang vector loops take one of two paths in the kernel: one iteration per
 * work-item when the grid has enough of them (straight-line code with a
 * 32-bit index), else a grid-stride loop (num_gangs too small, or more
 * iterations than the gang cap). Both paths with a continue in the body, a
 * reduction, a downward loop with a step, and a long loop variable whose
 * values do not fit in an int. */
#include <stdio.h>
#include <stdlib.h>

#define N 100003

static int fails;

static void check(const char *what, long got, long want)
{
	if (got != want) {
		printf("FAIL %s: %ld, want %ld\n", what, got, want);
		fails++;
	}
}

int main(void)
{
	int *a = malloc(sizeof(int) * N), *b = malloc(sizeof(int) * N);
	long *c = malloc(sizeof(long) * 2000);
	long sum = 0, sum2 = 0;
	for (int i = 0; i < N; i++)
		a[i] = b[i] = -1;
	/* enough work-items: the straight-line path */
#pragma acc parallel loop copy(a[0:N]) reduction(+:sum)
	for (int i = 0; i < N; i++) {
		if (i % 7 == 3)
			continue;
		a[i] = 2 * i;
		sum += i;
	}
	/* 3 gangs of 32 lanes: the grid-stride loop */
#pragma acc parallel loop num_gangs(3) vector_length(32) copy(b[0:N]) reduction(+:sum2)
	for (int i = 0; i < N; i++) {
		if (i % 7 == 3)
			continue;
		b[i] = 2 * i;
		sum2 += i;
	}
	long want = 0;
	for (int i = 0; i < N; i++) {
		int w = i % 7 == 3 ? -1 : 2 * i;
		if (i % 7 != 3)
			want += i;
		if (a[i] != w || b[i] != w) {
			printf("FAIL a[%d] = %d, b[%d] = %d, want %d\n", i, a[i], i, b[i], w);
			fails++;
			break;
		}
	}
	check("sum (straight)", sum, want);
	check("sum (grid-stride)", sum2, want);
	/* downward by 3 */
#pragma acc parallel loop copy(a[0:N])
	for (int i = N - 1; i >= 0; i -= 3)
		a[i] = -i;
	for (int i = 0; i < N; i++)
		if ((N - 1 - i) % 3 == 0 && a[i] != -i) {
			printf("FAIL down a[%d] = %d\n", i, a[i]);
			fails++;
			break;
		}
	/* a long loop variable past INT_MAX */
	long lo = 2147483000L;
#pragma acc parallel loop copyout(c[0:2000])
	for (long i = lo; i < lo + 2000; i++)
		c[i - lo] = i * 2;
	for (int i = 0; i < 2000; i++)
		check("c", c[i], (lo + i) * 2);
	printf("sum = %ld, a[N-1] = %d, c[1999] = %ld\n", sum, a[N - 1], c[1999]);
	free(a);
	free(b);
	free(c);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
