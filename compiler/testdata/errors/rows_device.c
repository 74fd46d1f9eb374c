/* a row of a pointer to pointers used as a pointer on the device */
void f(int n, int m, double **A)
{
#pragma acc parallel loop copy(A[0:n][0:m])
	for (int i = 0; i < n; i++) {
		double *row = A[i];
		row[0] = 3;
	}
}
