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

static int reps(void)
{
	const char *r = getenv("BENCH_REPS");
	return r && atoi(r) > 0 ? atoi(r) : 5;
}
#endif
