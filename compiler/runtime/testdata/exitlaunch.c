/* A program whose last launch nothing waits for (a loop of no iterations
 * whose data needs no copy back), as hostgen emits it for
 *   #pragma acc parallel loop copy(a[0:n])   with n == 0
 * and that then returns from main. On PoCL the launch compiles the kernel
 * in a thread of PoCL's own; the program's exit handlers must not run while
 * it does (the compile crashed in LLVM's destroyed statics:
 * TestExitDuringCompile runs this with an empty PoCL cache). The source
 * differs from the other tests' (a constant of its own), so no earlier
 * test has compiled it. */
#include <stdio.h>
#include "accrt.h"

static const char src[] =
	"#line 1 \"exitlaunch.c\"\n"
	"__kernel void touch(__global float *a_base, ulong a_off, int n) {\n"
	"  __global float *a = (__global float *)((__global char *)a_base + a_off);\n"
	"  int i = get_global_id(0);\n"
	"  if (i < n) a[i] = 271828.0f + i;\n"
	"}\n";

int main(void)
{
	float a[4] = {0};
	int n = 0;
	accrt_dev da = accrt_enter(ACCRT_COPY, a, (size_t)n * sizeof *a, 0, "a", "exitlaunch.c:20");
	accrt_kernel_t *k = accrt_kernel(accrt_program(src, "exitlaunch.c"), "touch");
	size_t g[1] = {64}, l[1] = {64};
	accrt_arg_dev(k, 0, da);
	accrt_arg(k, 2, sizeof n, &n);
	accrt_launch(k, 1, g, l, ACCRT_SYNC);
	accrt_exit(ACCRT_COPY, a, (size_t)n * sizeof *a, 0, "a", "exitlaunch.c:20");
	printf("exitlaunch: ok\n");
	return 0;
}
