//go:build unix

package compiler_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/accls/accls/compiler"
)

// gen1k writes an OpenACC program of about lines lines: functions of a few
// compute constructs each (parallel loop, collapse, kernels, reduction,
// data region), and a main that calls them and checks a sum.
func gen1k(lines int) string {
	var b strings.Builder
	b.WriteString("/* generated: many compute constructs, for the translation time */\n#include <stdio.h>\n#include <stdlib.h>\n\n")
	nf := 0
	for n := 4; n < lines-20; n += 27 {
		fmt.Fprintf(&b, `static double f%[1]d(int n, float *restrict a, float *restrict b)
{
	double s = 0.0;
#pragma acc data copy(a[0:n]) copyin(b[0:n])
	{
#pragma acc parallel loop
		for (int i = 0; i < n; i++)
			a[i] = a[i] * 0.5f + b[i] + %[1]d.0f;
#pragma acc parallel loop collapse(2)
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < n / 4; j++)
				a[i * (n / 4) + j] += (float)(i + j %% 3);
#pragma acc kernels
		for (int i = 1; i < n; i++)
			b[i] = b[i] + 1.0f;
#pragma acc parallel loop reduction(+:s)
		for (int i = 0; i < n; i++)
			s += a[i];
	}
#pragma acc parallel loop gang vector num_gangs(4) vector_length(32) copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = a[i] - 1.0f;
	return s;
}

`, nf)
		nf++
	}
	b.WriteString("int main(void)\n{\n\tint n = 1024;\n\tfloat *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);\n\tdouble t = 0;\n")
	for i := 0; i < nf; i++ {
		fmt.Fprintf(&b, "\tt += f%d(n, a, b);\n", i)
	}
	b.WriteString("\tprintf(\"%g\\n\", t);\n\tprintf(\"OK\\n\");\n\treturn 0;\n}\n")
	return b.String()
}

// TestTranslateTime1k measures, for a generated program of about 1000
// lines, `translate` (in process), the host build (cc) and, with
// ACCLS_TIME_COLD_RUN=1, the first run on PoCL with an empty kernel cache
// (the kernel builds: a minute or more for its 185 kernels). It logs the
// times (go test -v); it fails only when a step fails, not on time (the
// shared test machines are too noisy for a time limit).
func TestTranslateTime1k(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	cc, err := findCC()
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	if why := openCLMissing(cc, dir); why != "" {
		t.Skip(why)
	}
	src := gen1k(1000)
	if out := os.Getenv("ACCLS_GEN1K_OUT"); out != "" {
		// keep the program, to measure elsewhere (bench/README.md)
		if err := os.WriteFile(out, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "gen1k.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := options(t)
	t0 := time.Now()
	res, err := compiler.Translate(context.Background(), path, []byte(src), opts, "")
	if err != nil {
		t.Fatalf("translate: %v", err)
	}
	tTranslate := time.Since(t0)
	files, err := compiler.WriteFiles(res, filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "gen1k")
	t1 := time.Now()
	if err := compiler.Build(context.Background(), files, exe, dir, opts); err != nil {
		t.Fatalf("build: %v", err)
	}
	tBuild := time.Since(t1)
	if !envOn("ACCLS_TIME_COLD_RUN") {
		t.Logf("%d lines, %d kernels: translate %v, cc %v (ACCLS_TIME_COLD_RUN=1 also times the first run on PoCL with an empty kernel cache: a minute or more)",
			strings.Count(src, "\n"), len(res.Program.Kernels), tTranslate.Round(time.Millisecond), tBuild.Round(time.Millisecond))
		return
	}
	env := append(os.Environ(), "ACCLS_DEVICE=cpu", "POCL_CACHE_DIR="+filepath.Join(dir, "pocl-cache"), "ACCLS_PROFILE="+filepath.Join(dir, "prof"))
	t2 := time.Now()
	r := runLimited(5*time.Minute, dir, env, exe)
	tRun := time.Since(t2)
	if r.code != 0 || !strings.HasSuffix(r.stdout, "OK\n") {
		t.Fatalf("run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	prof, _ := os.ReadFile(filepath.Join(dir, "prof"))
	buildMs := ""
	for _, l := range strings.Split(string(prof), "\n") {
		if f := strings.Fields(l); len(f) >= 4 && f[0] == "program" && f[1] == "builds" {
			buildMs = f[3]
		}
	}
	t.Logf("%d lines, %d kernels: translate %v, cc %v, first run %v (kernel build %s ms, empty PoCL cache); total %v",
		strings.Count(src, "\n"), len(res.Program.Kernels), tTranslate.Round(time.Millisecond), tBuild.Round(time.Millisecond),
		tRun.Round(time.Millisecond), buildMs, (tTranslate + tBuild + tRun).Round(time.Millisecond))
}

// BenchmarkTranslate1k: the translation of the generated 1000-line program
// (C front end, passes, no build).
func BenchmarkTranslate1k(b *testing.B) {
	src := []byte(gen1k(1000))
	opts := options(nil)
	for i := 0; i < b.N; i++ {
		if _, err := compiler.Translate(context.Background(), "gen1k.c", src, opts, ""); err != nil {
			b.Fatal(err)
		}
	}
}
