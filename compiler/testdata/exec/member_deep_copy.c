/* Manual deep copy of an array of structs with a pointer member (the
 * OpenACC documentation's pattern): the array is entered, then each
 * element's data (enter data copyin(a[i].v[0:a[i].n])), which OpenACC
 * attaches; kernels read and write a[i].v[j]; updates of one element's data
 * and of a plain member (a[i].n); exit data of each element's data
 * (copyout, delete without bounds), then of the array. 300 elements of
 * different lengths (one NULL) grow the member's pool several times; a
 * second array of structs, global and fixed-size, has a pool of its own;
 * members that point to structs, read in a kernels construct; an async
 * launch over half the elements while the other half's members are not
 * entered yet (the pool grows while it may run). */
// exec-bytes: h2d=812568 d2h=662272
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *v;
} vec;

#define M 300

/* members that point to structs, in a local fixed-size array */
typedef struct {
	float x, y;
} pt;
typedef struct {
	int n;
	pt *p;
} poly;

static double polygons(void)
{
	poly polys[4];
	float area[4];
	for (int i = 0; i < 4; i++) {
		polys[i].n = 3 + i;
		polys[i].p = malloc(polys[i].n * sizeof(pt));
		for (int j = 0; j < polys[i].n; j++) {
			polys[i].p[j].x = j;
			polys[i].p[j].y = i;
		}
	}
#pragma acc enter data copyin(polys)
	for (int i = 0; i < 4; i++) {
#pragma acc enter data copyin(polys[i].p[0:polys[i].n])
	}
#pragma acc kernels copyout(area)
	for (int i = 0; i < 4; i++) {
		float s = 0;
		for (int j = 0; j < polys[i].n; j++)
			s += polys[i].p[j].x * polys[i].p[j].y;
		area[i] = s;
	}
#pragma acc parallel loop present(polys)
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < polys[i].n; j++)
			polys[i].p[j].y += 1;
	for (int i = 0; i < 4; i++) {
#pragma acc exit data copyout(polys[i].p[0:polys[i].n])
	}
#pragma acc exit data delete(polys)
	double t = 0;
	for (int i = 0; i < 4; i++) {
		t += area[i];
		for (int j = 0; j < polys[i].n; j++)
			t += polys[i].p[j].y;
		free(polys[i].p);
	}
	return t;
}

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

	/* half the members entered, an async launch over them, the other half
	 * entered while it may run (the pool grows), a launch over all */
	vec *h = malloc(64 * sizeof *h);
	for (int i = 0; i < 64; i++) {
		h[i].n = 1000;
		h[i].v = malloc(1000 * sizeof(double));
		for (int j = 0; j < 1000; j++)
			h[i].v[j] = j % 4;
	}
#pragma acc enter data copyin(h[0:64])
	for (int i = 0; i < 32; i++) {
#pragma acc enter data copyin(h[i].v[0:h[i].n])
	}
#pragma acc parallel loop gang present(h[0:32]) async(1)
	for (int i = 0; i < 32; i++)
		for (int j = 0; j < h[i].n; j++)
			h[i].v[j] += 1;
	for (int i = 32; i < 64; i++) {
#pragma acc enter data copyin(h[i].v[0:h[i].n])
	}
#pragma acc parallel loop gang present(h[0:64]) async(1)
	for (int i = 0; i < 64; i++)
		for (int j = 0; j < h[i].n; j++)
			h[i].v[j] *= 2;
#pragma acc wait(1)
	double hs = 0;
	for (int i = 0; i < 64; i++) {
#pragma acc exit data copyout(h[i].v[0:h[i].n])
		for (int j = 0; j < h[i].n; j++)
			hs += h[i].v[j];
		free(h[i].v);
	}
#pragma acc exit data delete(h[0:64])
	free(h);
	printf("async halves %.1f\n", hs);
	bad |= hs != 64 * 1000 * 3 + 32 * 1000 * 2;

	double t = polygons();
	printf("polygons %.1f\n", t);
	bad |= t != 121;

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
