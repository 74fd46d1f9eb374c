/* kernels region with several loop nests: each nest is its own kernel and
 * later nests read what earlier nests wrote (kernels run in order). */
// exec-bytes: h2d=16448 d2h=16448
#include <stdio.h>

#define N 4096

static float a[N], b[N], c[N];
static int hist[16];

int main(void)
{
	for (int i = 0; i < N; i++)
		a[i] = (float)(i % 64);
#pragma acc kernels copyin(a) create(b) copyout(c) copy(hist)
	{
		for (int i = 0; i < N; i++)
			b[i] = 2.0f * a[i] + 1.0f;
		/* reads b at a mirrored index: needs the first nest complete */
		for (int i = 0; i < N; i++)
			c[i] = b[i] + b[N - 1 - i];
		for (int k = 0; k < 16; k++) {
			int cnt = 0;
			for (int i = k; i < N; i += 16)
				if (c[i] > 64.0f)
					cnt++;
			hist[k] = cnt;
		}
	}
	double s = 0;
	for (int i = 0; i < N; i++) {
		float want = 2.0f * (float)(i % 64) + 1.0f + 2.0f * (float)((N - 1 - i) % 64) + 1.0f;
		if (c[i] != want) {
			printf("FAIL c[%d] = %g, want %g\n", i, c[i], want);
			return 1;
		}
		s += c[i];
	}
	int total = 0;
	for (int k = 0; k < 16; k++)
		total += hist[k];
	printf("sum c = %.1f\n", s);
	printf("hist[0] = %d, hist[15] = %d, total = %d\n", hist[0], hist[15], total);
	printf("OK\n");
	return 0;
}
