/* private copies of what a pointer points to: an error, not an unset
 * pointer on every work-item; a sub-array of an array privatizes the array */
void private_sections(float *tmp, float *out, int n)
{
	float fixed[64];
#pragma acc parallel num_gangs(8) private(tmp[0:n]) copyout(out[0:8])
	{
#pragma acc loop gang
		for (int g = 0; g < 8; g++) {
			tmp[0] = g;
			out[g] = tmp[0];
		}
	}
#pragma acc parallel loop gang private(tmp[0:n], fixed[0:8]) firstprivate(out[0:8])
	for (int g = 0; g < 8; g++) {
		fixed[g] = g;
		tmp[g] = out[g] + fixed[g];
	}
}
