/* routine bind: device code calls the bound function in place of the
 * routine (the host keeps calling the routine). A `routine seq` bound to a
 * `routine worker` that sums with a worker reduction (called from a gang
 * loop, checked at the worker level); a routine bound by a string literal
 * naming a function of the program; `routine(name) bind(...)` on a
 * function declared before its definition; a routine bound to a function
 * without a directive (its implicit routine seq). The bound functions
 * compute the routines' results another way, so the output is the plain C
 * build's; the routines themselves return a wrong value if they run on the
 * device. */
#include <stdio.h>
#ifdef _OPENACC
#include <openacc.h>
#define ON_DEVICE acc_on_device(acc_device_not_host)
#else
#define ON_DEVICE 0
#endif

// exec-no-gcc-openacc: gcc 12 does not implement bind on routine ("expected '#pragma acc' clause before '('")

#define N 96
#define M 50

#pragma acc routine worker nohost
float sum_worker(const float *a, int n)
{
	float s = 0;
#pragma acc loop worker reduction(+:s)
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

#pragma acc routine seq bind(sum_worker)
float sum_row(const float *a, int n)
{
	float s = ON_DEVICE ? -1 : 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

/* i*i by repeated addition on the device */
#pragma acc routine seq
int square_by_adds(int i)
{
	int s = 0;
	for (int k = 0; k < i; k++)
		s += i;
	return s;
}

#pragma acc routine seq bind("square_by_adds")
int square(int i)
{
	return ON_DEVICE ? -1 : i * i;
}

int twice_host(int x);
#pragma acc routine(twice_host) seq bind(twice_by_shift)

int twice_by_shift(int x)
{
	return x << 1;
}

int twice_host(int x)
{
	return ON_DEVICE ? -1 : x + x;
}

int main(void)
{
	static float a[N][M];
	float rows[N];
	int sq[N], tw[N];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < M; j++)
			a[i][j] = (float)(i + j % 7);
#pragma acc parallel loop gang copyin(a) copyout(rows)
	for (int i = 0; i < N; i++)
		rows[i] = sum_row(a[i], M);
#pragma acc parallel loop copyout(sq, tw)
	for (int i = 0; i < N; i++) {
		sq[i] = square(i);
		tw[i] = twice_host(i);
	}
	int bad = 0;
	for (int i = 0; i < N; i++) {
		float e = 0;
		for (int j = 0; j < M; j++)
			e += a[i][j];
		bad += rows[i] != e || sq[i] != i * i || tw[i] != 2 * i;
	}
	printf("rows %g %g, squares %d %d, twice %d\n", rows[0], rows[N - 1], sq[7], sq[N - 1], tw[N - 1]);
	if (bad) {
		printf("FAIL %d\n", bad);
		return 1;
	}
	printf("OK\n");
	return 0;
}
