/* reductions the compiler rejects: two different sections, a struct member,
 * updates at two loop levels without a reduction clause on each loop (an
 * array and a scalar), a type without reductions; a gang-level
 * reduction on a variable private to the construct (its value after the
 * loop would need all gangs to wait for each other); a gang-private array
 * reduced by a worker loop and updated in a vector loop inside it without
 * its own reduction clause; an array reduction whose construct copies it
 * in only */
struct pt {
	int v[4];
};

void f(int n, int nb, int *h, float *a)
{
	long double cs[8];
	struct pt p;
#pragma acc parallel reduction(+:h[0:8]) copyin(a[0:n])
	{
#pragma acc loop gang reduction(+:h[0:4])
		for (int i = 0; i < n; i++)
			h[i % 4] += 1;
	}
#pragma acc parallel loop reduction(+:p.v) copyin(a[0:n])
	for (int i = 0; i < n; i++)
		p.v[i % 4] += 1;
	int s = 0;
#pragma acc parallel num_gangs(4) reduction(+:h[0:8]) copyin(a[0:n])
	{
#pragma acc loop gang
		for (int i = 0; i < n; i++) {
			h[0] += 1;
#pragma acc loop vector
			for (int j = 0; j < n; j++)
				h[j % 8] += 1;
		}
	}
#pragma acc parallel num_gangs(4) reduction(+:s) copy(s)
	{
		s += 1;
#pragma acc loop gang vector reduction(+:s)
		for (int i = 0; i < n; i++)
			s += i;
	}
#pragma acc parallel loop reduction(+:cs) copyin(a[0:n])
	for (int i = 0; i < n; i++)
		cs[i % 8] += 1;
}

void g(int n, float *a, float *out)
{
#pragma acc parallel num_gangs(4) copyin(a[0:n]) copyout(out[0:4])
	{
		float t = 0;
#pragma acc loop gang reduction(+:t)
		for (int i = 0; i < n; i++)
			t += a[i];
		out[0] = t;
	}
}

void h(int n, float *a, long *out)
{
#pragma acc parallel loop gang copyin(a[0:n]) copyout(out[0:n])
	for (int b = 0; b < n; b++) {
		long w[4];
		for (int k = 0; k < 4; k++)
			w[k] = 0;
#pragma acc loop worker reduction(+:w)
		for (int r = 0; r < 16; r++) {
#pragma acc loop vector
			for (int c = 0; c < 16; c++)
				w[c % 4] += (long)a[r * 16 + c];
		}
		out[b] = w[0] + w[3];
	}
}

void k(int n, float *a)
{
	int h[4] = {0};
#pragma acc parallel loop copyin(a[0:n]) copyin(h) reduction(+:h)
	for (int i = 0; i < n; i++)
		h[i % 4] += 1;
}
