/* Declared globals in routines (a global without a declare: device_calls.c):
 * a pointer that a declare puts on the device (its copy holds a host
 * address), and a declared global that the construct makes private while
 * the routine it calls uses the device copy. */
#include <stdlib.h>

float *buf;
int level;
#pragma acc declare create(buf, level)

#pragma acc routine seq
static float reads_buf(int i)
{
	return buf[i];
}

#pragma acc routine seq
static int reads_level(int i)
{
	return i * level;
}

int main(void)
{
	int a[100];
	float f[100];
#pragma acc parallel loop copyout(f)
	for (int i = 0; i < 100; i++)
		f[i] = reads_buf(i);
#pragma acc parallel loop copyout(a) private(level)
	for (int i = 0; i < 100; i++) {
		level = i;
		a[i] = reads_level(i) + level;
	}
	return a[5] + (int)f[5];
}
