/* declare in functions on variables with static storage, and on pointers
 * (OpenACC 3.3 §2.13): a static local with declare create or copyin is
 * present for the whole program (registered the first time the directive
 * runs, never exited), so device results carry over from one call to the
 * next; declare link on an extern declaration of a global and on a static
 * local only names them, a data construct gives them device data; a pointer
 * in declare copyin is the pointer variable itself, not what it points to. */
// exec-no-host: checks that a declare's data is gone from the device after its block (the host device's memory is always present)
// exec-no-gcc-openacc: gcc 12 rejects declare link on an extern declaration or a static local in a function
// exec-bytes: h2d=2096 d2h=6656
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

#define N 128

float table[N]; /* no file-scope declare: linked by an extern declaration below */

/* A static create: the device copy of hits accumulates across calls; the
 * host copy is only read back with update self. */
static long tally(int round)
{
	static int hits[N];
#pragma acc declare create(hits)
	if (round == 0) {
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			hits[i] = 0;
	}
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		hits[i] += i % (round + 1) == 0;
#pragma acc update self(hits)
	long s = 0;
	for (int i = 0; i < N; i++)
		s += (long)hits[i] * (i + 1);
	return s;
}

/* A static copyin: copied once; a later host change reaches the device only
 * through update device. */
static double scaled(int change)
{
	static double coef[4] = {0.5, 0.25, 2, 4};
	double out[N];
#pragma acc declare copyin(coef)
	if (change) {
		coef[1] = 8;
#pragma acc update device(coef[1:1])
	}
#pragma acc parallel loop copyout(out)
	for (int i = 0; i < N; i++)
		out[i] = coef[i % 4] * i;
	double s = 0;
	for (int i = 0; i < N; i++)
		s += out[i];
	return s;
}

/* link on an extern declaration and on a static local: the data construct
 * maps them, the compute construct uses the mapping. */
static double linked(int round)
{
	extern float table[N];
	static int big[N];
#pragma acc declare link(table, big)
	if (round == 0)
		for (int i = 0; i < N; i++) {
			table[i] = i;
			big[i] = 1;
		}
#pragma acc data copy(table, big)
	{
#pragma acc parallel loop
		for (int i = 0; i < N; i++) {
			table[i] = table[i] * 2 + 1;
			big[i] += i;
		}
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		s += table[i] + big[i];
	return s;
}

/* declare copyin of a pointer: the pointer variable is present in its
 * block, the data it points to is not. */
static int pointer_itself(void)
{
	float *p = malloc(N * sizeof *p);
	int inside = 1, after = 1;
	void *where;
	{
		float *q = p;
#pragma acc declare copyin(q)
		where = &q;
#ifdef _OPENACC
		inside = acc_is_present(&q, sizeof q) && !acc_is_present(q, N * sizeof *q);
#endif
	}
#ifdef _OPENACC
	after = !acc_is_present(where, sizeof(float *));
#endif
	(void)where;
	free(p);
	return inside && after;
}

int main(void)
{
	long t0 = tally(0), t1 = tally(1), t2 = tally(2);
	double c0 = scaled(0), c1 = scaled(1), c2 = scaled(0);
	double l0 = linked(0), l1 = linked(1);
	int p = pointer_itself();
	printf("tally %ld %ld %ld\n", t0, t1, t2);
	printf("scaled %.2f %.2f %.2f\n", c0, c1, c2);
	printf("linked %.1f %.1f\n", l0, l1);
	printf("pointer itself %d\n", p);
	long w0 = 0, w1 = 0, w2 = 0;
	double wc0 = 0, wc1 = 0, wl0 = 0, wl1 = 0;
	const double coef0[4] = {0.5, 0.25, 2, 4}, coef1[4] = {0.5, 8, 2, 4};
	for (int i = 0; i < N; i++) {
		w0 += i + 1;
		w1 += (long)(1 + (i % 2 == 0)) * (i + 1);
		w2 += (long)(1 + (i % 2 == 0) + (i % 3 == 0)) * (i + 1);
		wc0 += coef0[i % 4] * i;
		wc1 += coef1[i % 4] * i;
		wl0 += (2.0 * i + 1) + (1 + i);
		wl1 += (2.0 * (2.0 * i + 1) + 1) + (1 + 2 * i);
	}
	if (t0 != w0 || t1 != w1 || t2 != w2 || c0 != wc0 || c1 != wc1 || c2 != wc1 || l0 != wl0 || l1 != wl1 || !p) {
		printf("FAIL tally %ld/%ld %ld/%ld %ld/%ld scaled %.2f/%.2f %.2f/%.2f %.2f linked %.1f/%.1f %.1f/%.1f\n", t0,
		       w0, t1, w1, t2, w2, c0, wc0, c1, wc1, c2, l0, wl0, l1, wl1);
		return 1;
	}
	printf("OK\n");
	return 0;
}
