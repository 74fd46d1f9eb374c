package compiler_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/accls/accls/compiler"
	"github.com/accls/accls/compiler/runtime"
	"github.com/accls/accls/internal/golden"
	"github.com/accls/accls/source/cfacts"
)

var (
	parserOnce sync.Once
	parser     *cfacts.Parser
	rtDir      string
)

// options shares one C front end (and its prelude cache) between the tests.
func options(t *testing.T) compiler.Options {
	parserOnce.Do(func() {
		dir, _, err := runtime.HeadersDir() // as the tools do: the preludes stay cached between runs
		if err != nil {
			panic(err)
		}
		rtDir = dir
		parser = cfacts.NewParser(cfacts.Options{IncludePaths: []string{dir}})
	})
	return compiler.Options{Parser: parser, RuntimeDir: rtDir}
}

func translate(t *testing.T, path string) (*compiler.Result, error) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The base name: generated code names the file as given.
	return compiler.Translate(context.Background(), filepath.Base(path), text, flagOptions(t, text, options(t)), "")
}

// TestGolden translates testdata/golden/*.c and compares the kernels, the
// host program and the IR dump with NAME.cl, NAME.host.c and NAME.ir.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.c")
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".host.c") {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			res, err := translate(t, f)
			if err != nil {
				t.Fatalf("translate: %v", err)
			}
			base := strings.TrimSuffix(f, ".c")
			golden.Check(t, base+".cl", []byte(res.CL))
			golden.Check(t, base+".host.c", []byte(res.Host))
			golden.Check(t, base+".ir", []byte(compiler.Dump(res, "ir")))
		})
	}
}

// TestErrors translates testdata/errors/*.c, which must fail, and compares
// the messages with NAME.err.
func TestErrors(t *testing.T) {
	files, _ := filepath.Glob("testdata/errors/*.c")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			_, err := translate(t, f)
			var list compiler.ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("want an ErrorList, got %v", err)
			}
			golden.Check(t, strings.TrimSuffix(f, ".c")+".err", []byte(list.Error()+"\n"))
		})
	}
}

// TestProgramErrors translates each file of the programs of several files
// in testdata/programs/NAME/ with the program's other files (device code
// calls routines they define) and compares what each translation reports
// with NAME.err: its errors, an error of another file's routine once.
func TestProgramErrors(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/programs/*")
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			paths, _ := filepath.Glob(filepath.Join(dir, "*.c"))
			var srcs []compiler.Source
			for _, p := range paths {
				text, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				srcs = append(srcs, compiler.Source{Path: filepath.Base(p), Text: text})
			}
			var out strings.Builder
			seen := map[string]bool{}
			for i, src := range srcs {
				opts := options(t)
				opts.Others = append(append([]compiler.Source(nil), srcs[:i]...), srcs[i+1:]...)
				_, err := compiler.Translate(context.Background(), src.Path, src.Text, opts, "")
				out.WriteString("== " + src.Path + "\n")
				var list compiler.ErrorList
				if err != nil && !errors.As(err, &list) {
					t.Fatalf("%s: want an ErrorList, got %v", src.Path, err)
				}
				for _, e := range list {
					if !seen[e.Error()] {
						seen[e.Error()] = true
						out.WriteString(e.Error() + "\n")
					}
				}
			}
			golden.Check(t, dir+".err", []byte(out.String()))
		})
	}
}

// TestPasses checks that every pass can be dumped.
func TestPasses(t *testing.T) {
	text, err := os.ReadFile("testdata/golden/vadd.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range compiler.Passes {
		res, err := compiler.Translate(context.Background(), "vadd.c", text, options(t), p.Name)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		if strings.TrimSpace(compiler.Dump(res, p.Name)) == "" {
			t.Errorf("--dump=%s is empty", p.Name)
		}
	}
	if _, err := compiler.Translate(context.Background(), "vadd.c", text, options(t), "nope"); err == nil {
		t.Error("an unknown pass must be an error")
	}
}

// TestSmoke runs testdata/smoke/*.c translated, on the OpenCL device the
// runtime picks (PoCL here), and compares the output with the same program
// built by the C compiler without OpenACC.
func TestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	cc := compiler.CCommand(compiler.Options{})
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	files, _ := filepath.Glob("testdata/smoke/*.c")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			dir := t.TempDir()
			abs, _ := filepath.Abs(f)
			ref := filepath.Join(dir, "ref")
			if out, err := exec.Command(cc, "-O2", "-w", abs, "-o", ref, "-lm").CombinedOutput(); err != nil {
				t.Fatalf("reference build: %v\n%s", err, out)
			}
			want, err := exec.Command(ref).Output()
			if err != nil {
				t.Fatalf("reference run: %v", err)
			}
			res, err := translate(t, f)
			if err != nil {
				t.Fatalf("translate: %v", err)
			}
			files, err := compiler.WriteFiles(res, dir)
			if err != nil {
				t.Fatal(err)
			}
			exe := filepath.Join(dir, "prog")
			if err := compiler.Build(context.Background(), files, exe, filepath.Dir(abs), compiler.Options{}); err != nil {
				if strings.Contains(err.Error(), "lOpenCL") || strings.Contains(err.Error(), "CL/cl.h") {
					t.Skipf("no OpenCL development files: %v", err)
				}
				t.Fatal(err)
			}
			cmd := exec.Command(exe)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			got, err := cmd.Output()
			if err != nil {
				if strings.Contains(stderr.String(), "no OpenCL") || strings.Contains(stderr.String(), "CL_PLATFORM_NOT_FOUND") {
					t.Skipf("no OpenCL device: %s", stderr.String())
				}
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from the plain C build\n--- accls:\n%s--- cc:\n%s", got, want)
			}
		})
	}
}

// TestLineMap checks that the kernel lines map back to the user's lines:
// the statement c[i] = a[i] + b[i] of vadd.c.
func TestLineMap(t *testing.T) {
	res, err := translate(t, "testdata/golden/vadd.c")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(res.CL, "\n")
	if len(res.CLLines) != len(lines)-1 {
		t.Fatalf("%d map entries for %d lines", len(res.CLLines), len(lines)-1)
	}
	src, _ := os.ReadFile("testdata/golden/vadd.c")
	srcLines := strings.Split(string(src), "\n")
	found := false
	for i, l := range lines[:len(lines)-1] {
		if strings.Contains(l, "c[i] = a[i] + b[i];") {
			found = true
			u := res.CLLines[i]
			if u < 1 || !strings.Contains(srcLines[u-1], "c[i] = a[i] + b[i];") {
				t.Errorf("kernel line %d %q maps to user line %d", i+1, l, u)
			}
		}
	}
	if !found {
		t.Error("the statement is not in the kernels")
	}
	for _, k := range res.Program.Kernels {
		if len(k.Lines) != strings.Count(k.Source, "\n") {
			t.Errorf("kernel %s: %d map entries for %d lines", k.Name, len(k.Lines), strings.Count(k.Source, "\n"))
		}
	}
}

// TestDeterministic: translating a program twice gives the same kernels and
// host code (no map order leaks into the output), for every execution
// program.
func TestDeterministic(t *testing.T) {
	files, _ := filepath.Glob("testdata/exec/*.c")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, f := range files {
		first, err := translate(t, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for range 3 {
			again, err := translate(t, f)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if again.CL != first.CL || again.Host != first.Host {
				t.Errorf("%s: two translations differ", f)
				break
			}
		}
	}
}

// flagOptions applies a test file's "// accls-flags:" line (the options of
// accls translate/run it needs) to opts.
func flagOptions(t *testing.T, src []byte, opts compiler.Options) compiler.Options {
	t.Helper()
	for _, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// accls-flags:")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			switch f {
			case "--cache-stage":
				opts.CacheStage = true
			case "--fp-contract=on":
				opts.FPContract = true
			case "--host-code":
				opts.HostCode = true
			default:
				t.Fatalf("accls-flags: %q is not known to the tests", f)
			}
		}
	}
	return opts
}
