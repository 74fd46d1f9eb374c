/* Updates that look like reductions but are not: t += t and x = x + x
 * double the variable (the other operand reads it), y = y * y squares it.
 * In a kernels construct, where accls finds reductions by itself, each
 * must stay a sequential loop; taken for reductions they would be summed
 * per work-item from the initial value. The last loop is a real one. */
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
	if (!bad)
		printf("OK\n");
	return bad;
}
