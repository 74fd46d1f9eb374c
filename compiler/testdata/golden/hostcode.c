/* --host-code: each compute construct keeps its own code for the host as
 * the device (accrt_on_host); a construct with an if clause keeps it either
 * way, tested with the clause. */
// accls-flags: --host-code
void scale(int n, float *a, float s, int big)
{
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] *= s;
#pragma acc parallel loop copy(a[0:n]) if(big)
	for (int i = 0; i < n; i++)
		a[i] += 1;
}
