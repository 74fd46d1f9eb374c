/* Shared by the runtime's test programs: an "add v to a[0:n]" kernel and checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "accrt.h"

static const char inc_src[] =
	"#line 1 \"inc.c\"\n"
	"__kernel void inc(__global int *a_base, ulong a_off, int n, int v) {\n"
	"  __global int *a = (__global int *)((__global char *)a_base + a_off);\n"
	"  int i = get_global_id(0);\n"
	"  if (i < n) a[i] += v;\n"
	"}\n";

/* Add v to the n ints of device view d (through the kernel), on queue async. */
static inline void dev_inc_async(accrt_dev d, int n, int v, int async)
{
	accrt_kernel_t *k = accrt_kernel(accrt_program(inc_src, "inc.c"), "inc");
	size_t g[3], l[3] = {16, 1, 1};
	g[0] = accrt_round_up((size_t)n, 16);
	accrt_arg_dev(k, 0, d);
	accrt_arg(k, 2, sizeof n, &n);
	accrt_arg(k, 3, sizeof v, &v);
	accrt_launch(k, 1, g, l, async);
}

static inline void dev_inc(accrt_dev d, int n, int v)
{
	dev_inc_async(d, n, v, ACCRT_SYNC);
}

static int failures;

#define CHECK(cond)                                                                  \
	do {                                                                         \
		if (!(cond)) {                                                       \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);       \
			failures++;                                                  \
		}                                                                    \
	} while (0)

/* 1 when a[lo:hi) == base + i + add for each i */
static inline int all_eq(const int *a, int lo, int hi, int add)
{
	int i;
	for (i = lo; i < hi; i++)
		if (a[i] != i + add)
			return 0;
	return 1;
}

static inline unsigned long sref(const void *h)
{
	unsigned long s = 99, d = 99;
	return accrt_present_counts(h, &s, &d) ? s : 1000;
}

static inline unsigned long dref(const void *h)
{
	unsigned long s = 99, d = 99;
	return accrt_present_counts(h, &s, &d) ? d : 1000;
}

static inline int finish(const char *name)
{
	printf("%s: %s (%d failures)\n", name, failures ? "FAIL" : "ok", failures);
	return failures != 0;
}
