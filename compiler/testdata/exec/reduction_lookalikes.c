/* Updates that look like reductions but are not: t += t and x = x + x
 * double the variable (the other operand reads it), y = y * y squares it.
 * In a kernels construct, where accls finds reductions by itself, each
 * must stay a sequential loop; taken for reductions they would be summed
 * per work-item from the initial value. The last loop is a real one.
 * Then reductions whose variable the loop never uses (the clause names the
 * wrong one, as a real program's knapsack did): they leave it unchanged,
 * at construct, gang and vector level. */
#include <stdio.h>

int main(void)
{
	int n = 20, bad = 0;
	double t = 1, x = 3, y = 1.5, s = 0;
#pragma acc kernels
	for (int i = 0; i < n; i++)
		t += t;
#pragma acc kernels
	for (int i = 0; i < n; i++)
		x = x + x;
#pragma acc kernels
	for (int i = 0; i < 3; i++)
		y = y * y;
#pragma acc kernels
	for (int i = 0; i < n; i++)
		s += i;
	printf("t %.1f x %.1f y %.8f s %.1f\n", t, x, y, s);
	if (t != 1048576 || x != 3145728 || y != 25.62890625 || s != 190) {
		printf("FAIL\n");
		bad = 1;
	}
	int best = 5, cnt = 0, a[100], b[100][4];
	for (int i = 0; i < 100; i++)
		a[i] = i % 3;
#pragma acc parallel loop reduction(max:best) reduction(+:cnt) copyin(a)
	for (int i = 0; i < 100; i++)
		cnt += a[i];
#pragma acc parallel copyout(b)
	{
#pragma acc loop gang reduction(max:best)
		for (int i = 0; i < 100; i++) {
#pragma acc loop vector reduction(+:cnt)
			for (int j = 0; j < 4; j++)
				b[i][j] = i + j;
		}
	}
	printf("best %d cnt %d b[99][3] %d\n", best, cnt, b[99][3]);
	if (best != 5 || cnt != 99 || b[99][3] != 102) {
		printf("FAIL unused reductions\n");
		bad = 1;
	}
	if (!bad)
		printf("OK\n");
	return bad;
}
