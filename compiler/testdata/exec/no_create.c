/* no_create: inside a data region the array is present and used on the
 * device; outside, the same code runs with no_create on an absent array
 * that the kernel does not touch (the flag is off), so nothing is mapped. */
#include <stdio.h>
#include <stdlib.h>

static void maybe_accumulate(int n, const int *src, int *dst, int *log, int use_log)
{
#pragma acc parallel loop copyin(src[0:n]) copy(dst[0:n]) no_create(log[0:n])
	for (int i = 0; i < n; i++) {
		dst[i] += src[i];
		if (use_log)
			log[i] = dst[i];
	}
}

int main(void)
{
	int n = 2000;
	int *src = malloc(n * sizeof *src), *dst = malloc(n * sizeof *dst);
	int *log = malloc(n * sizeof *log);
	for (int i = 0; i < n; i++) {
		src[i] = i % 9;
		dst[i] = 0;
		log[i] = -7;
	}
	/* log absent and unused */
	maybe_accumulate(n, src, dst, log, 0);
	for (int i = 0; i < n; i++)
		if (log[i] != -7) {
			printf("FAIL log[%d] = %d changed\n", i, log[i]);
			return 1;
		}
	/* log present (copyout region): used on the device, copied out at exit */
#pragma acc data copyout(log[0:n])
	{
		maybe_accumulate(n, src, dst, log, 1);
	}
	long s = 0;
	for (int i = 0; i < n; i++) {
		if (dst[i] != 2 * (i % 9) || log[i] != dst[i]) {
			printf("FAIL at %d: dst %d log %d\n", i, dst[i], log[i]);
			return 1;
		}
		s += log[i];
	}
	printf("dst[8] = %d log[8] = %d\n", dst[8], log[8]);
	printf("sum log = %ld\n", s);
	free(src);
	free(dst);
	free(log);
	printf("OK\n");
	return 0;
}
