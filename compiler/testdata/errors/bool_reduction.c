/* reductions on _Bool: scalars reduce as uchar with && or || (ctypes.go
 * boolRedOp); arrays of _Bool are reported */
#include <stdbool.h>

void f(int n)
{
	bool flags[4] = {false};
#pragma acc parallel loop reduction(||:flags)
	for (int i = 0; i < n; i++)
		flags[i % 4] = flags[i % 4] || i > 3;
}
