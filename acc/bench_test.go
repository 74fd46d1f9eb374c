package acc_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/accls/accls/acc"
)

// genC generates a C file of about the given number of lines: functions with
// loops, comments, string literals and preprocessor lines, and an OpenACC
// directive about every 20 lines.
func genC(lines int) []byte {
	var b bytes.Buffer
	n := 0
	w := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
		n++
	}
	w("#include <stdio.h>")
	w("#include <stdlib.h>")
	w("#define N_MAX 1024")
	w("")
	directives := []string{
		"#pragma acc parallel loop gang vector_length(128) copyin(a[0:n]) copyout(b[0:n])",
		"#pragma acc kernels loop independent present(a[0:n], b[0:n])",
		"#pragma acc parallel loop reduction(+:sum) copyin(x[0:n][0:m]) async(1)",
		"#pragma acc loop collapse(2) gang worker vector private(tmp)",
		"#pragma acc data copy(grid[0:nx*ny]) create(tmp[0:nx])",
		"#pragma acc update self(a[0:n]) if_present wait(1)",
		"#pragma acc parallel num_gangs((n + 255) / 256) num_workers(4) \\\n    default(present) firstprivate(alpha)",
	}
	for f := 0; n < lines; f++ {
		w("/* Function %d: computes something over the arrays.", f)
		w(" * It is documented at some length, like real code is. */")
		w("static double kernel_%d(int n, int m, const double *restrict a, double *restrict b)", f)
		w("{")
		w("    double sum = 0.0; // the running total")
		w("    int i, j;")
		w("    const char *name = \"kernel_%d: {n=%%d}\";", f)
		w("%s", directives[f%len(directives)])
		n++ // a continued directive counts one more line at most
		w("    for (i = 0; i < n; i++) {")
		w("        double t = a[i] * 2.0 + (double)i / (n + 1);")
		w("        if (t > 0.5 && i %% 3 == 0) {")
		w("            sum += t * t - b[i];")
		w("        } else {")
		w("            b[i] = t > 1.0 ? t : -t;")
		w("        }")
		w("    }")
		w("    if (sum < 0) printf(\"negative sum in %%s: %%f\\n\", name, sum);")
		w("    return sum + (double)m;")
		w("}")
		w("")
	}
	return b.Bytes()
}

func benchScan(b *testing.B, lines int) {
	text := genC(lines)
	if d := len(acc.Scan(text).Directives); d < lines/25 {
		b.Fatalf("only %d directives in %d lines", d, lines)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		acc.Scan(text)
	}
}

func BenchmarkScan10k(b *testing.B)  { benchScan(b, 10_000) }
func BenchmarkScan100k(b *testing.B) { benchScan(b, 100_000) }

// BenchmarkScanPlain measures the C-level skim alone: no directive at all.
func BenchmarkScanPlain(b *testing.B) {
	text := bytes.ReplaceAll(genC(10_000), []byte("#pragma acc"), []byte("// pragma ac"))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		acc.Scan(text)
	}
}
