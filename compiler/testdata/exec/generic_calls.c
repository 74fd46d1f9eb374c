/* Type-generic macros in device code, as a heat-equation solver writes
   them: _Generic((x), float: fabsf, default: fabs)(x) calls the function
   the selection names (a math built-in or a function of the file). */
#include <math.h>
#include <stdio.h>

static float maxf(float a, float b) { return a < b ? b : a; }
static double maxd(double a, double b) { return a < b ? b : a; }

#define ABS(x) _Generic((x), float: fabsf, default: fabs)(x)
#define MAX(x, y) _Generic((x) + (y), float: maxf, default: maxd)(x, y)

#define N 256

int main(void)
{
	static double a[N];
	static float b[N];
	for (int i = 0; i < N; i++) {
		a[i] = (i % 7) - 3.5;
		b[i] = (float)((i % 5) - 2);
	}
	double err = 0;
	float top = 0;
#pragma acc parallel loop copy(a, b) reduction(max:err) reduction(max:top)
	for (int i = 0; i < N; i++) {
		a[i] = ABS(a[i]);
		b[i] = MAX(b[i], 0.5f);
		err = fmax(err, ABS(a[i] - 1.0));
		top = MAX(top, b[i]);
	}
	double s = 0;
	for (int i = 0; i < N; i++)
		s += a[i] + b[i];
	printf("sum %.2f err %.2f top %.2f\n", s, err, top);
	if (err != 2.5 || top != 2) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
