/* async and wait on the data construct (OpenACC 3.3 §2.6.5, §2.16) and
 * wait(devnum: ...) (§2.16.3): a data region's entry copies wait for its wait
 * list and go on its async queue, its exit copies on the same queue; the
 * constructs inside carry their own async clauses; the host sees the results
 * after a wait. devnum names the current device (accls runs a program on one
 * device). */
// exec-no-gcc-openacc: gcc 12 rejects async and wait on data and wait(devnum:)
// exec-args: 5000
// exec-bytes: h2d=80000 d2h=100000
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

static int device_number(void)
{
#ifdef _OPENACC
	return acc_get_device_num(acc_get_device_type());
#else
	return 0;
#endif
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5000;
	int dev = device_number();
	(void)dev; /* used by the directives only */
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	float *d = malloc(n * sizeof *d), *e = malloc(n * sizeof *e), *f = malloc(n * sizeof *f);
	for (int i = 0; i < n; i++) {
		a[i] = i;
		b[i] = -1;
		d[i] = 1;
		e[i] = i % 7;
		f[i] = 0;
	}

	/* 1. the region's copies and its kernel on queue 1 */
#pragma acc data copyin(a[0:n]) copyout(b[0:n]) async(1)
	{
#pragma acc parallel loop async(1)
		for (int i = 0; i < n; i++)
			b[i] = 2 * a[i];
	}
#pragma acc wait(1)
	double s1 = 0;
	for (int i = 0; i < n; i++)
		s1 += b[i];
	printf("1. async region: sum %.1f\n", s1);

	/* 2. wait(2) on the region: its entry follows queue 2's kernel, which
	 * writes c on the device; the region and its kernel run on queue 3 */
#pragma acc enter data create(c[0:n])
#pragma acc parallel loop present(c[0:n]) async(2)
	for (int i = 0; i < n; i++)
		c[i] = 3 * i;
#pragma acc data copy(d[0:n]) present(c[0:n]) async(3) wait(2)
	{
#pragma acc parallel loop async(3)
		for (int i = 0; i < n; i++)
			d[i] += c[i];
	}
#pragma acc wait(devnum: dev : 3)
#pragma acc exit data delete(c[0:n])
	double s2 = 0;
	for (int i = 0; i < n; i++)
		s2 += d[i];
	printf("2. region waiting for queue 2: sum %.1f\n", s2);

	/* 3. async without argument (acc_async_noval), if true at run time,
	 * two kernels in order on the region's queue, wait(devnum:) clauses */
#pragma acc data copy(e[0:n]) copyout(f[0:n]) if(n > 0) async
	{
#pragma acc parallel loop async
		for (int i = 0; i < n; i++)
			e[i] = e[i] * 4;
#pragma acc parallel loop async wait(devnum: dev : 1, 3)
		for (int i = 0; i < n; i++)
			f[i] = e[i] + 1;
	}
#pragma acc wait
	double s3 = 0, s4 = 0;
	for (int i = 0; i < n; i++) {
		s3 += e[i];
		s4 += f[i];
	}
	printf("3. async region, no queue number: %.1f %.1f\n", s3, s4);

	/* 4. a synchronous region with a wait clause: queue 0 waits for queue 4 */
	for (int i = 0; i < n; i++)
		a[i] = 1;
#pragma acc enter data copyin(a[0:n]) async(4)
#pragma acc parallel loop present(a[0:n]) async(4)
	for (int i = 0; i < n; i++)
		a[i] += i;
#pragma acc data present(a[0:n]) copyout(b[0:n]) wait(4)
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			b[i] = a[i] * 2;
	}
#pragma acc exit data delete(a[0:n])
	double s5 = 0;
	for (int i = 0; i < n; i++)
		s5 += b[i];
	printf("4. sync region waiting for queue 4: %.1f\n", s5);

	double want1 = 0, want2 = 0, want3 = 0, want4 = 0, want5 = 0;
	for (int i = 0; i < n; i++) {
		want1 += 2.0 * i;
		want2 += 1 + 3.0 * i;
		want3 += 4.0 * (i % 7);
		want4 += 4.0 * (i % 7) + 1;
		want5 += 2.0 * (1 + i);
	}
	if (s1 != want1 || s2 != want2 || s3 != want3 || s4 != want4 || s5 != want5) {
		printf("FAIL %.1f/%.1f %.1f/%.1f %.1f/%.1f %.1f/%.1f %.1f/%.1f\n", s1, want1, s2, want2, s3, want3, s4,
		       want4, s5, want5);
		return 1;
	}
	printf("OK\n");
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
	free(f);
	return 0;
}
