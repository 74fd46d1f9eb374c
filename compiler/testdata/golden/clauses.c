/* private, firstprivate (scalar and array), if, default(none), serial */
#include <stdio.h>
#include <math.h>

#define N 300

static float x[N], y[N];

int main(int argc, char **argv)
{
	float coef[3] = {0.25f, 0.5f, 0.25f};
	float t;
	int on = argc < 5;
	for (int i = 0; i < N; i++)
		x[i] = sinf(i * 0.1f);
#pragma acc parallel loop private(t) firstprivate(coef) if(on) default(none) copyin(x) copyout(y)
	for (int i = 1; i < N - 1; i++) {
		t = coef[0] * x[i - 1] + coef[1] * x[i] + coef[2] * x[i + 1];
		y[i] = fabsf(t) + sqrt(2.0);
	}
#pragma acc serial copy(y)
	{
		y[0] = y[1];
		y[N - 1] = y[N - 2];
	}
	printf("%.4f %.4f\n", y[0], y[N / 2]);
	return 0;
}
