/* the row pointers of a pointer to pointers changed on the device (a
 * row's address itself can be read: A[i]) */
void f(int n, int m, double **A)
{
#pragma acc parallel loop copy(A[0:n][0:m])
	for (int i = 0; i < n; i++) {
		double *row = A[i];
		row[0] = 3;
		A[i] = row + 1;
	}
}
