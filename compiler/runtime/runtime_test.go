package runtime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests build the embedded runtime with the host C compiler, link small C
// programs from testdata/ against it and libOpenCL, and run them on the
// default OpenCL device (PoCL here). Without OpenCL (no headers, no library or
// no platform) they skip, unless ACCLS_REQUIRE_OPENCL is set: then they fail.

var env struct {
	once   sync.Once
	dir    string // temp dir with the runtime's files and accrt.o
	cc     string
	skip   string // why OpenCL is unavailable, "" when it is
	err    error  // a real failure (the runtime does not compile)
	mu     sync.Mutex
	builds map[string]string // testdata program -> binary
}

func TestMain(m *testing.M) {
	code := m.Run()
	if env.dir != "" {
		os.RemoveAll(env.dir)
	}
	os.Exit(code)
}

func runCmd(dir string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

const probeSrc = `#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
int main(void) {
	cl_uint n = 0;
	cl_int err = clGetPlatformIDs(0, NULL, &n);
	printf("%d %u\n", (int)err, n);
	return 0;
}
`

func setupEnv() {
	cc, err := exec.LookPath("cc")
	if err != nil {
		if cc, err = exec.LookPath("gcc"); err != nil {
			env.skip = "no C compiler (cc) on PATH"
			return
		}
	}
	env.cc = cc
	dir, err := os.MkdirTemp("", "accrt-test-")
	if err != nil {
		env.err = err
		return
	}
	env.dir = dir
	env.builds = map[string]string{}
	if _, err := WriteTo(dir); err != nil {
		env.err = err
		return
	}
	// OpenCL headers and library, and at least one platform.
	if err := os.WriteFile(filepath.Join(dir, "probe.c"), []byte(probeSrc), 0o644); err != nil {
		env.err = err
		return
	}
	if _, err := runCmd(dir, cc, "-o", "probe", "probe.c", "-lOpenCL"); err != nil {
		env.skip = "OpenCL headers or libOpenCL missing (Debian: ocl-icd-opencl-dev opencl-headers): " + firstLine(err.Error())
		return
	}
	out, err := runCmd(dir, filepath.Join(dir, "probe"))
	if err != nil {
		env.skip = "OpenCL probe failed: " + firstLine(err.Error())
		return
	}
	var code, n int
	fmt.Sscan(out, &code, &n)
	if code != 0 || n == 0 {
		env.skip = fmt.Sprintf("no OpenCL platform (clGetPlatformIDs: %d, %d platforms; Debian: pocl-opencl-icd)", code, n)
		return
	}
	// The runtime itself must compile: a failure here is a failure, not a skip.
	if _, err := runCmd(dir, cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-c", "accrt.c", "-o", "accrt.o"); err != nil {
		env.err = err
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// needOpenCL returns the directory holding the compiled runtime, or skips.
func needOpenCL(t *testing.T) string {
	t.Helper()
	env.once.Do(setupEnv)
	if env.err != nil {
		t.Fatal(env.err)
	}
	if env.skip != "" {
		if os.Getenv("ACCLS_REQUIRE_OPENCL") != "" {
			t.Fatalf("ACCLS_REQUIRE_OPENCL is set but %s", env.skip)
		}
		t.Skip(env.skip)
	}
	return env.dir
}

// build compiles testdata/<prog>.c with the runtime and returns the binary.
func build(t *testing.T, prog string) string {
	t.Helper()
	dir := needOpenCL(t)
	env.mu.Lock()
	defer env.mu.Unlock()
	if bin, ok := env.builds[prog]; ok {
		return bin
	}
	src, err := filepath.Abs(filepath.Join("testdata", prog+".c"))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, prog)
	if _, err := runCmd(dir, env.cc, "-O2", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", dir, "-I",
		filepath.Dir(src), "-o", bin, src, "accrt.o", "-lOpenCL"); err != nil {
		t.Fatal(err)
	}
	env.builds[prog] = bin
	return bin
}

type result struct {
	stdout, stderr string
	code           int
}

// run runs a test program with the given ACCLS_* settings (the caller's are
// removed from the environment first).
func run(t *testing.T, prog string, vars map[string]string, args ...string) result {
	t.Helper()
	bin := build(t, prog)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = env.dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ACCLS_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && ee.Exited():
		r.code = ee.ExitCode()
	default:
		t.Fatalf("%s %v: %v\nstdout:\n%s\nstderr:\n%s", prog, args, err, r.stdout, r.stderr)
	}
	return r
}

// ok runs a self-checking program and expects exit 0 and "<name>: ok".
func ok(t *testing.T, prog string, vars map[string]string, args ...string) result {
	t.Helper()
	r := run(t, prog, vars, args...)
	if r.code != 0 || !strings.Contains(r.stdout, prog+": ok") {
		t.Fatalf("%s %v: exit %d\nstdout:\n%s\nstderr:\n%s", prog, args, r.code, r.stdout, r.stderr)
	}
	return r
}

// fails runs a program that must fail with exit status 2 and stderr matching
// every pattern.
func fails(t *testing.T, prog string, vars map[string]string, args []string, patterns ...string) result {
	t.Helper()
	r := run(t, prog, vars, args...)
	if r.code != 2 {
		t.Errorf("%s %v: exit %d, want 2\nstdout:\n%s\nstderr:\n%s", prog, args, r.code, r.stdout, r.stderr)
	}
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(r.stderr) {
			t.Errorf("%s %v: stderr does not match %q:\n%s", prog, args, p, r.stderr)
		}
	}
	return r
}

func TestFiles(t *testing.T) {
	f := Files()
	for _, n := range []string{"accrt.h", "accrt_gen.h", "accrt.c", "openacc.h"} {
		if len(f[n]) == 0 {
			t.Errorf("Files()[%q] is empty", n)
		}
	}
	if !bytes.Contains(f["accrt.h"], []byte("accrt_enter")) || !bytes.Contains(f["openacc.h"], []byte("acc_copyin")) {
		t.Error("embedded headers lack their API")
	}
	dir := t.TempDir()
	paths, err := WriteTo(filepath.Join(dir, "rt"))
	if err != nil || len(paths) != 4 {
		t.Fatalf("WriteTo: %v %v", paths, err)
	}
}

// TestWarnings: the runtime compiles without warnings as C99 and GNU11,
// -pedantic included.
func TestWarnings(t *testing.T) {
	dir := needOpenCL(t)
	for _, std := range []string{"c99", "gnu11"} {
		out, err := runCmd(dir, env.cc, "-std="+std, "-Wall", "-Wextra", "-pedantic", "-Werror", "-O2", "-c",
			"accrt.c", "-o", "w-"+std+".o")
		if err != nil {
			t.Errorf("-std=%s: %v", std, err)
		} else if strings.TrimSpace(out) != "" {
			t.Errorf("-std=%s: output %s", std, out)
		}
	}
}

func TestVectorAdd(t *testing.T) {
	t.Parallel()
	ok(t, "vadd", nil)
}

// TestExitDuringCompile: a program that exits right after a launch nothing
// waited for, with PoCL's kernel cache empty (the launch compiles), exits
// cleanly. It crashed (SIGSEGV in LLVM, exit 139) in three of three runs
// before accrt_launch waited for the first launch of each shape on PoCL.
func TestExitDuringCompile(t *testing.T) {
	t.Parallel()
	for i := 0; i < 3; i++ {
		ok(t, "exitlaunch", map[string]string{"POCL_CACHE_DIR": t.TempDir()})
	}
}

func TestPresentTable(t *testing.T) {
	t.Parallel()
	ok(t, "present", nil)
}

func TestPresentErrors(t *testing.T) {
	t.Parallel()
	fails(t, "present", nil, []string{"absent"},
		`(?m)^accls runtime: 'a' \(host 0x[0-9a-f]+, 4096 bytes\) is not present on the device \(present clause at present\.c:12\)$`)
	fails(t, "present", nil, []string{"pointer-absent"},
		`(?m)^accls runtime: 'p' points to host memory \(0x[0-9a-f]+\) that is not present on the device \(at present\.c:17\): a pointer without a data clause brings only its address; map the data it points to with a sub-array, e\.g\. copy\(p\[0:n\]\), on the construct or an enclosing data region$`)
	fails(t, "present", nil, []string{"partial"},
		`(?m)^accls runtime: 'a\[5:10\]' \(host 0x[0-9a-f]+, 40 bytes\) is partially present on the device: it overlaps 'a\[0:10\]' \(host 0x[0-9a-f]+, 40 bytes, mapped at present\.c:3\) without being contained in it \(copyin clause at present\.c:7\)$`)
	fails(t, "present", nil, []string{"contains"},
		`'a\[0:30\]' .* is partially present .* \(exit data copyout at present\.c:9\)`)
	fails(t, "present", nil, []string{"update-absent"},
		`(?m)^accls runtime: 'a' \(host 0x[0-9a-f]+, 4096 bytes\) is not present on the device \(update self at present\.c:5\)$`)
	fails(t, "present", nil, []string{"delete-entry"}, `accrt_enter: clause 7 \(delete\) is not an entry action`)
	fails(t, "present", nil, []string{"negative"},
		`(?m)^accls runtime: 'a\[0:n\]' has a negative length \(-20 bytes\) \(copy clause at present\.c:15\)$`)
	// an update's rectangle: partly present is an error even with
	// if_present (as for a plain range), a negative length is reported
	fails(t, "present", nil, []string{"rect-absent"},
		`(?m)^accls runtime: 'u\[0:32\]\[31:1\]' \(host 0x[0-9a-f]+, 3972 bytes\) is partially present on the device: it overlaps 'a\[0:512\]' .*\(update self at present\.c:13\)$`)
	fails(t, "present", nil, []string{"rect-negative"},
		`(?m)^accls runtime: 'u\[0:32\]\[1:m-2\]': a length is negative or too large \(1 x 32 pieces of [0-9]+ bytes\) \(update device at present\.c:14\)$`)
}

// TestRows: pointers to pointers (accrt.h section 9).
func TestRows(t *testing.T) {
	t.Parallel()
	ok(t, "rows", nil)
}

func TestRowsErrors(t *testing.T) {
	t.Parallel()
	fails(t, "rows", nil, []string{"same-row"},
		`(?m)^accls runtime: row 4 of 'A\[0:6\]\[0:10\]' \(host 0x[0-9a-f]+, 40 bytes\) overlaps another row of it: .* must be disjoint \(copyin clause at rows\.c:2\)$`)
	fails(t, "rows", nil, []string{"row-first"},
		`(?m)^accls runtime: row 3 of 'A\[0:6\]\[0:10\]' points to data that was present on the device before its pointers were mapped with their rows \('A\[0:6\]\[0:10\]' at rows\.c:4\): .* \(copyin clause at rows\.c:4\)$`)
	fails(t, "rows", nil, []string{"row-first-dynamic"},
		`(?m)^accls runtime: row 3 of 'A' points to data that was present on the device before its pointers were mapped with their rows \('A\[0:6\]\[0:10\]' at rows\.c:11\): .* \(at rows\.c:12\)$`)
	fails(t, "rows", nil, []string{"pointers-only"},
		`(?m)^accls runtime: the pointers of 'A' are present on the device without their rows \(mapped as 'A' at rows\.c:5\): .* \(at rows\.c:6\)$`)
	fails(t, "rows", nil, []string{"absent"},
		`(?m)^accls runtime: 'A' is a pointer to pointers whose rows are not present on the device .* \(at rows\.c:7\)$`)
	fails(t, "rows", nil, []string{"changed-row"},
		`(?m)^accls runtime: row 2 of 'A\[0:6\]\[0:10\]' \(host 0x[0-9a-f]+, 40 bytes\) is not present on the device \(its pointers are, mapped as 'A\[0:6\]\[0:10\]' at rows\.c:8\) \(present clause at rows\.c:9\)$`)
}

// TestPinned: large copies through the pinned staging chunks (ACCLS_PINNED=1)
// give the same data and the same byte counts as plain copies.
func TestPinned(t *testing.T) {
	t.Parallel()
	var counts []string
	for _, pinned := range []string{"0", "1"} {
		path := filepath.Join(t.TempDir(), "profile.txt")
		ok(t, "pinned", map[string]string{"ACCLS_PINNED": pinned, "ACCLS_PROFILE": path})
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Fields(l); len(f) >= 3 && (f[0] == "host->device" || f[0] == "device->host") {
				rows = append(rows, f[0]+" "+f[1]+" "+f[2])
			}
		}
		counts = append(counts, strings.Join(rows, ", "))
	}
	want := fmt.Sprintf("host->device 2 %d, device->host 2 %d", (5<<20+123+3<<18)*4, (5<<20+123+9<<18)*4)
	for i, c := range counts {
		if c != want {
			t.Errorf("ACCLS_PINNED=%d: profile %q, want %q", i, c, want)
		}
	}
}

func TestUpdateSubrange(t *testing.T) {
	t.Parallel()
	ok(t, "update", nil)
}

func TestReductions(t *testing.T) {
	t.Parallel()
	r := ok(t, "reduce", nil)
	if !strings.Contains(r.stdout, "reduce: 96 operator/type cases") {
		t.Errorf("reduce ran an unexpected number of cases:\n%s", r.stdout)
	}
	fails(t, "reduce", nil, []string{"float-bitand"},
		`reduction operator '&' needs an integer type, not float, for 'f' at reduce\.c:77`)
}

func TestAPI(t *testing.T) {
	t.Parallel()
	ok(t, "api", nil)
	fails(t, "api", nil, []string{"free-bad"}, `acc_free: 0x[0-9a-f]+ was not returned by acc_malloc`)
	fails(t, "api", nil, []string{"devptr-bad"},
		`'p' \(0x[0-9a-f]+\) is not a device address .*\(deviceptr clause at api\.c:9\)`)
}

func TestBuildError(t *testing.T) {
	t.Parallel()
	r := fails(t, "builderr", nil, []string{"line"},
		`(?m)^accls runtime: OpenCL program 'bad\.cl' failed to build for device '.+': CL_BUILD_PROGRAM_FAILURE \(-11\); build log:$`,
		`user\.c:42:\d+: .*undeclared_b`, // #line-mapped
		`bad\.cl:2:\d+: .*undeclared_a`,  // before the #line: named after the program
	)
	if strings.Contains(r.stderr, "kcache") || strings.Contains(r.stderr, "tempfile") {
		t.Errorf("build log still names the compiler's temporary file:\n%s", r.stderr)
	}
	fails(t, "builderr", nil, []string{"noline"}, `bad\.cl:3:\d+: .*undeclared_c`)
	fails(t, "builderr", nil, []string{"nokernel"}, `OpenCL program 'one\.cl' has no kernel 'nope'`)
}

func TestDeviceSelection(t *testing.T) {
	t.Parallel()
	r := fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "nonexistent"}, nil,
		`(?m)^accls runtime: no OpenCL device matches ACCLS_DEVICE=nonexistent \(available: \d+:\d+ '.+' \((gpu|cpu|accelerator|custom), .+\)\)$`)
	if strings.Contains(r.stdout, "vadd:") {
		t.Errorf("program ran on no device:\n%s", r.stdout)
	}
	// The default device, and the same device named by index, by P:D, by type
	// and by a case-changed substring of its name.
	v := ok(t, "vadd", map[string]string{"ACCLS_VERBOSE": "1"})
	m := regexp.MustCompile(`(?m)^accls runtime: device (\d+):(\d+) '(.+)' \((gpu|cpu|accelerator|custom), (.+?)\), `).FindStringSubmatch(v.stderr)
	if m == nil {
		t.Fatalf("ACCLS_VERBOSE=1 did not name the device:\n%s", v.stderr)
	}
	if !strings.Contains(v.stderr, "accls runtime: built program 'vadd.c' in ") {
		t.Errorf("ACCLS_VERBOSE=1 did not report the build:\n%s", v.stderr)
	}
	name := m[3]
	for _, sel := range []string{m[1] + ":" + m[2], m[4], strings.ToUpper(name[:len(name)/2+1]), strings.ToLower(m[5])} {
		r := ok(t, "vadd", map[string]string{"ACCLS_DEVICE": sel, "ACCLS_VERBOSE": "1"})
		if !strings.Contains(r.stderr, "'"+name+"'") {
			t.Errorf("ACCLS_DEVICE=%s chose another device:\n%s", sel, r.stderr)
		}
	}
	fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "99:0"}, nil, `no OpenCL device matches ACCLS_DEVICE=99:0`)

	// OpenACC's ACC_DEVICE_TYPE and ACC_DEVICE_NUM choose when ACCLS_DEVICE
	// does not: the same device by its type and number 0 of that type.
	for _, typ := range []string{m[4], strings.ToUpper(m[4])} {
		r := ok(t, "vadd", map[string]string{"ACCLS_DEVICE": "", "ACC_DEVICE_TYPE": typ, "ACC_DEVICE_NUM": "0", "ACCLS_VERBOSE": "1"})
		if !strings.Contains(r.stderr, "'"+name+"'") {
			t.Errorf("ACC_DEVICE_TYPE=%s ACC_DEVICE_NUM=0 chose another device:\n%s", typ, r.stderr)
		}
	}
	ok(t, "vadd", map[string]string{"ACCLS_DEVICE": m[1] + ":" + m[2], "ACC_DEVICE_TYPE": "host"}) // ACCLS_DEVICE wins
	fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "", "ACC_DEVICE_TYPE": "host"}, nil,
		`accls runtime: accrt_program: the host is the current device`) // (vadd calls the runtime itself)
	fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "", "ACC_DEVICE_TYPE": "fpga"}, nil, `ACC_DEVICE_TYPE=fpga is not a device type accls knows`)
	fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "", "ACC_DEVICE_NUM": "first"}, nil, `ACC_DEVICE_NUM=first is not a device number`)
	fails(t, "vadd", map[string]string{"ACCLS_DEVICE": "", "ACC_DEVICE_TYPE": m[4], "ACC_DEVICE_NUM": "99"}, nil,
		`no OpenCL device number 99 of type `+m[4]+` \(acc_set_device_num, set device_num or ACC_DEVICE_NUM`)
}

var profileLines = []string{
	`(?m)^accls profile: device '.+' \(.+\)$`,
	`(?m)^kernel +launches +total ms +mean ms$`,
	`(?m)^vadd +1 +\d+\.\d{3} +\d+\.\d{3}$`,
	`(?m)^transfer +count +bytes +total ms +GB/s$`,
	`(?m)^host->device +2 +8000 +\d+\.\d{3} +(\d+\.\d\d|-)$`,
	`(?m)^device->host +1 +4000 +\d+\.\d{3} +(\d+\.\d\d|-)$`,
	`(?m)^program builds +1 +\d+\.\d{3}$`,
}

func TestProfile(t *testing.T) {
	t.Parallel()
	r := ok(t, "vadd", map[string]string{"ACCLS_PROFILE": "1"})
	for _, p := range profileLines {
		if !regexp.MustCompile(p).MatchString(r.stderr) {
			t.Errorf("ACCLS_PROFILE=1: stderr does not match %q:\n%s", p, r.stderr)
		}
	}
	path := filepath.Join(t.TempDir(), "profile.txt")
	r = ok(t, "vadd", map[string]string{"ACCLS_PROFILE": path})
	if strings.Contains(r.stderr, "accls profile") {
		t.Errorf("ACCLS_PROFILE=path also printed to stderr:\n%s", r.stderr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range profileLines {
		if !regexp.MustCompile(p).Match(b) {
			t.Errorf("ACCLS_PROFILE=path: file does not match %q:\n%s", p, b)
		}
	}
	r = ok(t, "vadd", nil)
	if r.stderr != "" {
		t.Errorf("without ACCLS_PROFILE/ACCLS_VERBOSE the runtime printed:\n%s", r.stderr)
	}
}

// BenchmarkPoCL runs testdata/bench.c once per iteration and reports PoCL's
// numbers on this machine: cold and warm program builds, the first launch,
// launch overhead (synchronous and queued), and copy bandwidth.
func BenchmarkPoCL(b *testing.B) {
	dir := benchEnv(b)
	for i := 0; i < b.N; i++ {
		out, err := runCmd(dir, filepath.Join(dir, "bench"), "64", "2000")
		if err != nil {
			b.Fatal(err)
		}
		re := regexp.MustCompile(`(?m)^bench: (\w+) ([0-9.]+) (\S+)`)
		for _, m := range re.FindAllStringSubmatch(out, -1) {
			var v float64
			fmt.Sscan(m[2], &v)
			b.ReportMetric(v, m[3]+"/"+m[1])
		}
		if i == 0 {
			b.Log("\n" + out)
		}
	}
}

func benchEnv(b *testing.B) string {
	env.once.Do(setupEnv)
	if env.err != nil {
		b.Fatal(env.err)
	}
	if env.skip != "" {
		b.Skip(env.skip)
	}
	src, _ := filepath.Abs(filepath.Join("testdata", "bench.c"))
	if _, err := runCmd(env.dir, env.cc, "-O2", "-std=c99", "-I", env.dir, "-o", "bench", src, "accrt.o",
		"-lOpenCL"); err != nil {
		b.Fatal(err)
	}
	return env.dir
}

func TestAsync(t *testing.T) {
	t.Parallel()
	ok(t, "async", nil)
	// ACCLS_SYNC_LAUNCH=1: every launch and copy blocks; the results are the same.
	ok(t, "async", map[string]string{"ACCLS_SYNC_LAUNCH": "1"})
	// ACCLS_PROFILE: every launch keeps its event (by default launches are
	// light: markers stand for them where a queue or a test waits).
	ok(t, "async", map[string]string{"ACCLS_PROFILE": filepath.Join(t.TempDir(), "profile.txt")})
	fails(t, "async", nil, []string{"bad-async"},
		`(?m)^accls runtime: invalid async value -7 in accrt_update_self \(update self at async\.c:3\)`)
	fails(t, "async", nil, []string{"memcpy-past-end"},
		`acc_memcpy_to_device: destination 0x[0-9a-f]+ \+ 64 bytes runs past the end of its device block \('acc_malloc', 100 bytes\)`)
	fails(t, "async", nil, []string{"memcpy-not-device"},
		`acc_memcpy_from_device: source 0x[0-9a-f]+ is not a device address`)
	fails(t, "async", nil, []string{"memcpy-overlap"}, `acc_memcpy_device: the source and destination ranges overlap`)
	fails(t, "async", nil, []string{"devnum"},
		`(?m)^accls runtime: wait\(devnum: (\d+)\) at async\.c:7: there is no device \d+ of type acc_device_\w+ \(\d+ devices? of that type, numbered from 0\)$`)
	if r := run(t, "async", nil, "snapshot"); r.code != 0 || !strings.Contains(r.stdout, "snapshot: 0 wrong") {
		t.Errorf("async snapshot: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	fails(t, "async", nil, []string{"map-not-malloc"}, `acc_map_data: 0x[0-9a-f]+ is not device memory from acc_malloc`)
	fails(t, "async", nil, []string{"map-present"},
		`acc_map_data: host 0x[0-9a-f]+ \(64 bytes\) overlaps '\?' \(host 0x[0-9a-f]+, 8 bytes\), which is already present`)
	fails(t, "async", nil, []string{"map-past-end"},
		`acc_map_data: 64 bytes from 0x[0-9a-f]+ go past the end of the acc_malloc block \(64 bytes at 0x[0-9a-f]+\)`)
	fails(t, "async", nil, []string{"unmap-not-mapped"}, `acc_unmap_data: 0x[0-9a-f]+ was not mapped by acc_map_data`)
	fails(t, "async", nil, []string{"device-num"}, `acc_set_device_num: there is no device 999 of type acc_device_default`)
	if r := run(t, "async", nil, "host-type"); r.code != 0 || !strings.Contains(r.stdout, "host type ok") {
		t.Errorf("async host-type: exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	fails(t, "async", nil, []string{"host-kernel"}, `accrt_program: the host is the current device \(ACC_DEVICE_TYPE=host, acc_set_device_type\(acc_device_host\) or set device_type\(host\)\): kernels do not run there`)
	if r := run(t, "async", nil, "type-missing"); !strings.Contains(r.stdout, "every device type exists") {
		fails(t, "async", nil, []string{"type-missing"},
			`(?m)^accls runtime: acc_set_device_type: there is no OpenCL device of type acc_device_opencl_\w+ \(the current device is '.+'\)$`)
		fails(t, "async", nil, []string{"num-missing"},
			`(?m)^accls runtime: acc_set_device_num: there is no device 0 of type acc_device_opencl_\w+ \(0 devices of that type, numbered from 0\)$`)
		// with a device the user chose (ACCLS_DEVICE), that device stays
		for _, mode := range []string{"type-missing", "num-missing"} {
			r := run(t, "async", map[string]string{"ACCLS_DEVICE": "0"}, mode)
			if r.code != 0 || !regexp.MustCompile(`(?m)^accls runtime: warning: the program asks for a device of type \w+ .* and there is none: running on '.+' \(\w+\), which ACCLS_DEVICE=0 chose$`).MatchString(r.stderr) {
				t.Errorf("async %s with ACCLS_DEVICE=0: exit %d\nstderr:\n%s", mode, r.code, r.stderr)
			}
		}
	}
}
