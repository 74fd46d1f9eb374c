/* Vector add through accrt_enter/accrt_exit, as hostgen would emit it for
 *   #pragma acc parallel loop copyin(a[0:n], b[0:n]) copyout(c[0:n]) */
#include <stdio.h>
#include <stdlib.h>
#include "accrt.h"

static const char src[] =
	"#line 1 \"vadd.c\"\n"
	"__kernel void vadd(__global float *a_base, ulong a_off, __global float *b_base, ulong b_off,\n"
	"                   __global float *c_base, ulong c_off, int n) {\n"
	"  __global float *a = (__global float *)((__global char *)a_base + a_off);\n"
	"  __global float *b = (__global float *)((__global char *)b_base + b_off);\n"
	"  __global float *c = (__global float *)((__global char *)c_base + c_off);\n"
	"  int i = get_global_id(0);\n"
	"  if (i < n) c[i] = a[i] + b[i];\n"
	"}\n";

int main(void)
{
	int n = 1000, i, bad = 0;
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	for (i = 0; i < n; i++) {
		a[i] = (float)i;
		b[i] = 2.0f * (float)i;
		c[i] = -1.0f;
	}
	{
		accrt_dev da = accrt_enter(ACCRT_COPYIN, a, n * sizeof *a, 0, "a", "vadd.c:20");
		accrt_dev db = accrt_enter(ACCRT_COPYIN, b, n * sizeof *b, 0, "b", "vadd.c:20");
		accrt_dev dc = accrt_enter(ACCRT_COPYOUT, c, n * sizeof *c, 0, "c", "vadd.c:20");
		accrt_kernel_t *k = accrt_kernel(accrt_program(src, "vadd.c"), "vadd");
		size_t wg = accrt_kernel_preferred_multiple(k);
		size_t g[3], l[3];
		if (accrt_kernel_work_group_size(k) < 1 || wg < 1)
			bad++;
		if (wg == 0 || wg > 64)
			wg = 64;
		g[0] = accrt_round_up((size_t)n, wg);
		l[0] = wg;
		accrt_arg_dev(k, 0, da);
		accrt_arg_dev(k, 2, db);
		accrt_arg_dev(k, 4, dc);
		accrt_arg(k, 6, sizeof n, &n);
		accrt_launch(k, 1, g, l, ACCRT_SYNC);
		if (c[0] != -1.0f)
			bad++; /* copyout happens at exit, not before */
		accrt_exit(ACCRT_COPYOUT, c, n * sizeof *c, 0, "c", "vadd.c:20");
		accrt_exit(ACCRT_COPYIN, b, n * sizeof *b, 0, "b", "vadd.c:20");
		accrt_exit(ACCRT_COPYIN, a, n * sizeof *a, 0, "a", "vadd.c:20");
	}
	for (i = 0; i < n; i++)
		if (c[i] != 3.0f * (float)i)
			bad++;
	if (accrt_present_counts(a, NULL, NULL) || accrt_present_counts(c, NULL, NULL))
		bad++;
	printf("vadd: %s (%d bad)\n", bad ? "FAIL" : "ok", bad);
	return bad != 0;
}
