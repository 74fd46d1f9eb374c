/* a device address the host computed, stored as an integer and made a
 * pointer again in device code: accls's device addresses are handles of
 * OpenCL buffers (the V&V host_data test of OpenACC 2.5); a null pointer
 * constant is fine */
#include <stddef.h>

void f(float *a, size_t *where, int n)
{
#pragma acc enter data copyin(a[0:n])
#pragma acc host_data use_device(a)
	{
		for (int x = 0; x < n; x++)
			where[x] = (size_t)a + x * sizeof(float);
	}
#pragma acc parallel loop copyin(where[0:n])
	for (int x = 0; x < n; x++) {
		float *p = (float *)0;
		if (where[x] != 0 && p == 0)
			*((float *)where[x]) -= 5;
	}
}
