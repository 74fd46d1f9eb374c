/* variables a kernels construct declares and two of its kernels use: loop
 * counters are each kernel's own, scalars share one device copy (exec
 * kernels_shared_locals); an array that flows from one kernel to another is
 * reported */
void shared(float *a, int n)
{
#pragma acc kernels copy(a[0:n])
	{
		int i, k;
		float t[4];
		for (i = 0; i < 4; i++)
			t[i] = i;
		k = 3;
		for (i = 0; i < n; i++)
			a[i] += k + t[i % 4];
	}
}
