/* a gang-level reduction in a gang routine: the result after the loop
 * would need all gangs to wait for each other */
#pragma acc routine gang
float gsum(const float *a, int n)
{
	float s = 0;
#pragma acc loop gang reduction(+:s)
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}


void g(int n, float *a, float *out)
{
#pragma acc parallel num_gangs(4) copyin(a[0:n]) copyout(out[0:1])
	out[0] = gsum(a, n);
}
