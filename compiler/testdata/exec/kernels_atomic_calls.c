/* Loops of kernels constructs that are independent although they look
   otherwise: a histogram whose updates are atomic (they commute), and a
   call of a function that only reads the arrays it is passed (IBM's async
   example, whose loop ran on one work-item: 130 s on an H200). */
#include <stdio.h>

#define N 20000
#define B 64

static float series(float x, const float *z, const float *w, int n)
{
	float r = 0;
	for (int k = 0; k < n; k++)
		r += z[k] * x + w[k];
	return r;
}

int main(void)
{
	static int data[N], hist[B];
	static float z[N], w[N], y[N], half[B];
	for (int i = 0; i < N; i++) {
		data[i] = (int)((long)i * 7919 % 1013);
		z[i] = (float)(i % 4) * 0.25f;
		w[i] = (float)(i % 3);
	}
#pragma acc kernels copyin(data) copy(hist, half)
	for (int i = 0; i < N; i++) {
#pragma acc atomic update
		hist[data[i] % B]++;
#pragma acc atomic
		half[data[i] % B] += 0.5f;
	}
#pragma acc kernels copyin(z[0:64], w[0:64]) copyout(y)
	for (int i = 0; i < N; i++)
		y[i] = series((float)(i % 16), z, w, 64);
	long s = 0;
	float h = 0;
	for (int b = 0; b < B; b++) {
		s += (long)hist[b] * (b + 1);
		h += half[b];
	}
	double ys = 0;
	for (int i = 0; i < N; i++)
		ys += y[i];
	printf("hist %ld half %.1f series %.2f\n", s, h, ys);
	if (h != N / 2) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
