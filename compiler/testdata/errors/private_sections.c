/* private copies of what a pointer points to that the compiler does not
 * make: on a seq loop (the unit that runs it is not known), and of a
 * section that is not tmp[lower:length]. A sub-array
 * of an array privatizes the array. */
void private_sections(float *tmp, float *out, int n, float **rows)
{
	float fixed[64];
#pragma acc parallel loop gang private(fixed[0:8]) firstprivate(tmp[0:n]) copyout(out[0:8])
	for (int g = 0; g < 8; g++) {
		fixed[g] = g;
		out[g] = tmp[g] + fixed[g];
	}
#pragma acc parallel loop gang copyout(out[0:8])
	for (int g = 0; g < 8; g++) {
#pragma acc loop seq private(tmp[0:4])
		for (int v = 0; v < 4; v++) {
			tmp[v] = v;
			out[g] = tmp[v];
		}
	}
#pragma acc parallel private(rows[1][0:n]) copyout(out[0:8])
	out[0] = 1;
}
