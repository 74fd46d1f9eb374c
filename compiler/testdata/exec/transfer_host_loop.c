/* transfers pass: a host loop around compute constructs becomes one implicit
 * data region (arrays copied in once before the loop, out once after it);
 * a copyout-only array inside the loop is still copied in first (the loop
 * might not run), and a loop of zero trips leaves the host data as it was. */
// exec-bytes: h2d=16000 d2h=16000
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = 1000, steps = 0;
	int zero = argc - 1; /* 0: no arguments */
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	float *c = malloc(n * sizeof *c), *d = malloc(n * sizeof *d);
	if (!a || !b || !c || !d)
		return 1;
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 10);
		b[i] = 0.0f;
		c[i] = -1.0f;
		d[i] = (float)(i % 3);
	}
	for (int t = 0; t < 8; t++) {
#pragma acc parallel loop copy(a[0:n])
		for (int i = 0; i < n; i++)
			a[i] = a[i] + 1.0f;
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n])
		for (int i = 0; i < n; i++)
			b[i] = b[i] + a[i];
#pragma acc parallel loop copyout(c[0:n])
		for (int i = 0; i < n; i++)
			c[i] = (float)(t * i % 5);
		steps++;
	}
	for (int t = 0; t < zero; t++) {
#pragma acc parallel loop copyout(d[0:n])
		for (int i = 0; i < n; i++)
			d[i] = 42.0f;
	}
	double sa = 0, sb = 0, sc = 0, sd = 0;
	for (int i = 0; i < n; i++) {
		float wa = (float)(i % 10) + 8.0f;
		float wb = 8.0f * (float)(i % 10) + 36.0f; /* sum of a after steps 1..8 */
		float wc = (float)(7 * i % 5);
		if (a[i] != wa || b[i] != wb || c[i] != wc || d[i] != (float)(i % 3)) {
			printf("FAIL i=%d: a %g (want %g) b %g (want %g) c %g (want %g) d %g\n", i, a[i], wa, b[i], wb, c[i], wc, d[i]);
			return 1;
		}
		sa += a[i];
		sb += b[i];
		sc += c[i];
		sd += d[i];
	}
	printf("steps %d: sum a %.1f, b %.1f, c %.1f, d %.1f\n", steps, sa, sb, sc, sd);
	free(a);
	free(b);
	free(c);
	free(d);
	printf("OK\n");
	return 0;
}
