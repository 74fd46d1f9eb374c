/* declare on globals (OpenACC 3.3 §2.13): create, copyin and device_resident
 * make a global present for the whole program, and compute constructs in any
 * function use its device copy; link makes a global usable on the device
 * with its data given later by a data clause. Globals without declare are
 * implicitly copied as usual. */
// exec-args: 100
#include <stdio.h>
#include <stdlib.h>
#ifdef _OPENACC
#include <openacc.h>
#endif

#define N 128

static double coef[N];              /* set on the host, then update device */
#pragma acc declare create(coef)
int table[8] = {1, 2, 3, 5, 8, 13, 21, 34};
#pragma acc declare copyin(table)
float scratch[N];
#pragma acc declare device_resident(scratch)
double big[N];
#pragma acc declare link(big)
int plain[N]; /* no declare: implicit copy */
long table_sum; /* a scalar: its device copy */
#pragma acc declare create(table_sum)

static void set_coef(int scale)
{
	for (int i = 0; i < N; i++)
		coef[i] = scale * (i % 4);
#pragma acc update device(coef)
}

/* The device copies persist between compute constructs and functions:
 * scratch is written by one construct and read by the next. */
static void fill_scratch(void)
{
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		scratch[i] = (float)(table[i % 8] * 2);
}

static long use_all(int n)
{
	long sum = 0;
#pragma acc parallel loop reduction(+:sum)
	for (int i = 0; i < N; i++)
		sum += (long)(coef[i] * scratch[i]) + table[(i + n) % 8];
	return sum;
}

/* link: big gets device data from the data construct around the call. */
static void scale_big(double f)
{
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		big[i] *= f;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	int fails = 0;
#ifdef _OPENACC
	if (acc_get_device_type() != acc_device_host &&
	    (!acc_is_present(coef, sizeof coef) || !acc_is_present(table, sizeof table) ||
	     !acc_is_present(scratch, sizeof scratch) || acc_is_present(big, sizeof big))) {
		printf("FAIL presence of the declared globals\n");
		return 1;
	}
#endif
	set_coef(2);
	fill_scratch();
	long s = use_all(n);
	long want = 0;
	for (int i = 0; i < N; i++)
		want += (long)(2 * (i % 4) * (table[i % 8] * 2)) + table[(i + n) % 8];
	if (s != want) {
		printf("FAIL use_all = %ld, want %ld\n", s, want);
		fails++;
	}
	/* the device copy of coef changes; the host copy is refreshed by update */
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		coef[i] += 1;
#pragma acc update self(coef)
	for (int i = 0; i < N; i++)
		if (coef[i] != 2 * (i % 4) + 1) {
			printf("FAIL coef[%d] = %g\n", i, coef[i]);
			return 1;
		}
	for (int i = 0; i < N; i++)
		big[i] = i;
#pragma acc data copy(big)
	{
		scale_big(2.0);
		scale_big(0.5 * n);
	}
	for (int i = 0; i < N; i++)
		if (big[i] != (double)i * n) {
			printf("FAIL big[%d] = %g\n", i, big[i]);
			return 1;
		}
	/* a declared scalar: the construct writes its device copy (kernels:
	 * gcc 12, at the OpenACC 2.6 level, would make it firstprivate in
	 * serial/parallel, where 3.3 counts the declare as a visible data
	 * clause) */
	table_sum = -1;
#pragma acc kernels
	{
		table_sum = 0;
		for (int i = 0; i < 8; i++)
			table_sum += table[i];
	}
#pragma acc update self(table_sum)
	if (table_sum != 87) {
		printf("FAIL table_sum = %ld\n", table_sum);
		fails++;
	}
	/* a global without declare: implicit copy at the construct */
#pragma acc parallel loop
	for (int i = 0; i < N; i++)
		plain[i] = table[i % 8] + i;
	for (int i = 0; i < N; i++)
		if (plain[i] != table[i % 8] + i) {
			printf("FAIL plain[%d] = %d\n", i, plain[i]);
			return 1;
		}
#ifdef _OPENACC
	/* after a shutdown, the next use initializes again and enters the
	 * declared globals again (copyin copies the current host value) */
	if (acc_get_device_type() != acc_device_host) {
		acc_shutdown(acc_get_device_type());
#pragma acc parallel loop
		for (int i = 0; i < N; i++)
			plain[i] = table[i % 8] * 2;
		if (!acc_is_present(coef, sizeof coef) || !acc_is_present(table, sizeof table)) {
			printf("FAIL declared globals not present after a shutdown\n");
			fails++;
		}
		for (int i = 0; i < N; i++) {
			if (plain[i] != table[i % 8] * 2) {
				printf("FAIL after a shutdown: plain[%d] = %d\n", i, plain[i]);
				return 1;
			}
			plain[i] = table[i % 8] + i; /* as without the shutdown */
		}
	}
#endif
	printf("use_all = %ld, coef[5] = %g, big[3] = %g, plain[9] = %d, table_sum = %ld\n", s, coef[5], big[3], plain[9], table_sum);
	if (fails)
		return 1;
	printf("OK\n");
	return 0;
}
