/* transfers pass: two pointers into one buffer (overlapping ranges) used by
 * consecutive constructs; entering both at once would make them partially
 * present, so the implicit region checks at run time that its arrays are
 * disjoint and otherwise leaves each construct its own copies. */
// exec-bytes: h2d=16000 d2h=16000
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000;
	float *buf = malloc((n + 10) * sizeof *buf);
	if (!buf)
		return 1;
	for (int i = 0; i < n + 10; i++)
		buf[i] = (float)(i % 7);
	float *a = buf, *b = buf + 10; /* b[0:n] overlaps a[0:n] */
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = a[i] + 1.0f;
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] = 2.0f * b[i];
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = a[i] + 1.0f;
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] = 2.0f * b[i];
	double s = 0;
	for (int i = 0; i < n + 10; i++) {
		float w = (float)(i % 7);
		if (i < n)
			w += 1.0f;
		if (i >= 10)
			w *= 2.0f;
		if (i < n)
			w += 1.0f;
		if (i >= 10)
			w *= 2.0f;
		if (buf[i] != w) {
			printf("FAIL buf[%d] = %g, want %g\n", i, buf[i], w);
			return 1;
		}
		s += buf[i];
	}
	printf("sum %.1f\n", s);
	free(buf);
	printf("OK\n");
	return 0;
}
