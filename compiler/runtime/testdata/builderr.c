/* A kernel build error: the build log names the user's lines (#line), lines not
 * covered by #line are named after the program, and the exit status is 2. */
#include "accrt.h"
#include <string.h>

static const char with_line[] =
	"#define TWO 2\n"
	"__kernel void pre(__global int *p) { p[0] = undeclared_a; }\n"
	"#line 40 \"user.c\"\n"
	"__kernel void k(__global int *p) {\n"
	"  int i = get_global_id(0);\n"
	"  p[i] = undeclared_b * TWO;\n"
	"}\n";

static const char without_line[] =
	"__kernel void k(__global int *p) {\n"
	"  int i = get_global_id(0);\n"
	"  p[i] = undeclared_c;\n"
	"}\n";

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "line";
	if (strcmp(mode, "nokernel") == 0) {
		accrt_kernel(accrt_program("__kernel void k(__global int *p) { p[0] = 1; }\n", "one.cl"), "nope");
		return 0;
	}
	accrt_program(strcmp(mode, "line") == 0 ? with_line : without_line, "bad.cl");
	return 0;
}
