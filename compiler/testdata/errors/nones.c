/* default(none) without a clause, a reduction on a char, collapse deeper than the nest */
int g(int n, float *a)
{
	char c = 0;
	float s = 0;
#pragma acc parallel loop default(none) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = s;
#pragma acc parallel loop reduction(+:c) copyin(a[0:n])
	for (int i = 0; i < n; i++)
		c += a[i] > 0;
#pragma acc parallel loop collapse(2) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 0;
	return c;
}
