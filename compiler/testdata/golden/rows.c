/* Pointers to pointers: rows in a data construct (the compute construct
 * looks them up), a sub-section of rows and columns on the construct,
 * update of one row, an array of pointers, and a time loop whose two
 * constructs share one implicit data region (transfers pass). */
void rows(int n, int m, double **A, double **B, float *R[4], int steps)
{
#pragma acc data copyin(A[0:n][0:m]) copyout(B[0:n][0:m])
	{
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				B[i][j] = A[i][j] + 1;
#pragma acc update self(B[1][0:m])
	}
#pragma acc parallel loop copy(A[1:n-2][2:m-4])
	for (int i = 1; i < n - 1; i++)
		for (int j = 2; j < m - 2; j++)
			A[i][j] *= 2;
#pragma acc parallel loop copy(R[0:4][0:m])
	for (int i = 0; i < 4; i++)
		R[i][0] += R[i][1];
	for (int t = 0; t < steps; t++) {
#pragma acc parallel loop collapse(2) copyin(A[0:n][0:m]) copy(B[0:n][0:m])
		for (int i = 0; i < n; i++)
			for (int j = 0; j < m; j++)
				B[i][j] += A[i][j];
#pragma acc parallel loop copy(B[0:n][0:m])
		for (int i = 0; i < n; i++)
			B[i][0] = B[i][m - 1];
	}
}
