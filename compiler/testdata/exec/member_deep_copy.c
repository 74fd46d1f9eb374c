/* Manual deep copy of an array of structs with a pointer member (the
 * OpenACC documentation's pattern): the array is entered, then each
 * element's data (enter data copyin(a[i].v[0:a[i].n])), which OpenACC
 * attaches; kernels read and write a[i].v[j]; updates of one element's data
 * and of a plain member (a[i].n); exit data of each element's data
 * (copyout, delete without bounds), then of the array. 300 elements of
 * different lengths (one NULL) grow the member's pool several times; a
 * second array of structs, global and fixed-size, has a pool of its own. */
// exec-bytes: h2d=299336 d2h=150112
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *v;
} vec;

#define M 300

static struct {
	float w;
	float *taps;
} filters[4];

static vec *make(int m)
{
	vec *a = malloc(m * sizeof *a);
#pragma acc enter data create(a[0:m])
	for (int i = 0; i < m; i++) {
		a[i].n = i == 7 ? 0 : 100 + i % 50;
		a[i].v = a[i].n ? malloc(a[i].n * sizeof(double)) : NULL;
		for (int j = 0; j < a[i].n; j++)
			a[i].v[j] = i + j;
#pragma acc update device(a[i].n)
		if (a[i].v) {
#pragma acc enter data copyin(a[i].v[0:a[i].n])
		}
	}
	return a;
}

static void release(vec *a, int m)
{
	for (int i = 0; i < m; i++) {
		if (i % 2) {
#pragma acc exit data copyout(a[i].v[0:a[i].n])
		} else {
#pragma acc exit data delete(a[i].v)
		}
	}
#pragma acc exit data delete(a[0:m])
}

int main(void)
{
	int bad = 0;
	vec *a = make(M);
	for (int f = 0; f < 4; f++) {
		filters[f].w = f + 1;
		filters[f].taps = malloc(8 * sizeof(float));
		for (int k = 0; k < 8; k++)
			filters[f].taps[k] = k;
	}
#pragma acc enter data copyin(filters)
	for (int f = 0; f < 4; f++) {
#pragma acc enter data copyin(filters[f].taps[0:8])
	}

	/* every element's data doubled and shifted by its index, on the device */
#pragma acc parallel loop gang present(a[0:M])
	for (int i = 0; i < M; i++) {
#pragma acc loop vector
		for (int j = 0; j < a[i].n; j++)
			a[i].v[j] = 2 * a[i].v[j] + i;
	}
	/* the taps of each filter scaled by its weight */
#pragma acc parallel loop collapse(2) present(filters)
	for (int f = 0; f < 4; f++)
		for (int k = 0; k < 8; k++)
			filters[f].taps[k] *= filters[f].w;

	/* element 5 brought back by an update: the host sees the device's values */
#pragma acc update self(a[5].v[0:a[5].n])
	double s5 = 0;
	for (int j = 0; j < a[5].n; j++)
		s5 += a[5].v[j];
	printf("element 5 %.1f\n", s5);
	bad |= s5 != 2 * (5 * 105 + 105 * 104 / 2) + 5 * 105;

	release(a, M); /* odd elements copied out, even ones deleted */
	double odd = 0;
	for (int i = 1; i < M; i += 2)
		for (int j = 0; j < a[i].n; j++)
			odd += a[i].v[j];
	printf("odd elements %.1f\n", odd);
	double want = 0;
	for (int i = 1; i < M; i += 2) {
		int n = i == 7 ? 0 : 100 + i % 50;
		want += 2 * ((double)i * n + n * (n - 1) / 2.0) + (double)i * n;
	}
	bad |= odd != want;

	double taps = 0;
	for (int f = 0; f < 4; f++) {
#pragma acc exit data copyout(filters[f].taps[0:8])
		for (int k = 0; k < 8; k++)
			taps += filters[f].taps[k];
	}
#pragma acc exit data delete(filters)
	printf("taps %.1f\n", taps);
	bad |= taps != 28 * (1 + 2 + 3 + 4);

	for (int i = 0; i < M; i++)
		free(a[i].v);
	free(a);
	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
