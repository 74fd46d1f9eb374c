/* transfers pass: host code between constructs that reads or writes an array
 * (directly, through an alias, or in a called function) keeps every copy:
 * the host must see the device's results and the device the host's. */
// exec-bytes: h2d=28000 d2h=20000
#include <stdio.h>
#include <stdlib.h>

static void bump(float *v, int i)
{
	v[i] += 100.0f;
}

int main(void)
{
	int n = 1000;
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
	if (!a || !b)
		return 1;
	for (int i = 0; i < n; i++)
		a[i] = (float)(i % 9);
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] = 2.0f * a[i];
	float probe = b[n / 2]; /* host read between constructs */
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] += 1.0f;
	a[5] = 50.0f; /* host write between constructs */
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] += a[i];
	bump(a, 6); /* a call that writes the array */
#pragma acc parallel loop copyin(a[0:n]) copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] += a[i];
	float *alias = b; /* an alias written on the host */
	alias[7] = -3.0f;
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++)
		b[i] += 1.0f;
	double s = 0;
	for (int i = 0; i < n; i++) {
		float ai = (float)(i % 9);
		float w = 2.0f * ai + 1.0f + ai + ai + 1.0f;
		if (i == 5)
			w = 2.0f * ai + 1.0f + 50.0f + 50.0f + 1.0f;
		if (i == 6)
			w = 2.0f * ai + 1.0f + ai + (ai + 100.0f) + 1.0f;
		if (i == 7)
			w = -3.0f + 1.0f;
		if (b[i] != w) {
			printf("FAIL b[%d] = %g, want %g\n", i, b[i], w);
			return 1;
		}
		s += b[i];
	}
	printf("probe %g, sum b %.1f\n", probe, s);
	free(a);
	free(b);
	printf("OK\n");
	return 0;
}
