/* private copies of what a pointer points to: one per gang on a compute
 * construct or a gang loop; elsewhere an error, not an unset pointer on
 * every work-item. A sub-array of an array privatizes the array. */
void private_sections(float *tmp, float *out, int n)
{
	float fixed[64];
#pragma acc parallel loop gang vector private(tmp[0:n]) copyout(out[0:8])
	for (int g = 0; g < 8; g++) {
		tmp[0] = g;
		out[g] = tmp[0];
	}
#pragma acc parallel loop gang private(fixed[0:8]) firstprivate(tmp[0:n]) copyout(out[0:8])
	for (int g = 0; g < 8; g++) {
		fixed[g] = g;
		out[g] = tmp[g] + fixed[g];
	}
#pragma acc parallel copyout(out[0:8])
	{
#pragma acc loop gang
		for (int g = 0; g < 8; g++) {
#pragma acc loop vector private(tmp[0:4])
			for (int v = 0; v < 4; v++) {
				tmp[v] = v;
				out[g] = tmp[v];
			}
		}
	}
#pragma acc parallel private(tmp[1][0:n]) copyout(out[0:8])
	out[0] = 1;
}
