package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/device"
)

// TestBuildCommand: `accls build FILE.c -o DIR` writes the translation and
// the executable DIR/NAME, prints its path, and the executable runs; usage
// errors and a binary file exit with status 2.
func TestBuildCommand(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := build([]string{"x.c"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage: accls build") {
		t.Errorf("build without -o: exit %d, stderr %q; want 2 and the usage", code, stderr.String())
	}
	blob := filepath.Join(dir, "blob.c")
	if err := os.WriteFile(blob, []byte("\x7fELF\x00\x01\x02int main(void){}"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := build([]string{blob, "-o", filepath.Join(dir, "blob")}, &stdout, &stderr); code != 2 || stdout.Len() > 0 {
		t.Errorf("build of a binary file: exit %d, stdout %q; want 2 and nothing", code, stdout.String())
	}

	needBuildAndCPU(t)
	src := filepath.Join(dir, "twice.c")
	if err := os.WriteFile(src, []byte(`#include <stdio.h>
int main(void)
{
	float a[100];
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 100; i++)
		a[i] = 2.0f * i;
	printf("%g\n", a[99]);
	return 0;
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	buildAndRun(t, []string{src}, filepath.Join(dir, "out"), "twice", "198\n")
}

// TestBuildSeveralFiles: `accls build main.c vec.c -o DIR` builds one
// executable from the translations of the files; it prints what the plain C
// build prints, with the cached runtime object and without it (one cc
// command). testdata/multi: data that main.c keeps on the device across
// calls into vec.c, a routine reading vec.c's declared global, a static
// function in each file with a compute construct. testdata/routines:
// kernels of main.c and grid.c calling routines that ops.c defines (seq and
// vector, declared in a header), which use ops.c's declared global and
// constant, and a helper with the name of another in main.c. Two files with
// the same name, or an error in either file, exit with status 2.
func TestBuildSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	mainC := filepath.Join("testdata", "multi", "main.c")
	var stdout, stderr bytes.Buffer
	if code := build([]string{mainC, filepath.Join(dir, "x", "main.c"), "-o", dir}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "have the same name") {
		t.Errorf("two files named main.c: exit %d, stderr %q; want 2 and the reason", code, stderr.String())
	}
	bad := filepath.Join(dir, "bad.c")
	if err := os.WriteFile(bad, []byte("void f(float *a, int n)\n{\n#pragma acc parallel loop copy(a)\n\tfor (int i = 0; i < n; i++)\n\t\ta[i] = 0;\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := build([]string{mainC, bad, "-o", filepath.Join(dir, "bad")}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "bad.c:3:") {
		t.Errorf("an error in the second file: exit %d, stderr %q; want 2 and the error at bad.c:3", code, stderr.String())
	}

	needBuildAndCPU(t)
	// Each program of testdata/{multi,routines}: main.c and the other
	// files, built by cc without OpenACC and by accls, run and compared.
	for _, prog := range []string{"multi", "routines"} {
		t.Run(prog, func(t *testing.T) {
			others, _ := filepath.Glob(filepath.Join("testdata", prog, "*.c"))
			files := []string{filepath.Join("testdata", prog, "main.c")}
			for _, f := range others {
				if filepath.Base(f) != "main.c" {
					files = append(files, f)
				}
			}
			plain := filepath.Join(dir, prog+"-plain")
			if out, err := exec.Command("cc", append([]string{"-O2", "-w", "-o", plain}, files...)...).CombinedOutput(); err != nil {
				t.Fatalf("plain build: %v\n%s", err, out)
			}
			want, err := exec.Command(plain).Output()
			if err != nil {
				t.Fatal(err)
			}
			for _, noCache := range []string{"", "1"} {
				t.Run("ACCLS_NO_RT_CACHE="+noCache, func(t *testing.T) {
					t.Setenv("ACCLS_NO_RT_CACHE", noCache)
					buildAndRun(t, files, filepath.Join(dir, prog+"-out"+noCache), "main", string(want))
				})
			}
		})
	}
}

// needBuildAndCPU skips a test that builds and runs programs in -short
// mode, without a C compiler or without an OpenCL CPU device.
func needBuildAndCPU(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("the build itself is skipped in -short mode")
	}
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	l, err := device.List()
	if err != nil || device.Select(l.Devices, "cpu") < 0 {
		t.Skip("no OpenCL CPU device")
	}
}

// buildAndRun builds files with `accls build -o out --device cpu`, checks
// that it printed the executable out/exe, and that the executable prints
// want on PoCL.
func buildAndRun(t *testing.T, files []string, out, exe, want string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := build(append(files, "-o", out, "--device", "cpu"), &stdout, &stderr); code != 0 {
		t.Fatalf("build: exit %d\n%s", code, stderr.String())
	}
	exe = filepath.Join(out, exe)
	if got := strings.TrimSpace(stdout.String()); got != exe {
		t.Errorf("build printed %q, want the executable %q", got, exe)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "ACCLS_DEVICE=cpu")
	got, err := cmd.Output()
	if err != nil || string(got) != want {
		t.Errorf("the built program: %q, %v; want %q", got, err, want)
	}
}
