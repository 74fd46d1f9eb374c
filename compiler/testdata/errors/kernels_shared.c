/* variables a kernels construct declares and two of its kernels use: loop
 * counters are each kernel's own; a value that flows from one kernel to
 * another is reported */
void shared(float *a, int n)
{
#pragma acc kernels copy(a[0:n])
	{
		int i, k;
		for (i = 0; i < n; i++)
			a[i] = 1;
		k = 3;
		for (i = 0; i < n; i++)
			a[i] += k;
	}
}
