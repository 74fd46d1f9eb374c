/* A routine written twice, for device data and for a work-item's own
 * array (address-space variants): an error in its body is reported once. */
#pragma acc routine seq
int first_odd(const int *v, int n)
{
	long double x = 1;
	for (int k = 0; k < n; k++)
		if (v[k] % 2)
			return k + (int)x;
	return -1;
}

void f(int n, int *a, int *out)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(out[0:n])
	for (int i = 0; i < n; i++) {
		int own[2] = {i, i + 1};
		out[i] = first_odd(a, n) + first_odd(own, 2);
	}
}
