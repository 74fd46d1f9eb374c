/* present clause: helper functions that require their arrays to be mapped
 * already (whole array and a sub-range of it, found at its offset). */
#include <stdio.h>
#include <stdlib.h>

static void add_const(int n, float *v, float c)
{
#pragma acc parallel loop present(v[0:n])
	for (int i = 0; i < n; i++)
		v[i] += c;
}

static void negate_range(float *v, int lo, int len)
{
	/* a sub-range of the mapped array: present at an offset */
#pragma acc parallel loop present(v[lo:len])
	for (int i = lo; i < lo + len; i++)
		v[i] = -v[i];
}

static float total(int n, const float *v)
{
	float s = 0.0f;
#pragma acc parallel loop present(v[0:n]) reduction(+:s)
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int main(void)
{
	int n = 3333;
	float *v = malloc(n * sizeof *v);
	for (int i = 0; i < n; i++)
		v[i] = (float)(i % 10);
	float t1, t2;
#pragma acc data copy(v[0:n])
	{
		add_const(n, v, 1.0f);
		t1 = total(n, v);
		negate_range(v, 1000, 500);
		/* pass a pointer into the middle: still present */
		add_const(100, v + 2000, 100.0f);
		t2 = total(n, v);
	}
	double s = 0;
	for (int i = 0; i < n; i++) {
		float want = (float)(i % 10) + 1.0f;
		if (i >= 1000 && i < 1500)
			want = -want;
		if (i >= 2000 && i < 2100)
			want += 100.0f;
		if (v[i] != want) {
			printf("FAIL v[%d] = %g, want %g\n", i, v[i], want);
			return 1;
		}
		s += v[i];
	}
	printf("t1 = %.1f t2 = %.1f\n", t1, t2);
	if (t2 != (float)s) {
		printf("FAIL t2 = %g, host sum %g\n", t2, s);
		return 1;
	}
	free(v);
	printf("OK\n");
	return 0;
}
