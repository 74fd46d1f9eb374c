/* Variants of a directive in #if branches, as benchmark codes write them:
 * only the branch the preprocessor keeps is a directive of the program
 * (#ifdef of a macro nothing defines, #if on a value the file sets with
 * the usual #ifndef default), and the #else / #endif lines between the
 * kept directive and its loop (or a data construct's body) stay in the
 * translated program. */
#include <stdio.h>

#ifndef VARIANT
#define VARIANT 2
#endif

#define N 1000

int main(void)
{
	static float a[N], b[N];
	float s = 0;
	for (int i = 0; i < N; i++)
		a[i] = i % 10;
#ifdef BIG_DATA
#pragma acc data copy(a, b)
#else
#pragma acc data copyin(a) copyout(b)
#endif
	{
#ifdef TEST_ASYNC
#pragma acc parallel loop async
#else
#pragma acc parallel loop
#endif
		for (int i = 0; i < N; i++)
			b[i] = 2 * a[i];
#if VARIANT == 1
#pragma acc kernels loop independent
		for (int i = 0; i < N; i++)
			b[i] += 1;
#elif VARIANT >= 2 && defined(N)
#pragma acc parallel loop reduction(+ : s)
		for (int i = 0; i < N; i++)
			s += a[i];
#endif
	}
	float t = 0;
	for (int i = 0; i < N; i++)
		t += b[i];
	printf("%.1f %.1f\n", t, s);
	if (t != 9000 || s != 4500) {
		printf("FAIL\n");
		return 1;
	}
	printf("OK\n");
	return 0;
}
