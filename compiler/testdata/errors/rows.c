/* pointers to pointers the compiler cannot map: the pointers without their
 * rows, three levels, rows without a length, one row; an array of pointers is
 * fine (rows_device.c: a row pointer used as a value on the device) */
void f(int n, int m, double **A, double ***T, float **P, int *idx[4])
{
#pragma acc parallel loop copy(A[0:n])
	for (int i = 0; i < n; i++)
		A[i][0] = 1;
#pragma acc data copyin(A[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			A[i][1] = 2;
	}
#pragma acc parallel loop copy(T[0:n][0:m][0:2])
	for (int i = 0; i < n; i++)
		T[i][0][0] = 1;
#pragma acc parallel loop copy(P[0:n][:])
	for (int i = 0; i < n; i++)
		P[i][0] = 1;
#pragma acc parallel loop copy(A[:][0:m])
	for (int i = 0; i < n; i++)
		A[i][0] = 1;
#pragma acc parallel loop copy(A[2][0:m])
	for (int i = 0; i < n; i++)
		A[2][i] = 1;
#pragma acc parallel loop copy(idx[0:4][0:m])
	for (int i = 0; i < 4; i++)
		idx[i][0] = i;
}
