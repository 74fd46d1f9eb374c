/* A collapse(2)/collapse(3) gang vector nest runs on a 2-D/3-D NDRange. When
 * the host computes the nest's trip counts exactly as the kernel does, the
 * kernel has two forms and the host picks one at launch: one iteration per
 * work-item when the grid covers the trips, else grid-stride loops (a trip
 * past the gang cap of 65536 groups, or num_gangs). Otherwise one kernel
 * tests the grid itself: a bound read from memory, or a region that changes
 * a bound before the loop. Each result is checked against the host's. */
#include <stdio.h>
#include <stdlib.h>

static int fails;

static void check(const char *what, const int *got, int n, int (*want)(int))
{
	long sum = 0;
	for (int i = 0; i < n; i++) {
		if (got[i] != want(i)) {
			printf("FAIL %s[%d] = %d, want %d\n", what, i, got[i], want(i));
			fails++;
			return;
		}
		sum += got[i];
	}
	printf("%s: sum %ld\n", what, sum);
}

/* covered 2-D nest, with a continue in the body */
static int want_cov(int x) { return (x / 200) % 7 == 3 ? -1 : x / 200 * 3 + x % 200; }
/* outer trip past the gang cap (70000 > 65536 rows of groups) */
static int want_cap(int x) { return x / 3 - x % 3; }
/* num_gangs(3) */
static int want_ng(int x) { return x % 40 + 2 * (x / 40); }
/* 3-D, downward by 2 in the middle loop (every other j written) */
static int want_3d(int x)
{
	int i = x / (9 * 11), j = x / 11 % 9, k = x % 11;
	return j % 2 == 0 ? i * 100 + j * 10 + k : 0;
}
/* bound read from memory: rows 0..29 of 40 */
static int want_mem(int x) { return x / 50 < 30 ? x + 1 : 0; }
/* a region that lowers its bound before the loop: columns 0..48 of 50 */
static int want_reg(int x) { return x % 50 < 49 ? 7 : 0; }
/* rows of 10 */
static int want_short(int x) { return x / 10 + 3 * (x % 10); }

int main(void)
{
	int *a = calloc(70000 * 3, sizeof(int));

#pragma acc parallel loop collapse(2) copyout(a[0:300 * 200])
	for (int i = 0; i < 300; i++)
		for (int j = 0; j < 200; j++) {
			a[i * 200 + j] = -1;
			if (i % 7 == 3)
				continue;
			a[i * 200 + j] = i * 3 + j;
		}
	check("covered", a, 300 * 200, want_cov);

	int rows = 70000;
#pragma acc parallel loop collapse(2) copyout(a[0:rows * 3])
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < 3; j++)
			a[i * 3 + j] = i - j;
	check("gang cap", a, rows * 3, want_cap);

#pragma acc parallel loop collapse(2) num_gangs(3) copyout(a[0:50 * 40])
	for (int i = 0; i < 50; i++)
		for (int j = 0; j < 40; j++)
			a[i * 40 + j] = j + 2 * i;
	check("num_gangs", a, 50 * 40, want_ng);

	int n = 11;
	for (int x = 0; x < 6 * 9 * 11; x++)
		a[x] = 0;
#pragma acc parallel loop collapse(3) copy(a[0:6 * 9 * n])
	for (int i = 0; i < 6; i++)
		for (int j = 8; j >= 0; j -= 2)
			for (int k = 0; k < n; k++)
				a[(i * 9 + j) * n + k] = i * 100 + j * 10 + k;
	check("3-D", a, 6 * 9 * 11, want_3d);

	int lim[1] = {30};
	for (int x = 0; x < 40 * 50; x++)
		a[x] = 0;
#pragma acc parallel loop collapse(2) copy(a[0:40 * 50]) copyin(lim[0:1])
	for (int i = 0; i < lim[0]; i++)
		for (int j = 0; j < 50; j++)
			a[i * 50 + j] = i * 50 + j + 1;
	check("bound in memory", a, 40 * 50, want_mem);

	/* m is firstprivate: the region's write stays in the region, and the
	 * host never reads m after it */
	int m = 50;
	for (int x = 0; x < 40 * 50; x++)
		a[x] = 0;
#pragma acc parallel copy(a[0:40 * 50]) firstprivate(m)
	{
		m = m - 1;
#pragma acc loop gang vector collapse(2)
		for (int i = 0; i < 40; i++)
			for (int j = 0; j < m; j++)
				a[i * 50 + j] = 7;
	}
	check("bound set in the region", a, 40 * 50, want_reg);

	/* A construct reduction beside a nest of short rows (groups that tile
	 * them: fewer groups than rows): the host combines a partial from every
	 * group there is and no more. The sum before it leaves its partials,
	 * none of them 0, in the runtime's pool. The nest reads total (its
	 * gang's private copy, times 0: the same on the host) so that the
	 * construct has a reduction. */
	long before = 0, total = 5;
#pragma acc parallel loop reduction(+:before) copyin(a[0:70000 * 3])
	for (int x = 0; x < 70000 * 3; x++)
		before += x % 5 + 1;
	printf("sum before: %ld\n", before);
#pragma acc parallel copyout(a[0:300 * 10]) reduction(+:total)
	{
#pragma acc loop gang vector collapse(2)
		for (int i = 0; i < 300; i++)
			for (int j = 0; j < 10; j++)
				a[i * 10 + j] = i + 3 * j + (int)(total * 0);
	}
	printf("reduction beside the nest: %ld\n", total);
	if (total != 5) {
		printf("FAIL reduction beside the nest = %ld, want 5\n", total);
		fails++;
	}
	check("short rows", a, 300 * 10, want_short);

	free(a);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
