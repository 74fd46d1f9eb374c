/* routine parameters passed linearized, given what they cannot take: a
 * pointer to pointers given a plain pointer, rows given to a pointer
 * parameter, three levels of pointers, a plane of a 3-D VLA parameter
 * used as a pointer. */
#pragma acc routine seq
static float get(float **a, int i, int j)
{
	return a[i][j];
}

#pragma acc routine seq
static float first(const float *v)
{
	return v[0];
}

#pragma acc routine seq
static float deep(float ***a)
{
	return a[0][0][0];
}

#pragma acc routine seq
static float planefirst(int l, int n, int m, float a[l][n][m], int k)
{
	return first(a[k]);
}

#pragma acc routine seq
static float three(float ***a)
{
	return a[0][0][0] + deep(a);
}

void f(int n, int m, float **p, float *v, float (*w)[m], float *out)
{
#pragma acc data copyin(p[0:n][0:m], v[0:n * m], w[0:n][0:m]) copyout(out[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			out[i] = get((float **)v, i, 0);
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			out[i] = first(p);
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			out[i] = planefirst(1, n, m, w, i);
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			out[i] = three(0);
	}
}
