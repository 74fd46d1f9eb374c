/* A routine of another file that uses a 'declare link' global of its file:
 * the device copy comes from that file's data clauses. */
#pragma acc routine seq
float lookup(int i);

void f(int n, float *a)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = lookup(i);
}
