/* transfers pass: the classic convergence loop — a while loop (with a break)
 * around a reduction construct and a copy-back construct, the host testing
 * only the reduced scalar. The arrays move once around the whole loop; the
 * reduction still brings the scalar back every iteration. */
// exec-bytes: h2d=16000 d2h=16000
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000, iter = 0;
	double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	if (!a || !b)
		return 1;
	for (int i = 0; i < n; i++)
		a[i] = b[i] = (double)(i % 10);
	double change = 2.0;
	while (change > 1.1) {
		change = 0.0;
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n]) reduction(max:change)
		for (int i = 1; i < n - 1; i++) {
			b[i] = 0.5 * (a[i - 1] + a[i + 1]);
			change = fmax(change, fabs(b[i] - a[i]));
		}
#pragma acc parallel loop copy(a[0:n]) copyin(b[0:n])
		for (int i = 1; i < n - 1; i++)
			a[i] = b[i];
		iter++;
		if (iter >= 40)
			break;
	}
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] + b[i];
	printf("iterations %d, last change %g, sum %.6f\n", iter, change, s);
	free(a);
	free(b);
	printf("OK\n");
	return 0;
}
