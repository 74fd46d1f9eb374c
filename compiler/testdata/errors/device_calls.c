/* calls in device code the compiler rejects: functions not defined in the file (helper, defined here, is an implicit routine seq),
 * routine levels at the call, private memory passed to a routine,
 * recursion, globals in routines (other than constants); an atomic capture that the lanes of a
 * worker run redundantly */
#include <stdio.h>

int helper(int x) { return x + 1; }

int counter;

#pragma acc routine vector
void vrow(float *row, int n)
{
#pragma acc loop vector
	for (int j = 0; j < n; j++)
		row[j] = 0;
}

#pragma acc routine seq
int fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

#pragma acc routine seq
int uses_global(int x)
{
	return x + counter;
}

#pragma acc routine vector
float vsum(const float *a, int n)
{
	float s = 0;
#pragma acc loop vector reduction(+:s)
	for (int j = 0; j < n; j++)
		s += a[j];
	return s;
}

#pragma acc routine worker
void nested_reduction(float *a, int n)
{
#pragma acc loop worker
	for (int i = 0; i < n; i++) {
		float s = 0;
#pragma acc loop vector reduction(+:s)
		for (int j = 0; j < n; j++)
			s += a[j];
		a[i] = s;
	}
}

#pragma acc routine seq
void calls_vector(float *a, int n)
{
	vrow(a, n);
}

void f(int n, float *a)
{
	float tmp[8];
	int v = 0, x = 0;
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		fflush(stdout);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = helper(i);
#pragma acc parallel loop gang copy(a[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc loop vector
		for (int j = 0; j < n; j++)
			vrow(&a[j], 1);
	}
#pragma acc parallel loop copy(a[0:n]) private(tmp)
	for (int i = 0; i < n; i++)
		vrow(tmp, 8);
#pragma acc parallel copy(v, x) copyout(a[0:n])
	{
#pragma acc loop gang worker
		for (int i = 0; i < n; i++) {
#pragma acc atomic capture
			v = x++;
#pragma acc loop vector
			for (int j = 0; j < n; j++)
				a[j] = v;
		}
	}
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = fact(i);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = uses_global(i);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		calls_vector(a, n);
#pragma acc parallel loop gang copy(a[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc loop worker
		for (int j = 0; j < n; j++)
			a[j] = vsum(a, n);
	}
#pragma acc parallel loop gang copy(a[0:n])
	for (int i = 0; i < n; i++)
		nested_reduction(a, n);
	unsigned bits = 7;
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = __builtin_ctz(bits++);
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = __builtin_popcount(1, 2);
}
