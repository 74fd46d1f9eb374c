/* printf in device code (OpenCL C's printf): in a serial construct, in a
 * routine it calls, and in a parallel loop whose one iteration prints, with
 * %d, %ld, %u, %x, %f, %e, %g, %c and literal %s arguments. The output
 * keeps the program's order with the host's own printf (flushed before a
 * launch, the device's output complete after it), also when stdout is a
 * pipe. */
#include <stdio.h>

#pragma acc routine seq
static void report(int step, double value)
{
	printf("  step %d: value %.3f (%s)\n", step, value, "from a routine");
}

int main(void)
{
	int a[8];
	double w = 0.5;
	long big = 1L << 40;
	for (int i = 0; i < 8; i++)
		a[i] = i * i;
	printf("host: before the serial construct\n");
#pragma acc serial copyin(a) firstprivate(w, big)
	{
		printf("device: a[3] = %d, big = %ld, hex %x, unsigned %u\n", a[3], big, 255, 4000000000u);
		printf("device: %f %e %g %c\n", w, w * 1e6, w / 3, 'z');
		for (int i = 1; i < 4; i++)
			report(i, a[i] * w);
	}
	printf("host: between\n");
	int hits = 0;
#pragma acc parallel loop copyin(a) reduction(+:hits)
	for (int i = 0; i < 8; i++) {
		if (a[i] == 49)
			printf("device: found 49 at %d\n", i);
		hits += a[i] > 10;
	}
	printf("host: after, %d hits\n", hits);
	printf("OK\n");
	return 0;
}
