/* Timing for the accls benchmarks (plain C, OpenACC and OpenCL versions). */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Benchmarks print "time_ms=<best of reps> check=<checksum>". */
static void report(double best_ms, double check)
{
	printf("time_ms=%.3f check=%.6e\n", best_ms, check);
}

/* ... and "maxerr=<largest |result - plain C reference|>" where the program
 * checks itself against a host reference computed in the same run. */
static void report_err(double best_ms, double check, double maxerr)
{
	printf("time_ms=%.3f check=%.6e maxerr=%.3e\n", best_ms, check, maxerr);
}

static double max_abs_diff(const float *a, const float *b, long n)
{
	double m = 0;
	for (long i = 0; i < n; i++) {
		double d = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
		if (d > m || d != d)
			m = d;
	}
	return m;
}

static int reps(void)
{
	const char *r = getenv("BENCH_REPS");
	return r && atoi(r) > 0 ? atoi(r) : 5;
}
#endif
