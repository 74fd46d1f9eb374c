/* A pointer to one struct in data clauses without bounds, as deep copies
 * written for NVIDIA's compiler do: enter data copyin(pop) enters the struct
 * it points to (pop[0:1]), attach(pop->x) then attaches its members, whose
 * data was entered first; exit data detach and delete(pop->x) without
 * bounds act on the data the members point to, delete(pop) on the struct.
 * A plain member in enter data (copyin(s->n) after create(s)) is found
 * present and copies nothing, as OpenACC says; update device(s->n) copies it. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
	int n;
	double *count, *rate;
} population;

typedef struct {
	int n;
	double *v;
} array;

static population *make(int n)
{
	population *p = malloc(sizeof *p);
	p->n = n;
	p->count = malloc(n * sizeof(double));
	p->rate = malloc(n * sizeof(double));
	for (int i = 0; i < n; i++) {
		p->count[i] = 100 * (i + 1);
		p->rate[i] = 0.5;
	}
#pragma acc enter data copyin(p->count[0:n], p->rate[0:n])
#pragma acc enter data copyin(p) attach(p->count, p->rate)
	return p;
}

static void release(population *p)
{
#pragma acc exit data detach(p->count, p->rate)
#pragma acc exit data delete(p->rate) copyout(p->count)
#pragma acc exit data delete(p)
}

int main(void)
{
	int bad = 0;
	population *p = make(8);
	for (int step = 0; step < 3; step++) {
#pragma acc parallel loop present(p)
		for (int i = 0; i < p->n; i++)
			p->count[i] += p->count[i] * p->rate[i];
	}
	release(p);
	double s = 0;
	for (int i = 0; i < 8; i++)
		s += p->count[i];
	printf("population %.2f\n", s);
	bad |= s != 3600 * 3.375;

	array *a = malloc(sizeof *a);
	a->n = 16;
	a->v = malloc(a->n * sizeof(double));
	for (int i = 0; i < a->n; i++)
		a->v[i] = i;
#pragma acc enter data create(a) copyin(a->v[0:a->n])
#pragma acc update device(a->n)
#pragma acc parallel loop present(a)
	for (int i = 0; i < a->n; i++)
		a->v[i] *= 2;
#pragma acc exit data copyout(a->v[0:a->n])
#pragma acc exit data delete(a)
	double t = 0;
	for (int i = 0; i < a->n; i++)
		t += a->v[i];
	printf("array %.1f\n", t);
	bad |= t != 240;
	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
