//go:build unix

package compiler_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/accls/accls/compiler"
)

// TestKernelPrebuild: the build fills PoCL's kernel cache with the
// program's build (kernelprebuild.go), the run finds it there (no second
// program build with the same options), and the cache never answers for
// anything else: a changed kernel source and changed build options
// (ACCLS_CL_OPTIONS at run time) build anew and compute the new result.
// ACCLS_NO_KERNEL_PREBUILD=1 builds nothing; Options.Device overrides
// ACCLS_DEVICE; no temporary file is left behind.
func TestKernelPrebuild(t *testing.T) {
	dir, pocl := poclTestEnv(t)
	t.Setenv("ACCLS_KERNEL_SERVER_IDLE", "5") // its server need not outlive it
	programs := func() int { return poclPrograms(pocl) }
	prog := func(factor string) string {
		return `#include <stdio.h>
int main(void)
{
	int a[64];
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 64; i++)
		a[i] = i * ` + factor + `;
	printf("%d\n", a[1]);
	printf("OK\n");
	return 0;
}
`
	}
	src := filepath.Join(dir, "pre.c")
	exe := filepath.Join(dir, "pre")
	build := func(text string, opts compiler.Options) {
		t.Helper()
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := compiler.Translate(context.Background(), src, []byte(text), opts, "")
		if err != nil {
			t.Fatalf("translate: %v", err)
		}
		files, err := compiler.WriteFiles(res, filepath.Join(dir, "out"))
		if err != nil {
			t.Fatal(err)
		}
		if err := compiler.Build(context.Background(), files, exe, dir, opts); err != nil {
			t.Fatalf("build: %v", err)
		}
		left, _ := filepath.Glob(filepath.Join(files.Dir, "accls-prebuild-*"))
		if len(left) > 0 {
			t.Errorf("temporary files left in the translation's directory: %v", left)
		}
	}
	run := func(want string, env ...string) {
		t.Helper()
		r := runLimited(2*time.Minute, dir, append(os.Environ(), env...), exe)
		if r.code != 0 || r.stdout != want+"\nOK\n" {
			t.Fatalf("run %v: exit %d, stdout %q (want %q)\n%s", env, r.code, r.stdout, want+"\nOK\n", r.stderr)
		}
	}
	opts := options(t)

	t.Setenv("ACCLS_NO_KERNEL_PREBUILD", "1")
	build(prog("3"), opts)
	if n := programs(); n != 0 {
		t.Fatalf("ACCLS_NO_KERNEL_PREBUILD=1: %d program builds in PoCL's cache after the build, want 0", n)
	}
	t.Setenv("ACCLS_NO_KERNEL_PREBUILD", "")

	build(prog("3"), opts)
	if n := programs(); n != 1 {
		t.Fatalf("after the build: %d program builds in PoCL's cache, want 1", n)
	}
	run("3")
	if n := programs(); n != 1 {
		t.Fatalf("the run built its program again (%d program builds in the cache, want 1): the prebuild did not match the run", n)
	}

	// a changed kernel: built anew by the build, the new result
	build(prog("5"), opts)
	if n := programs(); n != 2 {
		t.Fatalf("after the build of a changed kernel: %d program builds, want 2", n)
	}
	run("5")
	// changed options at run time: the run builds its own and is right
	run("5", "ACCLS_CL_OPTIONS=-DACCLS_PREBUILD_TEST=1")
	if n := programs(); n != 3 {
		t.Fatalf("after a run with other build options: %d program builds, want 3", n)
	}

	// Options.Device wins over the environment's ACCLS_DEVICE
	t.Setenv("ACCLS_DEVICE", "no-such-device-here")
	withDevice := opts
	withDevice.Device = "cpu"
	build(prog("7"), withDevice)
	if n := programs(); n != 4 {
		t.Fatalf("build with Options.Device=cpu and ACCLS_DEVICE unusable: %d program builds, want 4", n)
	}
	run("7", "ACCLS_DEVICE=cpu")

	if cache, err := os.UserCacheDir(); err == nil {
		tmp, _ := filepath.Glob(filepath.Join(cache, "accls", "prebuild", "driver-*.tmp"))
		for _, f := range tmp {
			if st, err := os.Stat(f); err == nil && time.Since(st.ModTime()) > time.Minute {
				t.Errorf("temporary prebuild driver left in the cache: %s", f)
			}
		}
	}
}

// poclTestEnv skips the test where PoCL's kernel cache cannot be read
// (short mode, no C compiler, no OpenCL, ACCLS_DEVICE=cpu not PoCL), and
// sets up the environment of a build with the kernel prebuild: the PoCL
// device, an empty kernel cache of its own (returned with the test's
// directory), default build options.
func poclTestEnv(t *testing.T) (dir, pocl string) {
	t.Helper()
	if testing.Short() {
		t.Skip("short mode")
	}
	cc, err := findCC()
	if err != nil {
		t.Skip("no C compiler")
	}
	dir = t.TempDir()
	if why := openCLMissing(cc, dir); why != "" {
		t.Skip(why)
	}
	t.Setenv("ACCLS_DEVICE", "cpu")
	if !poclDevice() {
		t.Skip("ACCLS_DEVICE=cpu is not a PoCL device (the test reads PoCL's kernel cache)")
	}
	pocl = filepath.Join(dir, "pocl-cache")
	if err := os.Mkdir(pocl, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("POCL_CACHE_DIR", pocl)
	t.Setenv("ACCLS_NO_KERNEL_PREBUILD", "")
	t.Setenv("ACCLS_CL_OPTIONS", "")
	return dir, pocl
}

// poclPrograms is the number of program builds in PoCL's kernel cache
// (one program.bc each, keyed by source, options and device).
func poclPrograms(pocl string) int {
	n := 0
	filepath.WalkDir(pocl, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == "program.bc" {
			n++
		}
		return nil
	})
	return n
}

// The kernel build servers that the tests' builds start (kernelserver.go)
// leave soon after the last test, not five minutes later, unless the
// environment says otherwise.
func init() {
	if os.Getenv("ACCLS_KERNEL_SERVER_IDLE") == "" {
		os.Setenv("ACCLS_KERNEL_SERVER_IDLE", "15")
	}
}
