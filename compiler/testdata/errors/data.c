/* declare, host_data and device_type forms the compiler reports */
#include <stdlib.h>

int g[8];
#pragma acc declare copy(g)
float *gp;
#pragma acc declare create(gp)
int h[4];

void f(int n, float *a)
{
	int x[16], y;
	static int s[4];
	float *p = a;
#pragma acc declare create(x[0:8])
#pragma acc declare copyin(p)
#pragma acc declare create(h)
#pragma acc declare copy(s)
	{
		int z[4];
#pragma acc declare link(z)
	}
	if (n > 2)
		goto out;
#pragma acc host_data use_device(y)
	{
		y = 1;
	}
#pragma acc data copy(a[0:n])
#pragma acc host_data use_device(a)
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			a[i] = 0;
	}
#pragma acc parallel loop device_type(mystery) num_gangs(4) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 0;
#pragma acc parallel loop copy(a[0:n]) device_type(nvidia) gang vector
	for (int i = 0; i < n; i++)
		a[i] = 1;
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
#pragma acc loop device_type(nvidia) vector
		for (int j = 0; j < n; j++)
			a[j] = 2;
	}
out:
	return;
}

/* two data clauses on the same variable: merged when they name the same
 * data and copy it, not when they name different sections or present */
void pairs(int n, float *a)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(a[0:n / 2])
	for (int i = 0; i < n; i++)
		a[i] += 1;
#pragma acc parallel loop present(a[0:n]) copyout(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] += 1;
#pragma acc parallel loop copyin(a[0:n]) copyout(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] += 1;
}
