/* Reduction readback: accrt_reduce for every operator and type, accrt_identity,
 * and a real work-group tree reduction in a kernel. */
#include <stdint.h>
#include "common.h"

#define COUNT 20

/* Write vals into a fresh partials buffer as a kernel would. */
static cl_mem partials_of(const void *vals, size_t count, accrt_type t)
{
	cl_mem p = accrt_partials(count, t);
	cl_int err = clEnqueueWriteBuffer(accrt_queue(ACCRT_SYNC), p, CL_TRUE, 0, count * accrt_type_size(t), vals,
	                                  0, NULL, NULL);
	CHECK(err == CL_SUCCESS);
	return p;
}

/* Test values per operator: small, exactly representable, no overflow. */
static long long val(accrt_op op, int i, int is_unsigned, int variant)
{
	switch (op) {
	case ACCRT_ADD: return is_unsigned ? i * 3 : i - 7;
	case ACCRT_MUL: return i % 5 == 0 ? 2 : (i % 3 == 0 && !is_unsigned ? -1 : 1);
	case ACCRT_MAX:
	case ACCRT_MIN: return is_unsigned ? (i * 7) % 20 + 4 : (i * 7) % 20 - 9;
	case ACCRT_BAND: return 0x7fff ^ (1 << (i % 6));
	case ACCRT_BOR:
	case ACCRT_BXOR: return 1 << (i % 10);
	case ACCRT_LAND: return variant && i == 13 ? 0 : i + 1;
	case ACCRT_LOR: return variant && i == 13 ? 5 : 0;
	}
	return 0;
}

#define TEST_TYPE(T, TT, UNS, FLT)                                                                 \
	do {                                                                                       \
		accrt_op op;                                                                       \
		int variant;                                                                       \
		for (op = ACCRT_ADD; op <= ACCRT_LOR; op++)                                        \
			for (variant = 0; variant < 2; variant++) {                                \
				T vals[COUNT], got, want, init;                                    \
				int i;                                                             \
				if (FLT && (op == ACCRT_BAND || op == ACCRT_BOR || op == ACCRT_BXOR)) \
					continue;                                                  \
				init = (T)(variant ? 3 : (op == ACCRT_LAND ? 1 : 0));               \
				if (op == ACCRT_MAX && variant) init = (T)50;                       \
				if (op == ACCRT_MIN && variant) init = (T)1;                        \
				if (op == ACCRT_BAND) init = (T)(variant ? 0x7ff0 : 0x7fff);        \
				for (i = 0; i < COUNT; i++)                                        \
					vals[i] = (T)val(op, i, UNS, variant);                     \
				want = init;                                                       \
				for (i = 0; i < COUNT; i++)                                        \
					want = (T)ref_##TT(op, want, vals[i]);                     \
				got = init;                                                        \
				accrt_reduce(partials_of(vals, COUNT, TT), COUNT, TT, op, &got,    \
				             "x", "reduce.c:1");                                  \
				if (got != want) {                                                 \
					printf("FAIL %s op %d variant %d: got %.17g want %.17g\n", #TT, \
					       (int)op, variant, (double)got, (double)want);      \
					failures++;                                                \
				}                                                                  \
				ntests++;                                                          \
			}                                                                          \
	} while (0)

/* Independent reference combines (in wide types). */
static long long ref_i(accrt_op op, long long a, long long b)
{
	switch (op) {
	case ACCRT_ADD: return a + b;
	case ACCRT_MUL: return a * b;
	case ACCRT_MAX: return a > b ? a : b;
	case ACCRT_MIN: return a < b ? a : b;
	case ACCRT_BAND: return a & b;
	case ACCRT_BOR: return a | b;
	case ACCRT_BXOR: return a ^ b;
	case ACCRT_LAND: return a && b;
	case ACCRT_LOR: return a || b;
	}
	return 0;
}
static double ref_f(accrt_op op, double a, double b)
{
	switch (op) {
	case ACCRT_ADD: return a + b;
	case ACCRT_MUL: return a * b;
	case ACCRT_MAX: return a > b ? a : b;
	case ACCRT_MIN: return a < b ? a : b;
	case ACCRT_LAND: return a != 0 && b != 0;
	case ACCRT_LOR: return a != 0 || b != 0;
	default: return 0;
	}
}
#define ref_ACCRT_INT ref_i
#define ref_ACCRT_UINT ref_i
#define ref_ACCRT_LONG ref_i
#define ref_ACCRT_ULONG ref_i
#define ref_ACCRT_FLOAT ref_f
#define ref_ACCRT_DOUBLE ref_f

static const char sum_src[] =
	"#line 1 \"sum.c\"\n"
	"__kernel void sum(__global const float *x_base, ulong x_off, int n, __local float *scratch,\n"
	"                  __global float *partials) {\n"
	"  __global const float *x = (__global const float *)((__global const char *)x_base + x_off);\n"
	"  int lid = get_local_id(0), ls = get_local_size(0);\n"
	"  float acc = 0.0f;\n"
	"  for (int i = get_global_id(0); i < n; i += get_global_size(0)) acc += x[i];\n"
	"  scratch[lid] = acc;\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  for (int s = ls / 2; s > 0; s >>= 1) {\n"
	"    if (lid < s) scratch[lid] += scratch[lid + s];\n"
	"    barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  }\n"
	"  if (lid == 0) partials[get_group_id(0)] = scratch[0];\n"
	"}\n";

int main(int argc, char **argv)
{
	int ntests = 0;
	if (argc > 1 && strcmp(argv[1], "float-bitand") == 0) {
		float f = 0;
		accrt_reduce(accrt_partials(4, ACCRT_FLOAT), 4, ACCRT_FLOAT, ACCRT_BAND, &f, "f", "reduce.c:77");
		return 0;
	}
	TEST_TYPE(int32_t, ACCRT_INT, 0, 0);
	TEST_TYPE(uint32_t, ACCRT_UINT, 1, 0);
	TEST_TYPE(int64_t, ACCRT_LONG, 0, 0);
	TEST_TYPE(uint64_t, ACCRT_ULONG, 1, 0);
	TEST_TYPE(float, ACCRT_FLOAT, 0, 1);
	TEST_TYPE(double, ACCRT_DOUBLE, 0, 1);

	/* wrap-around, not UB: int + and * overflow */
	{
		int32_t v[2] = {INT32_MAX, 1}, r = 0;
		accrt_reduce(partials_of(v, 2, ACCRT_INT), 2, ACCRT_INT, ACCRT_ADD, &r, "r", "reduce.c:2");
		CHECK(r == INT32_MIN);
	}
	/* identities */
	{
		int32_t i;
		uint32_t u;
		int64_t l;
		uint64_t ul;
		float f;
		double d;
		accrt_identity(ACCRT_INT, ACCRT_MAX, &i);
		CHECK(i == INT32_MIN);
		accrt_identity(ACCRT_INT, ACCRT_MIN, &i);
		CHECK(i == INT32_MAX);
		accrt_identity(ACCRT_INT, ACCRT_BAND, &i);
		CHECK(i == -1);
		accrt_identity(ACCRT_UINT, ACCRT_MIN, &u);
		CHECK(u == UINT32_MAX);
		accrt_identity(ACCRT_LONG, ACCRT_MUL, &l);
		CHECK(l == 1);
		accrt_identity(ACCRT_ULONG, ACCRT_BOR, &ul);
		CHECK(ul == 0);
		accrt_identity(ACCRT_FLOAT, ACCRT_MAX, &f);
		CHECK(f < -1e38f);
		accrt_identity(ACCRT_DOUBLE, ACCRT_MIN, &d);
		CHECK(d > 1e308);
		accrt_identity(ACCRT_DOUBLE, ACCRT_LAND, &d);
		CHECK(d == 1.0);
		accrt_identity(ACCRT_INT, ACCRT_LOR, &i);
		CHECK(i == 0);
	}
	/* a real reduction: sum of 0..n-1 over 8 work-groups of 64 */
	{
		enum { n = 10000 };
		static float x[n];
		float total = 0.5f; /* the original value takes part */
		size_t g[3] = {512, 1, 1}, l[3] = {64, 1, 1};
		int i;
		accrt_dev dx;
		accrt_kernel_t *k;
		cl_mem p;
		for (i = 0; i < n; i++)
			x[i] = (float)(i % 100);
		dx = accrt_enter(ACCRT_COPYIN, x, sizeof x, 0, "x", "reduce.c:150");
		k = accrt_kernel(accrt_program(sum_src, "sum.c"), "sum");
		p = accrt_partials(g[0] / l[0], ACCRT_FLOAT);
		accrt_arg_dev(k, 0, dx);
		accrt_arg(k, 2, sizeof(int), &(int){n});
		accrt_arg_local(k, 3, l[0] * sizeof(float));
		accrt_arg_mem(k, 4, p);
		accrt_launch(k, 1, g, l, ACCRT_SYNC);
		accrt_reduce(p, g[0] / l[0], ACCRT_FLOAT, ACCRT_ADD, &total, "total", "reduce.c:151");
		accrt_exit(ACCRT_COPYIN, x, sizeof x, 0, "x", "reduce.c:150");
		CHECK(total == 495000.5f);
		/* the pool hands the buffer out again */
		CHECK(accrt_partials(4, ACCRT_FLOAT) == p);
	}
	printf("reduce: %d operator/type cases\n", ntests);
	return finish("reduce");
}
