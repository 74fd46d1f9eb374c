/* transfers pass: a construct's data item for an array its code never uses
 * still maps the array, so it takes part in the run like any other item.
 * Here it maps a longer section than the next construct's: the two ranges
 * differ, so each construct keeps its own copies (an implicit region with
 * the second's range made the first find a[0:2n] "partially present"). */
// exec-bytes: h2d=4000 d2h=4000
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 500;
	float *a = malloc(2 * n * sizeof *a), *b = malloc(n * sizeof *b);
	if (!a || !b)
		return 1;
	for (int i = 0; i < 2 * n; i++)
		a[i] = (float)(i % 7);
	/* a is mapped (copied in) but not used */
#pragma acc parallel loop copyin(a[0:2 * n]) copyout(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] = (float)(i % 5);
#pragma acc parallel loop copyout(a[0:n]) copyin(b[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 2.0f * b[i];
	double sa = 0, sb = 0;
	for (int i = 0; i < 2 * n; i++)
		sa += a[i];
	for (int i = 0; i < n; i++)
		sb += b[i];
	printf("a: %.1f b: %.1f\n", sa, sb);
	if (sa != 3503 || sb != 1000) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	free(a);
	free(b);
	return 0;
}
