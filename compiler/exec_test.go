//go:build unix

package compiler_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The execution corpus: every testdata/exec/*.c is a self-checking OpenACC
// program. Its expected stdout comes from the same file compiled by gcc with
// the pragmas ignored; `accls run` must reproduce it exactly and exit 0 on an
// OpenCL device (PoCL's CPU device by default), and the program it built
// (with --host-code) must do the same on the host device
// (ACC_DEVICE_TYPE=host: each compute construct's own C code) unless a `// exec-no-host: REASON` line says the
// program checks what only separate device memory does.
//
// Environment:
//
//	ACCLS_REQUIRE_OPENCL=1   fail instead of skipping when OpenCL is missing
//	ACCLS_EXEC_DEVICE        device for `accls run` (ACCLS_DEVICE), default "cpu"
//	ACCLS_EXEC_TIMEOUT       per-program limit (seconds or a Go duration), default 60s
//	ACCLS_EXEC_JOBS          programs run at once, default 2
//	ACCLS_EXEC_SKIP_KNOWN=1  do not even run the programs in KNOWN_FAILURES
//	ACCLS_EXEC_BIN           use this accls binary instead of building cmd/accls
//
// testdata/exec/KNOWN_FAILURES lists programs that are not expected to pass
// yet, one per line: "name  # reason". They still run; a failure is a skip
// (with its first error lines), a pass is logged so that the line can go.
// A program's `// exec-args: A B` line gives its command-line arguments;
// `// exec-no-gcc-openacc: REASON` keeps TestExecCorpus from building it with
// gcc -fopenacc (for OpenACC 2.7+ syntax that gcc 12 rejects).
// A line `// exec-bytes: h2d=N d2h=M` states the bytes the program's data
// clauses and updates must move in each direction (reduction partials not
// included): the run gets ACCLS_PROFILE and its profile must show exactly
// those counts (either key may be left out). A line `// accls-flags: F...`
// gives options of accls (run, and translate in the golden tests), e.g.
// --cache-stage.

const execDir = "testdata/exec"

// execProgram is one corpus program.
type execProgram struct {
	name string   // file name without .c
	path string   // absolute path
	args []string // from the "// exec-args:" line
	// noGCCOpenACC is the reason from a "// exec-no-gcc-openacc: REASON"
	// line: the program uses OpenACC that gcc 12 -fopenacc rejects (self(cond)
	// on compute constructs, device_type), so TestExecCorpus compares only
	// the plain build for it.
	noGCCOpenACC string
	// noHost is the reason from a "// exec-no-host: REASON" line: the
	// program checks what only separate device memory does (data gone
	// after an exit, a device_type section applied), so TestExec does not
	// run it on the host device.
	noHost string
	// bytes: the expected transfer bytes from the "// exec-bytes:" line,
	// by profile row ("host->device", "device->host"); nil when absent.
	bytes map[string]int64
	flags []string // from the "// accls-flags:" line
}

func execPrograms(t *testing.T) []execProgram {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(execDir, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no programs in %s", execDir)
	}
	sort.Strings(files)
	var progs []execProgram
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := execProgram{name: strings.TrimSuffix(filepath.Base(f), ".c"), path: abs}
		for _, line := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// exec-args:"); ok {
				p.args = strings.Fields(rest)
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// exec-no-gcc-openacc:"); ok {
				p.noGCCOpenACC = strings.TrimSpace(rest)
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// exec-no-host:"); ok {
				p.noHost = strings.TrimSpace(rest)
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// accls-flags:"); ok {
				p.flags = strings.Fields(rest)
			}
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "// exec-bytes:"); ok {
				p.bytes = parseExecBytes(t, p.name, rest)
			}
		}
		progs = append(progs, p)
	}
	return progs
}

// knownFailures reads KNOWN_FAILURES: program name -> reason.
func knownFailures(t *testing.T) map[string]string {
	t.Helper()
	known := map[string]string{}
	f, err := os.Open(filepath.Join(execDir, "KNOWN_FAILURES"))
	if errors.Is(err, os.ErrNotExist) {
		return known
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, _ := strings.Cut(line, "#")
		name = strings.TrimSuffix(strings.TrimSpace(name), ".c")
		reason = strings.TrimSpace(reason)
		if reason == "" {
			reason = "no reason given"
		}
		known[name] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

func envOn(name string) bool {
	v := os.Getenv(name)
	return v != "" && v != "0"
}

func execTimeout(t *testing.T) time.Duration {
	v := os.Getenv("ACCLS_EXEC_TIMEOUT")
	if v == "" {
		return 60 * time.Second
	}
	if s, err := strconv.Atoi(v); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		t.Fatalf("ACCLS_EXEC_TIMEOUT=%q: want seconds or a Go duration", v)
	}
	return d
}

func findCC() (string, error) {
	if p, err := exec.LookPath("gcc"); err == nil {
		return p, nil
	}
	return exec.LookPath("cc")
}

// result of one command run with a limit.
type runResult struct {
	stdout, stderr string
	code           int // exit status; -1 when it did not exit normally
	timedOut       bool
	err            error // could not start, or killed
}

// runLimited runs name args in dir with env (nil: inherit), killing its whole
// process group when the limit passes.
func runLimited(limit time.Duration, dir string, env []string, name string, args ...string) runResult {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// the program that `accls run` starts is in the same group
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 5 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err := cmd.Run()
	r := runResult{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if ctx.Err() != nil {
		r.timedOut = true
	}
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		r.err = err
	}
	return r
}

// firstLines returns the first n non-empty lines of s, indented.
func firstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		out = append(out, "    "+l)
		if len(out) == n {
			out = append(out, "    ...")
			break
		}
	}
	return strings.Join(out, "\n")
}

// firstDiff describes where got and want first differ, line by line.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if i >= len(g) || i >= len(w) || gl != wl {
			return fmt.Sprintf("stdout line %d:\n    got:  %q\n    want: %q", i+1, gl, wl)
		}
	}
	return "stdout differs"
}

const openCLProbe = `#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
int main(void) {
	cl_uint n = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &n);
	printf("%d %u\n", (int)err, n);
	return 0;
}
`

// openCLMissing returns why no OpenCL platform can be used, or "".
func openCLMissing(cc, dir string) string {
	src := filepath.Join(dir, "probe.c")
	bin := filepath.Join(dir, "probe")
	if err := os.WriteFile(src, []byte(openCLProbe), 0o644); err != nil {
		return err.Error()
	}
	r := runLimited(time.Minute, dir, nil, cc, "-o", bin, src, "-lOpenCL")
	if r.err != nil || r.code != 0 {
		return "OpenCL headers or libOpenCL missing (Debian: ocl-icd-opencl-dev opencl-headers):\n" +
			firstLines(r.stderr, 3)
	}
	r = runLimited(time.Minute, dir, nil, bin)
	if r.err != nil || r.code != 0 {
		return "OpenCL probe failed: " + firstLines(r.stderr, 3)
	}
	var code, n int
	fmt.Sscan(r.stdout, &code, &n)
	if code != 0 || n == 0 {
		return fmt.Sprintf("no OpenCL platform (clGetPlatformIDs: %d, %d platforms; Debian: pocl-opencl-icd)", code, n)
	}
	return ""
}

// buildAccls builds cmd/accls into dir and returns the binary.
func buildAccls(t *testing.T, dir string) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	bin := filepath.Join(dir, "accls")
	r := runLimited(10*time.Minute, "..", nil, goBin, "build", "-o", bin, "./cmd/accls")
	if r.err != nil || r.code != 0 {
		t.Fatalf("go build ./cmd/accls: %v (exit %d)\n%s", r.err, r.code, r.stderr)
	}
	return bin
}

// gccExpected compiles prog with gcc (extra flags added) and runs it: its
// stdout is the expected output. The corpus must build and exit 0 this way.
func gccExpected(t *testing.T, cc, dir string, p execProgram, limit time.Duration, extra ...string) string {
	t.Helper()
	bin := filepath.Join(dir, p.name+"-gcc"+strings.Join(extra, ""))
	args := append([]string{"-O2", "-Wall", "-Wno-unknown-pragmas"}, extra...)
	args = append(args, "-o", bin, p.path, "-lm")
	r := runLimited(limit, dir, nil, cc, args...)
	if r.err != nil || r.code != 0 {
		t.Fatalf("corpus program does not build with %s %s: %v\n%s", cc, strings.Join(extra, " "), r.err, r.stderr)
	}
	r = runLimited(limit, dir, nil, bin, p.args...)
	if r.timedOut || r.err != nil || r.code != 0 {
		t.Fatalf("corpus program fails when built by gcc %s (exit %d, timed out %v, %v):\n%s%s",
			strings.Join(extra, " "), r.code, r.timedOut, r.err, r.stdout, r.stderr)
	}
	return r.stdout
}

// execSetup is what running programs with accls needs: the C compiler, a
// work directory and the accls binary (bin, ACCLS_EXEC_BIN, or built into
// the work directory); it skips the test without a compiler or an OpenCL
// platform (fails with ACCLS_REQUIRE_OPENCL).
func execSetup(t *testing.T, bin string) (cc, work, accls string) {
	t.Helper()
	cc, err := findCC()
	if err != nil {
		t.Skip("no C compiler (gcc or cc) on PATH")
	}
	work = t.TempDir()
	if why := openCLMissing(cc, work); why != "" {
		if envOn("ACCLS_REQUIRE_OPENCL") {
			t.Fatalf("ACCLS_REQUIRE_OPENCL is set but %s", why)
		}
		t.Skip(why)
	}
	if bin == "" {
		return cc, work, buildAccls(t, work)
	}
	if accls, err = filepath.Abs(bin); err != nil {
		t.Fatal(err)
	}
	return cc, work, accls
}

// TestExec runs the corpus with `accls run` and compares with gcc.
func TestExec(t *testing.T) {
	bin := os.Getenv("ACCLS_EXEC_BIN")
	if _, err := os.Stat(filepath.Join("..", "cmd", "accls", "run.go")); err != nil && bin == "" {
		t.Skip("accls run not built yet (no cmd/accls/run.go)")
	}
	if testing.Short() {
		t.Skip("execution corpus skipped in -short mode")
	}
	cc, _, accls := execSetup(t, bin)
	progs := execPrograms(t)
	known := knownFailures(t)
	names := map[string]bool{}
	for _, p := range progs {
		names[p.name] = true
	}
	for name := range known {
		if !names[name] {
			t.Errorf("KNOWN_FAILURES lists %q, which is not a program in %s", name, execDir)
		}
	}
	limit := execTimeout(t)
	device := os.Getenv("ACCLS_EXEC_DEVICE")
	if device == "" {
		device = "cpu"
	}
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "ACCLS_DEVICE", "ACCLS_PROFILE", "ACCLS_VERBOSE", "ACC_DEVICE_TYPE", "ACC_DEVICE_NUM":
			continue
		}
		env = append(env, kv)
	}
	// the host device (ACC_DEVICE_TYPE=host): each construct's own code
	hostEnv := append(append([]string(nil), env...), "ACC_DEVICE_TYPE=host")
	env = append(env, "ACCLS_DEVICE="+device)
	jobs := 2
	if v, err := strconv.Atoi(os.Getenv("ACCLS_EXEC_JOBS")); err == nil && v > 0 {
		jobs = v
	}
	sem := make(chan struct{}, jobs)

	var mu sync.Mutex
	var passed, failed, skipped, fixed []string
	record := func(list *[]string, name string) {
		mu.Lock()
		*list = append(*list, name)
		mu.Unlock()
	}

	t.Run("prog", func(t *testing.T) {
		for _, p := range progs {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				reason, isKnown := known[p.name]
				if isKnown && envOn("ACCLS_EXEC_SKIP_KNOWN") {
					record(&skipped, p.name)
					t.Skipf("known failure: %s", reason)
				}
				sem <- struct{}{}
				defer func() { <-sem }()
				dir := t.TempDir()
				ok := false
				defer func() {
					// a Fatal in gccExpected is a corpus failure
					if !ok && !t.Skipped() && t.Failed() {
						record(&failed, p.name)
					}
				}()
				want := gccExpected(t, cc, dir, p, limit)
				build := filepath.Join(dir, "build") // kept for the run on the host device
				args := append(append([]string{"run", "--keep", build, "--host-code"}, p.flags...), p.path)
				if len(p.args) > 0 {
					args = append(append(args, "--"), p.args...)
				}
				runEnv := env
				profile := filepath.Join(dir, "profile.txt")
				if p.bytes != nil {
					runEnv = append(append([]string(nil), env...), "ACCLS_PROFILE="+profile)
				}
				r := runLimited(limit, dir, runEnv, accls, args...)
				var problem string
				switch {
				case r.timedOut:
					problem = fmt.Sprintf("timed out after %v", limit)
				case r.err != nil:
					problem = r.err.Error()
				case r.code != 0:
					problem = fmt.Sprintf("exit status %d", r.code)
				case r.stdout != want:
					problem = firstDiff(r.stdout, want)
				case p.bytes != nil:
					problem = checkBytes(profile, p.bytes)
				}
				if problem == "" && p.noHost == "" {
					problem = runOnHost(limit, dir, hostEnv, filepath.Join(build, p.name), p.args, want)
				}
				if problem == "" {
					ok = true
					if isKnown {
						record(&fixed, p.name)
						t.Logf("%s passes but is listed in KNOWN_FAILURES (%s): remove it from the list", p.name, reason)
					} else {
						record(&passed, p.name)
					}
					return
				}
				detail := problem
				if s := firstLines(r.stderr, 12); s != "" {
					detail += "\n  stderr:\n" + s
				}
				if r.stdout != want && r.stdout != "" {
					detail += "\n  stdout:\n" + firstLines(r.stdout, 8)
				}
				if isKnown {
					ok = true
					record(&skipped, p.name)
					t.Skipf("known failure (%s): %s", reason, detail)
				}
				t.Errorf("accls run %s: %s", p.name, detail)
			})
		}
	})

	sort.Strings(failed)
	sort.Strings(fixed)
	t.Logf("exec corpus on ACCLS_DEVICE=%s: passed %d, failed %d, skipped %d (known failures), listed but passing %d, of %d programs",
		device, len(passed)+len(fixed), len(failed), len(skipped), len(fixed), len(progs))
	if len(failed) > 0 {
		t.Logf("failing: %s", strings.Join(failed, " "))
	}
	if len(fixed) > 0 {
		t.Logf("now passing, remove from KNOWN_FAILURES: %s", strings.Join(fixed, " "))
	}
}

// runOnHost runs a program that accls built with ACC_DEVICE_TYPE=host:
// the compute constructs run their own C code, as on the host device, and
// the output must be the plain C build's too; "" when it is.
func runOnHost(limit time.Duration, dir string, env []string, exe string, args []string, want string) string {
	r := runLimited(limit, dir, env, exe, args...)
	switch {
	case r.timedOut:
		return fmt.Sprintf("on the host device (ACC_DEVICE_TYPE=host): timed out after %v", limit)
	case r.err != nil:
		return "on the host device (ACC_DEVICE_TYPE=host): " + r.err.Error()
	case r.code != 0:
		return fmt.Sprintf("on the host device (ACC_DEVICE_TYPE=host): exit status %d\n  stderr:\n%s\n  stdout:\n%s", r.code, firstLines(r.stderr, 8), firstLines(r.stdout, 8))
	case r.stdout != want:
		return "on the host device (ACC_DEVICE_TYPE=host): " + firstDiff(r.stdout, want)
	}
	return ""
}

// parseExecBytes reads "h2d=N d2h=M".
func parseExecBytes(t *testing.T, name, s string) map[string]int64 {
	t.Helper()
	rows := map[string]string{"h2d": "host->device", "d2h": "device->host"}
	out := map[string]int64{}
	for _, f := range strings.Fields(s) {
		k, v, _ := strings.Cut(f, "=")
		n, err := strconv.ParseInt(v, 10, 64)
		if rows[k] == "" || err != nil {
			t.Fatalf("%s: bad exec-bytes item %q (want h2d=N or d2h=N)", name, f)
		}
		out[rows[k]] = n
	}
	return out
}

// checkBytes compares the transfer rows of an ACCLS_PROFILE file with the
// expected bytes; "" when they match.
func checkBytes(path string, want map[string]int64) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "exec-bytes: no profile: " + err.Error()
	}
	got := map[string]int64{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 3 && (f[0] == "host->device" || f[0] == "device->host") {
			got[f[0]], _ = strconv.ParseInt(f[2], 10, 64)
		}
	}
	var bad []string
	for _, row := range []string{"host->device", "device->host"} {
		if w, ok := want[row]; ok && got[row] != w {
			bad = append(bad, fmt.Sprintf("%s moved %d bytes, want %d", row, got[row], w))
		}
	}
	if len(bad) > 0 {
		return "exec-bytes: " + strings.Join(bad, "; ") + "\n  profile:\n" + firstLines(string(b), 12)
	}
	return ""
}

// TestExecCorpus checks the corpus itself without accls: each program builds
// with plain gcc (pragmas ignored) and with gcc -fopenacc (host fallback),
// both exit 0 with the same stdout, and README.md lists every program.
func TestExecCorpus(t *testing.T) {
	progs := execPrograms(t)
	readme, err := os.ReadFile(filepath.Join(execDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range progs {
		if !bytes.Contains(readme, []byte("`"+p.name+"`")) {
			t.Errorf("README.md does not list `%s`", p.name)
		}
		src, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(`printf("OK\n")`)) {
			t.Errorf("%s: a corpus program prints OK when its checks pass", p.name)
		}
	}
	if testing.Short() {
		t.Skip("gcc runs skipped in -short mode")
	}
	cc, err := findCC()
	if err != nil {
		t.Skip("no C compiler (gcc or cc) on PATH")
	}
	work := t.TempDir()
	probe := filepath.Join(work, "acc.c")
	if err := os.WriteFile(probe, []byte("int main(void){int s=0;\n#pragma acc parallel loop reduction(+:s)\n"+
		"for(int i=0;i<4;i++)s+=i;\nreturn s!=6;}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runLimited(time.Minute, work, nil, cc, "-fopenacc", "-o", filepath.Join(work, "acc"), probe)
	openacc := r.err == nil && r.code == 0
	if !openacc {
		t.Logf("%s -fopenacc unavailable: comparing plain builds only", cc)
	}
	limit := execTimeout(t)
	for _, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			plain := gccExpected(t, cc, dir, p, limit)
			if !strings.HasSuffix(plain, "OK\n") {
				t.Errorf("stdout does not end with OK:\n%s", plain)
			}
			if openacc && p.noGCCOpenACC != "" {
				t.Logf("gcc -fopenacc build skipped: %s", p.noGCCOpenACC)
			}
			if openacc && p.noGCCOpenACC == "" {
				acc := gccExpected(t, cc, dir, p, limit, "-fopenacc")
				if acc != plain {
					t.Errorf("gcc -fopenacc output differs from plain gcc: %s", firstDiff(acc, plain))
				}
			}
		})
	}
}
