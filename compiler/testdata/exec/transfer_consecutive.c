/* transfers pass: consecutive compute constructs (with clean host code in
 * between) share one implicit data region: x is copied in once, y never goes
 * to the device (its first construct writes it), y and z come back once. */
// exec-bytes: h2d=4000 d2h=8000
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	int n = 1000;
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
	if (!x || !y || !z)
		return 1;
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 13);
		y[i] = -1.0f;
		z[i] = -1.0f;
	}
#pragma acc parallel loop copyin(x[0:n]) copyout(y[0:n])
	for (int i = 0; i < n; i++)
		y[i] = 2.0f * x[i];
#pragma acc parallel loop copyin(y[0:n]) copyout(z[0:n])
	for (int i = 0; i < n; i++)
		z[i] = y[i] + 1.0f;
	int k = 3; /* host code that touches no array */
	if (k > 2)
		k = k * 1;
#pragma acc parallel loop copy(z[0:n]) copyin(x[0:n])
	for (int i = 0; i < n; i++)
		z[i] += (float)k * x[i];
	double sy = 0, sz = 0;
	for (int i = 0; i < n; i++) {
		float wy = 2.0f * (float)(i % 13), wz = wy + 1.0f + 3.0f * (float)(i % 13);
		if (y[i] != wy || z[i] != wz) {
			printf("FAIL i=%d: y %g (want %g) z %g (want %g)\n", i, y[i], wy, z[i], wz);
			return 1;
		}
		sy += y[i];
		sz += z[i];
	}
	printf("k %d: sum y %.1f, z %.1f\n", k, sy, sz);
	free(x);
	free(y);
	free(z);
	printf("OK\n");
	return 0;
}
