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
	"github.com/accls/accls/device"
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

// TestTranslateTime1k measures, for the two generated programs of about
// 1000 lines (stress: gen1k, 185 compute constructs; realistic:
// realistic1k, 45), `translate` (in process), the host build alone (cc,
// ACCLS_NO_KERNEL_PREBUILD=1) and the whole build with the kernels built
// for the device (kernelprebuild.go) with an empty PoCL kernel cache (its
// own POCL_CACHE_DIR, ACCLS_DEVICE=cpu); "translates and builds" is
// translate + that build. With ACCLS_TIME_COLD_RUN=1 it also times the
// first run (the program build then comes from PoCL's cache; PoCL still
// compiles each kernel at its first launch: half a minute for gen1k on 2
// cores). It logs the times (go test -v); it fails only when a step fails
// or the prebuild left PoCL's cache empty, not on time (the shared test
// machines are too noisy for a time limit). ACCLS_GEN1K_OUT and
// ACCLS_REAL1K_OUT keep the programs (bench/ttime.sh).
func TestTranslateTime1k(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	cc, err := findCC()
	if err != nil {
		t.Skip("no C compiler")
	}
	if why := openCLMissing(cc, t.TempDir()); why != "" {
		t.Skip(why)
	}
	for _, prog := range []struct{ name, src, keep string }{
		{"gen1k", gen1k(1000), "ACCLS_GEN1K_OUT"},
		{"real1k", realistic1k(1000), "ACCLS_REAL1K_OUT"},
	} {
		t.Run(prog.name, func(t *testing.T) {
			if out := os.Getenv(prog.keep); out != "" {
				// keep the program, to measure elsewhere (bench/README.md)
				if err := os.WriteFile(out, []byte(prog.src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			timeTranslateBuild(t, prog.name, prog.src)
		})
	}
}

func timeTranslateBuild(t *testing.T, name, src string) {
	dir := t.TempDir()
	path := filepath.Join(dir, name+".c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pocl := filepath.Join(dir, "pocl-cache")
	if err := os.Mkdir(pocl, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("POCL_CACHE_DIR", pocl)
	t.Setenv("ACCLS_DEVICE", "cpu")
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
	exe := filepath.Join(dir, name)
	build := func(prebuild bool) time.Duration {
		t.Helper()
		if prebuild {
			t.Setenv("ACCLS_NO_KERNEL_PREBUILD", "")
		} else {
			t.Setenv("ACCLS_NO_KERNEL_PREBUILD", "1")
		}
		t1 := time.Now()
		if err := compiler.Build(context.Background(), files, exe, dir, opts); err != nil {
			t.Fatalf("build: %v", err)
		}
		return time.Since(t1)
	}
	tCC := build(false)
	if n := countFiles(pocl); n != 0 {
		t.Fatalf("ACCLS_NO_KERNEL_PREBUILD=1, but PoCL's cache has %d files after the build", n)
	}
	tBuild := build(true)
	if !poclDevice() {
		t.Logf("ACCLS_DEVICE=cpu is not PoCL: the kernel cache is not checked")
	} else if countFiles(pocl) == 0 {
		t.Fatalf("the kernel prebuild left PoCL's cache (%s) empty", pocl)
	}
	head := fmt.Sprintf("%s: %d lines, %d kernels: translate %v, host cc+link %v, build with kernels (empty PoCL cache) %v: translate+build %v",
		name, strings.Count(src, "\n"), len(res.Program.Kernels), tTranslate.Round(time.Millisecond), tCC.Round(time.Millisecond),
		tBuild.Round(time.Millisecond), (tTranslate + tBuild).Round(time.Millisecond))
	if !envOn("ACCLS_TIME_COLD_RUN") {
		t.Log(head + " (ACCLS_TIME_COLD_RUN=1 also times the first run)")
		return
	}
	env := append(os.Environ(), "ACCLS_PROFILE="+filepath.Join(dir, "prof"))
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
	t.Logf("%s; first run %v (clBuildProgram %s ms, then PoCL compiles each kernel at its first launch)", head, tRun.Round(time.Millisecond), buildMs)
}

// countFiles counts the regular files under dir.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return nil
	})
	return n
}

// programs1k are the two generated 1000-line programs.
var programs1k = []struct {
	name string
	gen  func(int) string
}{{"gen1k", gen1k}, {"real1k", realistic1k}}

// BenchmarkTranslate1k: the translation of the generated 1000-line
// programs (C front end, passes, no build).
func BenchmarkTranslate1k(b *testing.B) {
	for _, p := range programs1k {
		b.Run(p.name, func(b *testing.B) {
			src := []byte(p.gen(1000))
			opts := options(nil)
			for i := 0; i < b.N; i++ {
				if _, err := compiler.Translate(context.Background(), p.name+".c", src, opts, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBuild1k: the build of the translated programs, host only
// (ACCLS_NO_KERNEL_PREBUILD=1: cc -O2 -c and the link with the cached
// runtime object), and with the kernels built for ACCLS_DEVICE=cpu into an
// empty PoCL cache each time (the kernel prebuild in parallel).
func BenchmarkBuild1k(b *testing.B) {
	cc, err := findCC()
	if err != nil {
		b.Skip("no C compiler")
	}
	if why := openCLMissing(cc, b.TempDir()); why != "" {
		b.Skip(why)
	}
	b.Setenv("ACCLS_DEVICE", "cpu")
	for _, p := range programs1k {
		dir := b.TempDir()
		src := p.gen(1000)
		path := filepath.Join(dir, p.name+".c")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		opts := options(nil)
		res, err := compiler.Translate(context.Background(), path, []byte(src), opts, "")
		if err != nil {
			b.Fatal(err)
		}
		files, err := compiler.WriteFiles(res, filepath.Join(dir, "out"))
		if err != nil {
			b.Fatal(err)
		}
		exe := filepath.Join(dir, p.name)
		for _, mode := range []struct{ name, noPrebuild string }{{"host", "1"}, {"kernels", ""}} {
			b.Run(p.name+"/"+mode.name, func(b *testing.B) {
				b.Setenv("ACCLS_NO_KERNEL_PREBUILD", mode.noPrebuild)
				for i := 0; i < b.N; i++ {
					b.Setenv("POCL_CACHE_DIR", b.TempDir())
					if err := compiler.Build(context.Background(), files, exe, dir, opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// poclDevice reports whether ACCLS_DEVICE selects a PoCL device (whose
// kernel cache the prebuild fills).
func poclDevice() bool {
	l, err := device.List()
	if err != nil {
		return false
	}
	i := device.Select(l.Devices, os.Getenv("ACCLS_DEVICE"))
	return i >= 0 && strings.Contains(l.Devices[i].Platform, "Portable Computing Language")
}

// BenchmarkTranslateWithOthers: main.c of cmd/accls/testdata/routines,
// whose kernels call routines of ops.c, translated alone (the calls are
// errors) and with the program's other files (ops.c parsed for them: what a
// file of several costs).
func BenchmarkTranslateWithOthers(b *testing.B) {
	dir := filepath.Join("..", "cmd", "accls", "testdata", "routines")
	var srcs []compiler.Source
	for _, name := range []string{"main.c", "ops.c", "grid.c"} {
		text, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, compiler.Source{Path: filepath.Join(dir, name), Text: text})
	}
	for _, run := range []struct {
		name string
		with bool
	}{{"alone", false}, {"with-others", true}} {
		with := run.with
		b.Run(run.name, func(b *testing.B) {
			opts := options(nil)
			if with {
				opts.Others = srcs[1:]
			}
			for i := 0; i < b.N; i++ {
				_, err := compiler.Translate(context.Background(), srcs[0].Path, srcs[0].Text, opts, "")
				if with != (err == nil) {
					b.Fatalf("with others %v: %v", with, err)
				}
			}
		})
	}
}
