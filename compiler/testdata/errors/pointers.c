/* pointers declared in compute constructs: what OpenCL address spaces
 * cannot express */
void spaces(int n, double *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		double t[4];
		double *p = t;
		if (i > 2)
			p = &a[i];
		p[0] = 1;
	}
}

void declarators(int n, double *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		double t[2] = {0, 0};
		for (double *p = &a[i], *q = t; p < &a[i] + 1; p++)
			*p = q[0];
	}
}

void vla_as_pointer(int n, int m, double (*A)[m])
{
#pragma acc parallel loop copy(A[0:n])
	for (int i = 0; i < n; i++) {
		double *q = (double *)(A + i);
		q[0] = 1;
	}
}

void pointer_to_pointer(int n, double *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		double *p = &a[i];
		double **pp = &p;
		**pp = 2;
	}
}
