/* routine: a seq routine with a return value and a pointer parameter, a
 * vector routine with a vector loop called from a gang loop, a seq routine
 * called from a routine */
#include <stdio.h>

#define R 16
#define C 100

#pragma acc routine seq
static float sq(float x)
{
	return x * x;
}

#pragma acc routine seq
float norm2(const float *v, int n)
{
	float s = 0;
	for (int i = 0; i < n; i++)
		s += sq(v[i]);
	return s;
}

#pragma acc routine vector
void scale(float *row, int n, float f)
{
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] = row[j] * f;
}

int main(void)
{
	static float m[R][C], src[R][C], norms[R];
	for (int i = 0; i < R; i++)
		for (int j = 0; j < C; j++)
			m[i][j] = src[i][j] = (float)(j % 4);
#pragma acc parallel loop gang copy(m) copyin(src) copyout(norms)
	for (int i = 0; i < R; i++) {
		scale(m[i], C, 2.0f);
		norms[i] = norm2(src[i], C);
	}
	/* norm2 of a work-item's own array: its private-pointer variant */
#pragma acc parallel loop copyout(norms)
	for (int i = 0; i < R; i++) {
		float v[4] = {1, 2, 3, (float)i};
		norms[i] = norm2(v, 4);
	}
	printf("%g %g\n", m[3][3], norms[0]);
	return 0;
}
