/* copy/copyin/copyout of partial sub-arrays a[lo:len]: the device works on
 * the range only and the rest of the host array stays unchanged. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000, lo = 123, len = 456;
	int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	for (int i = 0; i < n; i++) {
		a[i] = i;
		b[i] = 10 * i;
		c[i] = -1;
	}
#pragma acc parallel loop copy(a[lo:len])
	for (int i = lo; i < lo + len; i++)
		a[i] = a[i] * 2 + 1;
	/* copyin a middle slice, copyout into a different slice of c */
#pragma acc parallel loop copyin(b[lo:len]) copyout(c[lo+10:len-20])
	for (int i = lo + 10; i < lo + len - 10; i++)
		c[i] = b[i - 10] + b[i + 10];
	/* a tail slice a[n-100:] written through a pointer into the middle */
	int *tail = a + (n - 100);
#pragma acc parallel loop copy(tail[0:100])
	for (int i = 0; i < 100; i++)
		tail[i] = -tail[i];
	int changed = 0;
	for (int i = 0; i < n; i++) {
		int want = i;
		if (i >= lo && i < lo + len)
			want = 2 * i + 1;
		if (i >= n - 100)
			want = -want;
		if (a[i] != want) {
			printf("FAIL a[%d] = %d, want %d\n", i, a[i], want);
			return 1;
		}
		int wc = (i >= lo + 10 && i < lo + len - 10) ? 10 * (i - 10) + 10 * (i + 10) : -1;
		if (c[i] != wc) {
			printf("FAIL c[%d] = %d, want %d\n", i, c[i], wc);
			return 1;
		}
		changed += a[i] != i;
	}
	printf("a[lo-1] = %d a[lo] = %d a[lo+len-1] = %d a[lo+len] = %d\n", a[lo - 1], a[lo],
	       a[lo + len - 1], a[lo + len]);
	printf("c[lo+9] = %d c[lo+10] = %d c[lo+len-11] = %d\n", c[lo + 9], c[lo + 10], c[lo + len - 11]);
	printf("changed = %d\n", changed);
	free(a);
	free(b);
	free(c);
	printf("OK\n");
	return 0;
}
