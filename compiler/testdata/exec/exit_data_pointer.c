/* exit data and update of a pointer without bounds, in the style of
 * "Parallel Programming with OpenACC" (chapter 5): data entered with its
 * extent in one function, then `update self(p)`, `update device(p)` and
 * `exit data delete(p)` / `copyout(p)` in others that do not know it.
 * accls reads the pointer as the data it points to, as far as its mapping
 * goes (OpenACC names the pointer variable, which no one maps, so the
 * directives would do nothing); the analysis warns. `data present(d)`
 * around a construct finds d's data the same way. delete(r) of a pointer
 * to pointers takes the rows with their pointers. The presence checks use
 * the runtime API and are skipped on the host device. */
// exec-bytes: h2d=16192 d2h=16000
// exec-no-gcc-openacc: gcc 12 rejects the sections of a pointer to pointers (not contiguous)
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#define ON_DEVICE() (acc_get_device_type() != acc_device_host)
#define PRESENT(p, n) acc_is_present((p), (n))
#else
#define ON_DEVICE() 0
#define PRESENT(p, n) ((void)(p), (void)(n), 0)
#endif

typedef struct {
	float x, y;
} pair;

static pair *alloc_pairs(int n)
{
	pair *p = malloc(n * sizeof *p);
#pragma acc enter data create(p[0:n])
	return p;
}

static void set(pair *p, int n, float v)
{
	for (int i = 0; i < n; i++) {
		p[i].x = v + i;
		p[i].y = 0;
	}
#pragma acc update device(p)
}

static void fetch(pair *p)
{
#pragma acc update self(p)
}

static void release(pair *p)
{
#pragma acc exit data delete(p)
}

static double *alloc_copy(int n)
{
	double *d = malloc(n * sizeof *d);
	for (int i = 0; i < n; i++)
		d[i] = 1;
#pragma acc enter data copyin(d[0:n])
	return d;
}

static void finish(double *d)
{
#pragma acc exit data copyout(d)
}

static double **alloc_rows(int n, int m)
{
	double **r = malloc(n * sizeof *r);
	for (int i = 0; i < n; i++) {
		r[i] = malloc(m * sizeof **r);
		for (int j = 0; j < m; j++)
			r[i][j] = i + j;
	}
#pragma acc enter data copyin(r[0:n][0:m])
	return r;
}

static void release_rows(double **r)
{
#pragma acc exit data delete(r)
}

int main(void)
{
	int n = 1000, bad = 0;
	pair *p = alloc_pairs(n);
	set(p, n, 2); /* 8000 bytes in */
#pragma acc parallel loop present(p)
	for (int i = 0; i < n; i++)
		p[i].y = 2 * p[i].x;
	fetch(p); /* 8000 out */
	double s = 0;
	for (int i = 0; i < n; i++)
		s += p[i].y;
	printf("pairs %.1f\n", s);
	bad |= s != 1003000;
	release(p);
	if (ON_DEVICE() && PRESENT(p, n * sizeof *p)) {
		printf("FAIL p still present after exit data delete(p)\n");
		bad = 1;
	}

	double *d = alloc_copy(n); /* 8000 in */
#pragma acc data present(d)
#pragma acc parallel loop
	for (int i = 0; i < n; i++)
		d[i] += i;
	finish(d); /* 8000 out */
	s = 0;
	for (int i = 0; i < n; i++)
		s += d[i];
	printf("copyout %.1f\n", s);
	bad |= s != 500500;
	if (ON_DEVICE() && PRESENT(d, n * sizeof *d)) {
		printf("FAIL d still present after exit data copyout(d)\n");
		bad = 1;
	}
	/* a pointer to pointers: delete(r) leaves with its rows */
	double **r = alloc_rows(4, 6); /* 192 bytes in */
	double rs = 0;
#pragma acc parallel loop collapse(2) present(r[0:4][0:6]) reduction(+ : rs)
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 6; j++)
			rs += r[i][j];
	release_rows(r);
	if (ON_DEVICE() && (PRESENT(r, 4 * sizeof *r) || PRESENT(r[2], 6 * sizeof **r))) {
		printf("FAIL r or its rows still present after exit data delete(r)\n");
		bad = 1;
	}
	printf("rows %.1f\n", rs);
	bad |= rs != 96;
	for (int i = 0; i < 4; i++)
		free(r[i]);
	free(r);

	free(p);
	free(d);
	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
