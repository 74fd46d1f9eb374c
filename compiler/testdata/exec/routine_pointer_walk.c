/* A seq routine that walks a pointer over its own array (*p++ = v, as
   DES key schedules do), called in the code of a gang loop's body that
   the gang's vector lanes run redundantly: the walk over its own array is
   each lane's private work, and since the routine writes device memory
   (out), one lane makes the call, and the routine's code is the plain
   code of one work-item. */
#include <stdio.h>

#pragma acc routine seq
static void fill(unsigned long *out, int k)
{
	unsigned long buf[4];
	unsigned long *p = buf;
	for (int i = 0; i < 4; i++)
		*p++ = (unsigned long)(k * 4 + i);
	p = buf;
	for (int i = 0; i < 4; i++)
		out[i] = *p++ * 2;
}

int main(void)
{
	static unsigned long t[64][4];
	static long row[64];
#pragma acc parallel loop gang copyout(t, row)
	for (int n = 0; n < 64; n++) {
		fill(t[n], n);
		long s = 0;
#pragma acc loop vector reduction(+:s)
		for (int c = 0; c < 4; c++)
			s += t[n][c];
		row[n] = s;
	}
	long total = 0;
	for (int n = 0; n < 64; n++)
		total += row[n] * (n % 3 + 1);
	printf("total %ld, t[63][3] %lu\n", total, t[63][3]);
	if (t[63][3] != 510) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
