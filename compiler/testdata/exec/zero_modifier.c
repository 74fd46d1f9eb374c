/* The zero modifier (OpenACC 3.3 §2.7.8, §2.7.9): copyout(zero:) and
 * create(zero:) give zero-initialized device memory where they allocate it,
 * so kernels can accumulate into it at once; data that is already present
 * keeps its values. Before each zeroed allocation the program frees a device
 * array of the same size full of non-zero bytes, so that memory left as the
 * allocator returns it would show in the results. The host copies are zero
 * too, so that plain C gives the same output. */
// exec-no-gcc-openacc: gcc 12 does not accept the zero: modifier
// exec-bytes: h2d=16384 d2h=12800
#include <stdio.h>
#include <stdlib.h>

#define N 1024
#define BINS 64

/* A device array of n ints full of 0x5a5a5a5a, freed at once. */
static void dirty(int n)
{
	int *junk = malloc(n * sizeof *junk);
#pragma acc parallel loop create(junk[0:n])
	for (int i = 0; i < n; i++)
		junk[i] = 0x5a5a5a5a;
	free(junk);
}

/* copyout(zero:) on a compute construct: a histogram counted with atomics. */
static long histogram(const int *data, int *hist, int async)
{
	dirty(BINS);
	if (async) {
#pragma acc parallel loop copyin(data[0:N]) copyout(zero: hist[0:BINS]) async(3)
		for (int i = 0; i < N; i++) {
#pragma acc atomic update
			hist[data[i] % BINS] += 1;
		}
#pragma acc wait(3)
	} else {
#pragma acc parallel loop copyin(data[0:N]) copyout(zero: hist[0:BINS])
		for (int i = 0; i < N; i++) {
#pragma acc atomic update
			hist[data[i] % BINS] += 1;
		}
	}
	long check = 0;
	for (int b = 0; b < BINS; b++)
		check += (long)hist[b] * (b + 1);
	return check;
}

/* create(zero:) on a data construct: a device-only accumulator. */
static long accumulate(const int *in, int *out)
{
	int *sum = calloc(N, sizeof *sum);
	dirty(N);
#pragma acc data copyin(in[0:N]) create(zero: sum[0:N]) copyout(out[0:N])
	{
		for (int r = 1; r <= 3; r++) {
#pragma acc parallel loop present(in[0:N], sum[0:N])
			for (int i = 0; i < N; i++)
				sum[i] += r * in[i];
		}
#pragma acc parallel loop present(sum[0:N], out[0:N])
		for (int i = 0; i < N; i++)
			out[i] = sum[i] + 1;
	}
	free(sum);
	long check = 0;
	for (int i = 0; i < N; i++)
		check += out[i];
	return check;
}

/* create(zero:) on present data: nothing is allocated, the values stay. */
static long present_kept(int *v)
{
#pragma acc data copy(v[0:N])
	{
#pragma acc parallel loop create(zero: v[0:N])
		for (int i = 0; i < N; i++)
			v[i] += 1;
	}
	long check = 0;
	for (int i = 0; i < N; i++)
		check += v[i];
	return check;
}

/* create(zero:) on enter data, read back by exit data copyout. */
static long entered(int *e)
{
	dirty(N);
#pragma acc enter data create(zero: e[0:N])
#pragma acc parallel loop present(e[0:N])
	for (int i = 0; i < N; i += 2)
		e[i] += i;
#pragma acc exit data copyout(e[0:N])
	long check = 0;
	for (int i = 0; i < N; i++)
		check += (long)e[i] * (i % 3 + 1);
	return check;
}

int main(void)
{
	int *data = malloc(N * sizeof *data), *in = malloc(N * sizeof *in);
	int *out = malloc(N * sizeof *out), *v = malloc(N * sizeof *v);
	int *e = calloc(N, sizeof *e);
	int hist[BINS] = {0}, hist2[BINS] = {0};
	for (int i = 0; i < N; i++) {
		data[i] = (i * 7 + i / 5) % 211;
		in[i] = i % 13;
		v[i] = i;
	}
	long h = histogram(data, hist, 0);
	long h2 = histogram(data, hist2, 1);
	long a = accumulate(in, out);
	long p = present_kept(v);
	long en = entered(e);
	printf("histogram %ld, bin 0 %d, bin 63 %d\n", h, hist[0], hist[BINS - 1]);
	printf("async histogram %ld\n", h2);
	printf("accumulated %ld, out[12] %d\n", a, out[12]);
	printf("present kept %ld\n", p);
	printf("entered %ld\n", en);
	long want_h = 0;
	for (int i = 0; i < N; i++)
		want_h += data[i] % BINS + 1;
	long want_a = 0, want_p = 0, want_e = 0;
	for (int i = 0; i < N; i++) {
		want_a += 6 * (i % 13) + 1;
		want_p += i + 1;
		want_e += (i % 2 == 0 ? (long)i : 0) * (i % 3 + 1);
	}
	if (h != want_h || h2 != want_h || a != want_a || p != want_p || en != want_e) {
		printf("FAIL histogram %ld/%ld async %ld accumulated %ld/%ld present %ld/%ld entered %ld/%ld\n", h, want_h,
		       h2, a, want_a, p, want_p, en, want_e);
		return 1;
	}
	printf("OK\n");
	free(data);
	free(in);
	free(out);
	free(v);
	free(e);
	return 0;
}
