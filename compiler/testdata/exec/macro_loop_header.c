/* A loop whose header a macro writes, as SPEC ACCEL's lbm does
   (SWEEP_START(...) expands to `for (i = ...; i < ...; i += ...) {`): the
   host sizes the grid from the bounds' values, not from their text. */
#include <stdio.h>

#define N 40
#define CELLS 4
#define INDEX(x, e) ((e) + CELLS * (x))
#define SWEEP_START(x1, x2) for (i = INDEX(x1, 0); i < INDEX(x2, 0); i += CELLS) {
#define SWEEP_END }

static double src[N * CELLS], dst[N * CELLS];

int main(void)
{
	int i;
	for (i = 0; i < N * CELLS; i++)
		src[i] = i % 7;
#pragma acc parallel loop copyin(src) copyout(dst)
	SWEEP_START(0, N)
		dst[i] = src[i + 1] + src[i + 2];
		dst[i + 1] = src[i] * 2;
		dst[i + 2] = src[i + 3] - src[i];
		dst[i + 3] = 1;
	SWEEP_END
	double s = 0;
	for (i = 0; i < N * CELLS; i++)
		s += dst[i] * (i % 5 + 1);
	printf("sum %.1f\n", s);
	if (s <= 0) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
