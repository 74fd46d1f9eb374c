/* List modifiers on data clauses that do not take them: zero: is for copyout
 * and create, readonly: for copyin. */
void f(int n, float *a, float *b, float *c)
{
#pragma acc parallel loop copyin(zero: a[0:n]) present(zero: b[0:n])
	for (int i = 0; i < n; i++)
		b[i] = a[i];
#pragma acc data copyout(readonly: c[0:n])
	{
	}
#pragma acc parallel loop copyin(readonly: a[0:n]) copyout(zero: c[0:n])
	for (int i = 0; i < n; i++)
		c[i] = a[i];
}
