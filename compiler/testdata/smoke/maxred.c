/* max and min reductions (int and float) with the original value taking part */
#include <stdio.h>

#define N 10007

static int v[N];
static float f[N];

int main(void)
{
	for (int i = 0; i < N; i++) {
		v[i] = (i * 7919) % 10007 - 5000;
		f[i] = (float)((i * 31) % 997) * 0.25f;
	}
	int mx = -100000, mn = 100000;
	float fmx = 1000.0f;
#pragma acc parallel loop reduction(max:mx, fmx) reduction(min:mn)
	for (int i = 0; i < N; i++) {
		mx = v[i] > mx ? v[i] : mx;
		mn = v[i] < mn ? v[i] : mn;
		fmx = f[i] > fmx ? f[i] : fmx;
	}
	printf("max = %d min = %d fmax = %g\n", mx, mn, fmx);
	return 0;
}
