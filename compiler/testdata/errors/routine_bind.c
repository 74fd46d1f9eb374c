/* routine bind that accls cannot follow: a string naming no function of
 * the program (a CUDA function, say), a string that is no C name, and a name with
 * nothing to compile. */
#pragma acc routine seq bind("__nv_fast_sum")
float fast_sum(const float *a, int n);

#pragma acc routine seq bind("sum.v2")
float dotted_sum(const float *a, int n);

#pragma acc routine seq bind(elsewhere)
float other_sum(const float *a, int n);

void f(int n, const float *a, float *out)
{
#pragma acc parallel loop copyin(a[0:n]) copyout(out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = fast_sum(a, i);
#pragma acc parallel loop copyin(a[0:n]) copyout(out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = other_sum(a, i);
#pragma acc parallel loop copyin(a[0:n]) copyout(out[0:n])
	for (int i = 0; i < n; i++)
		out[i] = dotted_sum(a, i);
}
