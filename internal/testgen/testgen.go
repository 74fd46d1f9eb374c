// Package testgen generates realistic OpenACC C programs of a given size for
// benchmarks and stress tests.
package testgen

import (
	"fmt"
	"strings"
)

// Program returns about `lines` lines of C with about `directives` OpenACC
// directives: functions with data regions, combined constructs with data
// clauses and reductions, loop nests and plain host code in between, in the
// proportions of real HPC code. A few directives carry mistakes so that the
// checks have something to report.
func Program(lines, directives int) []byte {
	var b strings.Builder
	b.Grow(lines * 40)
	b.WriteString("#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\n\n")
	// One block per function: ~4 directives in ~perBlock lines.
	blocks := max(directives/4, 1)
	perBlock := max(lines/blocks, 20)
	for f := 0; f < blocks; f++ {
		fmt.Fprintf(&b, "void kernel_%d(float *restrict a, float *restrict b, float *restrict c, int n, int m)\n{\n", f)
		b.WriteString("    float sum = 0.0f, err = 0.0f;\n")
		fmt.Fprintf(&b, "#pragma acc data copyin(a[0:n*m]) copy(b[0:n*m]) create(c[0:n*m])\n    {\n")
		fmt.Fprintf(&b, "#pragma acc parallel loop collapse(2) reduction(max:err) present(a[0:n*m], b[0:n*m])\n")
		b.WriteString("        for (int j = 1; j < n - 1; j++)\n            for (int i = 1; i < m - 1; i++) {\n")
		b.WriteString("                c[j*m + i] = 0.25f * (a[j*m + i+1] + a[j*m + i-1] + a[(j-1)*m + i] + a[(j+1)*m + i]);\n")
		b.WriteString("                err = fmaxf(err, fabsf(c[j*m + i] - b[j*m + i]));\n            }\n")
		if f%10 == 0 {
			b.WriteString("#pragma acc parallel loop gang vector_length(128) reduction(+:sum) pcopyin(a[0:n]) if(n > 1) if(n > 2)\n")
		} else {
			b.WriteString("#pragma acc parallel loop gang vector vector_length(128) reduction(+:sum) present(a[0:n])\n")
		}
		b.WriteString("        for (int i = 0; i < n; i++)\n            sum += a[i] * a[i];\n")
		b.WriteString("#pragma acc update self(b[0:n*m]) if(err > 0.0f)\n    }\n")
		// Host code to reach the requested density.
		for l := 18; l < perBlock; l += 3 {
			fmt.Fprintf(&b, "    /* host step %d */\n    if (sum > %d.0f)\n        printf(\"%%f %%d\\n\", sum, %d);\n", l, l, f)
		}
		b.WriteString("}\n\n")
	}
	return []byte(b.String())
}
