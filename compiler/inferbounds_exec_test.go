package compiler_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// inferredPatterns are loop nests over pointers without a data clause
// (compiler/inferbounds.go): p reads and q updates a grid of rows of ld
// elements, both pointing 10 rows and 10 columns into their allocations,
// so that negative subscripts are valid. rnd picks the offsets.
var inferredPatterns = []func(rnd *rand.Rand) string{
	func(rnd *rand.Rand) string { // 1-D with an offset
		return fmt.Sprintf("#pragma acc parallel loop\n  for (int i = 0; i < n; i++) q[i] += p[i + (%d)] * 2 + p[i];\n", rnd.IntN(7)-3)
	},
	func(rnd *rand.Rand) string { // 2-D linearized, neighbours
		off := func() string { return fmt.Sprintf("(i + (%d)) * ld + (j + (%d))", rnd.IntN(5)-2, rnd.IntN(5)-2) }
		return "#pragma acc parallel loop collapse(2)\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < m; j++)\n" +
			"      q[i * ld + j] += p[" + off() + "] - p[" + off() + "];\n"
	},
	func(rnd *rand.Rand) string { // an if narrowing the range
		return "#pragma acc kernels\n  for (int i = 0; i < n; i++)\n    if (i > 0 && i < n - 1) q[i * ld] += p[(i - 1) * ld] + p[(i + 1) * ld];\n"
	},
	func(rnd *rand.Rand) string { // a decreasing loop with a step
		return fmt.Sprintf("#pragma acc parallel loop\n  for (int i = n - 1; i >= 0; i -= %d) q[i + k] += p[i - k] * 3;\n", 1+rnd.IntN(3))
	},
	func(rnd *rand.Rand) string { // a triangular nest
		return "#pragma acc parallel loop\n  for (int i = 0; i < m; i++)\n    for (int j = i; j < m; j++)\n      q[i * ld + j] += p[j * ld + i];\n"
	},
	func(rnd *rand.Rand) string { // locals, division and remainder by a variable, a ternary
		return "#pragma acc parallel loop\n  for (int i = 0; i < n; i++) {\n    int r = i % m, c = i / m;\n" +
			"    q[c * ld + r] += p[r * ld + c] + (i % 3 == 0 ? p[-ld + r] : 0);\n  }\n"
	},
	func(rnd *rand.Rand) string { // bounds from a table the construct only reads (a domain's rows)
		return fmt.Sprintf("{\n  int lo[2] = {1, n / 3}, hi[2] = {n / 2, n - 1}, d = %d;\n#pragma acc parallel loop\n"+
			"  for (int i = lo[d]; i < hi[d]; i++) q[i * ld] += p[(i - 1) * ld] + p[(i + 1) * ld] + p[lo[1 - d]];\n}\n", rnd.IntN(2))
	},
	func(rnd *rand.Rand) string { // pointer arithmetic
		return fmt.Sprintf("#pragma acc parallel loop\n  for (int i = 0; i < n; i++) *(q + i * ld) += *(p + i - %d);\n", rnd.IntN(3))
	},
}

// TestInferredBoundsRandom runs random programs of inferredPatterns with
// accls (the sections copied for pointers without a clause) and with gcc:
// the outputs must be equal. An inferred section too small leaves an
// element behind (wrong output, or a fault); the seeds are fixed.
func TestInferredBoundsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("execution skipped in -short mode")
	}
	cc, work, accls := execSetup(t, os.Getenv("ACCLS_EXEC_BIN"))
	limit := execTimeout(t)
	for seed := uint64(1); seed <= 12; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 7))
		var b strings.Builder
		fmt.Fprintf(&b, "#include <stdio.h>\n#include <stdlib.h>\nint main(void)\n{\n  int n = %d, m = %d, k = %d;\n", []int{37, 64, 100}[rnd.IntN(3)], []int{5, 8, 13}[rnd.IntN(3)], rnd.IntN(4))
		b.WriteString("  int ld = m + 20;\n  double *base = malloc((size_t)(n + 20) * ld * sizeof(double)), *out = malloc((size_t)(n + 20) * ld * sizeof(double));\n")
		b.WriteString("  for (int i = 0; i < (n + 20) * ld; i++) { base[i] = (i * 7) % 13; out[i] = 0; }\n")
		b.WriteString("  double *p = base + 10 * ld + 10, *q = out + 10 * ld + 10;\n")
		for range 4 {
			b.WriteString(inferredPatterns[rnd.IntN(len(inferredPatterns))](rnd))
		}
		b.WriteString("  double s = 0;\n  for (int i = 0; i < (n + 20) * ld; i++) s += out[i] * (i % 11 + 1);\n  printf(\"%.1f\\n\", s);\n  return 0;\n}\n")
		src := filepath.Join(work, fmt.Sprintf("inferred%d.c", seed))
		if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		want := gccExpected(t, cc, work, execProgram{name: fmt.Sprintf("inferred%d", seed), path: src}, limit)
		r := runLimited(limit, work, append(os.Environ(), "ACCLS_DEVICE=cpu"), accls, "run", src)
		if r.err != nil || r.code != 0 || r.stdout != want {
			t.Errorf("seed %d: accls run: exit %d, %v\nstdout %q, want %q\n%s\nprogram:\n%s", seed, r.code, r.err, r.stdout, want, firstLines(r.stderr, 5), b.String())
		}
	}
}
