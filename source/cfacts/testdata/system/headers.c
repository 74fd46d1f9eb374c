#define _GNU_SOURCE
#include <assert.h>
#include <complex.h>
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <openacc.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return tv.tv_sec + tv.tv_usec * 1e-6 + ts.tv_nsec * 1e-9 + omp_get_wtime();
}

int main(int argc, char **argv)
{
    assert(argc > 0);
    char buf[64];
    size_t n = strlen(argv[0]);
    memcpy(buf, argv[0], n < sizeof buf ? n : sizeof buf - 1);
    int devs = acc_get_num_devices(acc_device_nvidia);
    double complex z = 1.0 + 2.0 * I;
    if (errno == EINVAL || !isdigit(buf[0]))
        fprintf(stderr, "%d %g %d %f\n", INT_MAX, FLT_EPSILON, devs, creal(z));
    uint64_t big = UINT64_MAX;
    return (int)(now() > 0) + (int)(big & 1) + (int)getpid() % 2;
}
