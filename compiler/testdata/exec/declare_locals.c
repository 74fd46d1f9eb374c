/* declare in functions (OpenACC 3.3 §2.13): create, copyin, copy, copyout
 * and present on local arrays act like a data region over the rest of their
 * block; the exit actions run at the end of the block and before every
 * return (the returned expression is evaluated first), break and continue
 * that leaves it. Compute constructs in the scope use the device copies. */
// exec-args: 1000
#include <stdio.h>
#include <stdlib.h>

#define N 256

/* copyin + create + copy, left at an early return or at the end of the
 * function, whichever is taken. */
static int stencil(int steps, double out[N], int early)
{
	double in[N], tmp[N], acc[N];
	for (int i = 0; i < N; i++) {
		in[i] = i;
		acc[i] = 1;
	}
#pragma acc declare copyin(in) create(tmp) copy(acc)
	for (int s = 0; s < steps; s++) {
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			tmp[i] = in[i] * 2;
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			acc[i] += tmp[i];
		if (early && s == 1) {
#pragma acc update self(acc)
			for (int i = 0; i < N; i++)
				out[i] = acc[i];
			return s + 1; /* the exits run here */
		}
	}
#pragma acc update self(acc)
	for (int i = 0; i < N; i++)
		out[i] = acc[i];
	return steps;
}

/* A return expression that reads the device result after the copy-back:
 * the expression is evaluated before the exit, so it must use update. */
static long total(int n)
{
	long sum = 0;
	int data[N];
	for (int i = 0; i < N; i++)
		data[i] = i % 10;
#pragma acc declare copy(data)
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		data[i] *= n;
#pragma acc update self(data)
	for (int i = 0; i < N; i++)
		sum += data[i];
	return sum + data[N - 1];
}

/* declare in a loop body (two directives: copy, copyout): entered and
 * exited on every iteration, also when continue and break leave the body. */
static int rounds(int n)
{
	int done = 0;
	for (int r = 0; r < n; r++) {
		int v[16];
		for (int i = 0; i < 16; i++)
			v[i] = r;
#pragma acc declare copy(v)
		int w[16];
#pragma acc declare copyout(w)
#pragma acc parallel loop
		for (int i = 0; i < 16; i++) {
			v[i] += i;
			w[i] = 2 * v[i];
		}
		/* a mapping left behind by a missed exit would be found again at
		 * the next iteration (same stack slot) with stale device data */
#pragma acc update self(v, w)
		for (int i = 0; i < 16; i++)
			if (v[i] != r + i || w[i] != 2 * (r + i))
				return -1;
		if (r % 3 == 0)
			continue;
		if (r == 7)
			break;
		done += r;
	}
	return done;
}

/* declare present: x entered by enter data before the directive; the
 * declare's exit at the end of the function frees it (both counters 0). */
static int present_scope(int f)
{
	int x[32];
	for (int i = 0; i < 32; i++)
		x[i] = i;
#pragma acc enter data copyin(x)
#pragma acc declare present(x)
#pragma acc parallel loop
	for (int i = 0; i < 32; i++)
		x[i] *= f;
#pragma acc update self(x)
#pragma acc exit data delete(x)
	int bad = 0;
	for (int i = 0; i < 32; i++)
		bad += x[i] != f * i;
	return bad;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	static double out[N];
	int fails = 0;
	/* the early return first: had it left the mappings behind, the next
	 * call (same stack frame) would find stale device data */
	int s2 = stencil(5, out, 1);
	for (int i = 0; i < N; i++)
		if (out[i] != 1 + 2 * 2.0 * i) {
			printf("FAIL stencil(5, early) out[%d] = %g\n", i, out[i]);
			return 1;
		}
	int s1 = stencil(3, out, 0);
	for (int i = 0; i < N; i++)
		if (out[i] != 1 + 3 * 2.0 * i) {
			printf("FAIL stencil(3) out[%d] = %g\n", i, out[i]);
			return 1;
		}
	long t = total(n);
	long want = 0;
	for (int i = 0; i < N; i++)
		want += (long)(i % 10) * n;
	want += (long)((N - 1) % 10) * n;
	if (t != want) {
		printf("FAIL total = %ld, want %ld\n", t, want);
		fails++;
	}
	int d = rounds(20);
	if (d != 1 + 2 + 4 + 5) {
		printf("FAIL rounds = %d\n", d);
		fails++;
	}
	if (present_scope(3) || present_scope(5)) {
		printf("FAIL present_scope\n");
		fails++;
	}
	printf("steps %d %d, total %ld, rounds %d\n", s1, s2, t, d);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
