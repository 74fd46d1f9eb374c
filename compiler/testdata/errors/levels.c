/* loop levels nested in the wrong order */
int f(int n, float *a)
{
#pragma acc parallel loop vector copy(a[0:n*n])
	for (int i = 0; i < n; i++) {
#pragma acc loop vector
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
#pragma acc parallel loop worker copy(a[0:n*n])
	for (int i = 0; i < n; i++) {
#pragma acc loop gang
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
#pragma acc parallel copy(a[0:n*n])
	{
#pragma acc loop
	for (int i = 0; i < n; i++) {
#pragma acc loop gang
		for (int j = 0; j < n; j++)
			a[i * n + j] = 0;
	}
	}
	return 0;
}

