/* what a kernel body cannot do: break out of a parallel loop, call user functions */
int f(int n, float *a);

int g(int n, float *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++) {
		if (a[i] > 5)
			break;
		a[i] = f(n, a);
	}
	return 0;
}
