/* serial construct: an order-dependent recurrence (prefix sum, running
 * maximum) executed by a single device thread; scalars via copy. */
#include <stdio.h>

#define N 2000

static long pre[N];
static int runmax[N];
static int data[N];

int main(void)
{
	long total = 0;
	int peaks = 0;
	for (int i = 0; i < N; i++)
		data[i] = (i * 37) % 101 - 50;
#pragma acc serial copyin(data) copyout(pre, runmax) copy(total, peaks)
	{
		long acc = 0;
		int m = data[0];
		for (int i = 0; i < N; i++) {
			acc += data[i];
			pre[i] = acc;
			if (data[i] > m) {
				m = data[i];
				peaks++;
			}
			runmax[i] = m;
		}
		total = acc;
	}
	long acc = 0;
	int m = data[0], p = 0;
	for (int i = 0; i < N; i++) {
		acc += data[i];
		if (data[i] > m) {
			m = data[i];
			p++;
		}
		if (pre[i] != acc || runmax[i] != m) {
			printf("FAIL at %d: pre %ld/%ld, max %d/%d\n", i, pre[i], acc, runmax[i], m);
			return 1;
		}
	}
	if (total != acc || peaks != p) {
		printf("FAIL total = %ld (want %ld), peaks = %d (want %d)\n", total, acc, peaks, p);
		return 1;
	}
	printf("total = %ld\n", total);
	printf("peaks = %d, max = %d\n", peaks, runmax[N - 1]);
	printf("pre[99] = %ld\n", pre[99]);
	printf("OK\n");
	return 0;
}
