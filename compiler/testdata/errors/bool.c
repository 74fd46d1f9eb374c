/* _Bool data in device memory is uchar there: stores convert to 0 or 1
 * (cemit.go boolAssign); what that cannot cover is reported */
#include <stdbool.h>

void f(int n, bool *b, int *k)
{
#pragma acc parallel loop copy(b[0:n])
	for (int i = 0; i < n; i++) {
		bool t = b[i];
		t++; /* a local: OpenCL's bool */
		b[i]++;
	}
#pragma acc parallel loop copy(b[0:n], k[0:n])
	for (int i = 0; i < n; i++)
		b[k[i]++] |= i > 3;
}
