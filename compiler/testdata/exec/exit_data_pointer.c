/* exit data and update of a pointer without bounds, in the style of
 * "Parallel Programming with OpenACC" (chapter 5): data entered with its
 * extent in one function, then `update self(p)`, `update device(p)` and
 * `exit data delete(p)` / `copyout(p)` in others that do not know it.
 * accls reads the pointer as the data it points to, as far as its mapping
 * goes (OpenACC names the pointer variable, which no one maps, so the
 * directives would do nothing); the analysis warns. The presence checks use
 * the runtime API and are skipped on the host device. */
// exec-bytes: h2d=16000 d2h=16000
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
#pragma acc parallel loop present(d)
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
	free(p);
	free(d);
	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
