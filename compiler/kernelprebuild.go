package compiler

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/accls/accls/compiler/runtime"
)

// Kernel prebuild: the kernels are built for the device at build time, in
// parallel with the host C compiler, so that the program's first run finds
// the build in the device compiler's own cache and does not wait for it.
//
// Why: on PoCL a cold clBuildProgram costs 0.9–1.9 s (most of it fixed:
// clang on the OpenCL C headers, then linking PoCL's kernel library; a
// 1-kernel program 0.9–1.2 s, the 185-kernel gen1k 1.5–1.9 s on the
// 2-core container) and a warm one 60–100 ms, because
// PoCL keeps every build in its kernel cache (POCL_CACHE_DIR, by default
// ~/.cache/pocl/kcache) keyed by source, options and device. NVIDIA's
// OpenCL caches program builds too (~/.nv/ComputeCache; CUDA_CACHE_DISABLE=1
// turns it off). The build happens through the runtime itself, so the
// source, the options (-DACCLS_DEVICE_TYPE, -cl-fp32-correctly-rounded-
// divide-sqrt, ACCLS_CL_OPTIONS) and the device selection (ACCLS_DEVICE,
// or Options.Device) are exactly those of the run: a small driver
// (prebuildDriver) compiled with the runtime once per runtime text, C
// compiler and options (os.UserCacheDir()/accls/prebuild/driver-HASH; at
// -O0: its speed is the driver's, not the kernels', and it compiles in 0.3 s
// CPU instead of 1.4) calls accrt_program on the translation's .cl file.
//
// Tried and not kept (measured with PoCL 5 on 16 cores, real1k's 45
// kernels): starting the driver before the translation, so that the OpenCL
// platforms (NVIDIA's and PoCL's: 130–230 ms there) start while accls
// translates (70–130 ms), with or without a one-kernel warm-up build to
// load PoCL's compiler early. A build of real1k after the warm-up took
// 0.39–0.43 s instead of 1.14–1.34 s, but the warm-up itself 0.67–0.72 s;
// accls build was 0.05–0.2 s slower with the warm-up and no different
// without it (five alternating rounds each, bench/README.md).
//
// The prebuild is invisible to correctness: nothing of it is read back by
// accls; the OpenCL driver's cache answers only for the same source,
// options and device, and anything else builds at run time as before
// (TestKernelPrebuild). A failure (no OpenCL, a kernel that does not
// compile) is ignored here: the run reports it with the runtime's
// messages; a failed host build stops it. ACCLS_NO_KERNEL_PREBUILD=1 turns
// it off; a program without kernels has none.
//
// What it does not do: PoCL compiles each kernel's work-group function
// lazily at its first launch (about 90–150 ms CPU per kernel on the 2-core
// container: 30–40 ms work-group IR, 40–90 ms code generation and linking),
// specialized for the local size and the grid; that stays in the first run.
// Asking PoCL for CL_PROGRAM_BINARIES compiles every kernel (for a dynamic
// local size) and took 28 s for gen1k's 185 kernels, and a program created
// from that binary still compiles the specialized functions at launch
// (bench/README.md, translation time): so no binary is taken from PoCL.

// prebuildDriver is the C main of the prebuild: argv[1] the kernels' file,
// argv[2] the program's name (for messages).
const prebuildDriver = `/* accls kernel prebuild (compiler/kernelprebuild.go): builds a translated
 * program's kernels with the runtime, so that the device compiler's cache
 * holds them when the program runs. */
#include "accrt.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	FILE *f;
	long n;
	char *src;
	if (argc != 3 || !(f = fopen(argv[1], "rb")))
		return 2;
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		return 2;
	src = malloc((size_t)n + 1);
	if (!src || fread(src, 1, (size_t)n, f) != (size_t)n)
		return 2;
	src[n] = '\0';
	fclose(f);
	accrt_program(src, argv[2]);
	return 0;
}
`

// startKernelPrebuild starts the prebuild of f's kernels; finish(failed)
// stops it when the host build failed, and waits for it.
func startKernelPrebuild(ctx context.Context, f *Files, opts Options) (finish func(failed bool)) {
	if perfEnvOn("ACCLS_NO_KERNEL_PREBUILD") {
		return func(bool) {}
	}
	ctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		kernelPrebuild(ctx, f, opts)
	}()
	return func(failed bool) {
		if failed {
			stop()
		}
		<-done
		stop()
	}
}

// kernelPrebuild builds the kernels of f on the run's device. It returns
// when the build is done or has failed (failures are ignored, see above).
func kernelPrebuild(ctx context.Context, f *Files, opts Options) {
	cl, err := os.ReadFile(f.CL)
	if err != nil || !strings.Contains(string(cl), "__kernel") {
		return
	}
	driver := prebuildDriverPath(f, opts)
	if driver == "" {
		return
	}
	if _, err := os.Stat(driver); err != nil {
		if !buildPrebuildDriver(ctx, f, driver, opts) {
			return
		}
	}
	cmd := exec.CommandContext(ctx, driver, f.CL, strings.TrimSuffix(filepath.Base(f.CL), ".cl")+".c")
	cmd.Env = prebuildEnv(opts)
	_ = cmd.Run() // the run reports what failed here
}

// prebuildDriverArgs compiles the driver src with the runtime of f into out.
func prebuildDriverArgs(f *Files, src, out string, opts Options) []string {
	args := strings.Fields(CCommand(opts))
	args = append(args, "-O0", "-D_OPENACC=202211", "-I", f.Dir)
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	args = append(args, src, filepath.Join(f.Dir, runtime.Source), "-o", out)
	args = append(args, runtime.LinkFlags()...)
	return append(args, "-lm")
}

// prebuildDriverPath is where the driver for f's runtime and opts is
// cached ("" when there is no cache directory): keyed like the runtime
// object (buildcache.go) by the command, the compiler and the runtime's
// text, and by the driver's source.
func prebuildDriverPath(f *Files, opts Options) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := buildKey(f, opts, prebuildDriverArgs(f, "", "", opts), prebuildDriver)
	if key == "" {
		return ""
	}
	return filepath.Join(dir, "accls", "prebuild", "driver-"+key)
}

// buildPrebuildDriver compiles the driver into the cache (under a
// temporary name, then renamed; nothing is left behind on failure).
func buildPrebuildDriver(ctx context.Context, f *Files, driver string, opts Options) bool {
	if os.MkdirAll(filepath.Dir(driver), 0o755) != nil {
		return false
	}
	src, err := os.CreateTemp(f.Dir, "accls-prebuild-*.c")
	if err != nil {
		return false
	}
	defer os.Remove(src.Name())
	_, err = src.WriteString(prebuildDriver)
	if cerr := src.Close(); err != nil || cerr != nil {
		return false
	}
	tf, err := os.CreateTemp(filepath.Dir(driver), "driver-*.tmp")
	if err != nil {
		return false
	}
	tmp := tf.Name()
	tf.Close()
	if _, err := runCC(ctx, prebuildDriverArgs(f, src.Name(), tmp, opts)); err != nil {
		os.Remove(tmp)
		return false
	}
	if err := os.Rename(tmp, driver); err != nil {
		os.Remove(tmp)
		return false
	}
	return true
}

// prebuildEnv is the run's environment for the driver: the device the
// program will use, and none of the runtime's output switches (a profile
// file or build messages would be the driver's, not the program's).
func prebuildEnv(opts Options) []string {
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "ACCLS_PROFILE", "ACCLS_VERBOSE":
			continue
		case "ACCLS_DEVICE":
			if opts.Device != "" {
				continue
			}
		}
		env = append(env, kv)
	}
	if opts.Device != "" {
		env = append(env, "ACCLS_DEVICE="+opts.Device)
	}
	return env
}
