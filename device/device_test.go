package device

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The listing tests run List in a child process (the test binary again):
// the ICD loader reads OCL_ICD_VENDORS once per process.
func TestMain(m *testing.M) {
	if os.Getenv("ACCLS_DEVICE_TEST_CHILD") != "" {
		l, err := List()
		out := struct {
			Listing *Listing
			Kind    string
			Err     string
		}{Listing: l}
		if err != nil {
			out.Err = err.Error()
			for _, k := range []error{ErrNoLibrary, ErrNoPlatform, ErrNoDevice, ErrUnsupported} {
				if errors.Is(err, k) {
					out.Kind = k.Error()
				}
			}
		}
		json.NewEncoder(os.Stdout).Encode(out)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type childListing struct {
	Listing *Listing
	Kind    string
	Err     string
}

func listInChild(t *testing.T, env ...string) childListing {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), append(env, "ACCLS_DEVICE_TEST_CHILD=1")...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var c childListing
	if err := json.Unmarshal(out, &c); err != nil {
		t.Fatalf("child output %q: %v", out, err)
	}
	return c
}

func TestListNoLibrary(t *testing.T) {
	c := listInChild(t, "ACCLS_OPENCL_LIB="+filepath.Join(t.TempDir(), "libOpenCL.so.1"))
	if c.Kind != ErrNoLibrary.Error() {
		t.Fatalf("kind %q (error %q), want %q", c.Kind, c.Err, ErrNoLibrary)
	}
	if !strings.Contains(c.Err, "libOpenCL.so.1") {
		t.Errorf("the error does not say what was tried: %s", c.Err)
	}
}

func TestListNoPlatform(t *testing.T) {
	if loaded := listInChild(t); loaded.Kind == ErrNoLibrary.Error() || loaded.Kind == ErrUnsupported.Error() {
		t.Skip("no OpenCL library: ", loaded.Err)
	}
	dir := t.TempDir()
	c := listInChild(t, "OCL_ICD_VENDORS="+dir)
	if c.Kind != ErrNoPlatform.Error() {
		t.Fatalf("kind %q (error %q), want %q", c.Kind, c.Err, ErrNoPlatform)
	}
	if !strings.Contains(c.Err, "OCL_ICD_VENDORS="+dir) || !strings.Contains(c.Err, "no .icd file") {
		t.Errorf("the error does not say where the ICD files were looked for: %s", c.Err)
	}
	if len(c.Listing.Devices) != 0 {
		t.Errorf("devices without a platform: %+v", c.Listing.Devices)
	}
}

func TestListDevices(t *testing.T) {
	c := listInChild(t)
	if c.Err != "" {
		if os.Getenv("ACCLS_REQUIRE_OPENCL") != "" {
			t.Fatalf("ACCLS_REQUIRE_OPENCL is set but %s", c.Err)
		}
		t.Skip(c.Err)
	}
	for i, d := range c.Listing.Devices {
		if d.Index != i || d.Selector != fmt.Sprintf("%d:%d", d.PlatformIndex, d.DeviceIndex) {
			t.Errorf("device %d: index %d, selector %s", i, d.Index, d.Selector)
		}
		if d.Name == "" || d.Version == "" || d.Platform == "" || d.ComputeUnits == 0 || d.GlobalMemBytes == 0 || d.MaxWorkGroupSize == 0 {
			t.Errorf("device %d lacks properties: %+v", i, d)
		}
		switch d.Type {
		case "gpu", "cpu", "accelerator", "custom":
		default:
			t.Errorf("device %d: type %q", i, d.Type)
		}
		t.Logf("%s %s: %s, %d CUs, %d MiB", d.Selector, d.Type, d.Name, d.ComputeUnits, d.GlobalMemBytes>>20)
	}
}

func TestSelect(t *testing.T) {
	devs := []Device{
		{Selector: "0:0", Index: 0, PlatformIndex: 0, DeviceIndex: 0, Name: "pthread-haswell", Platform: "Portable Computing Language", Type: "cpu"},
		{Selector: "1:0", Index: 1, PlatformIndex: 1, DeviceIndex: 0, Name: "NVIDIA H100 80GB HBM3", Platform: "NVIDIA CUDA", Type: "gpu"},
		{Selector: "1:1", Index: 2, PlatformIndex: 1, DeviceIndex: 1, Name: "NVIDIA H100 80GB HBM3", Platform: "NVIDIA CUDA", Type: "gpu"},
		{Selector: "2:0", Index: 3, PlatformIndex: 2, DeviceIndex: 0, Name: "FPGA emulator", Platform: "Intel FPGA", Type: "accelerator"},
	}
	for _, tc := range []struct {
		sel  string
		want int
	}{
		{"", 1}, {"gpu", 1}, {"GPU", 1}, {"cpu", 0}, {"accelerator", 3},
		{"1:1", 2}, {"0:0", 0}, {"3:0", -1}, {"1:", -1},
		{"2", 2}, {"4", -1}, {"h100", 1}, {"portable", 0}, {"nothing", -1},
	} {
		if got := Select(devs, tc.sel); got != tc.want {
			t.Errorf("Select(%q) = %d, want %d", tc.sel, got, tc.want)
		}
	}
	if got := Select(devs[:1], ""); got != 0 {
		t.Errorf("default among CPUs only = %d", got)
	}
	if got := Select(devs[3:], ""); got != 0 {
		t.Errorf("default among accelerators only = %d", got)
	}
	if got := Select(nil, ""); got != -1 {
		t.Errorf("empty list = %d", got)
	}
}

func TestParseProfile(t *testing.T) {
	const text = `accls profile: device 'pthread-haswell-AMD EPYC' (Portable Computing Language)
kernel                            launches     total ms      mean ms
vadd                                     3        0.412        0.137
main_L12                                 1        1.500        1.500
transfer                            count        bytes     total ms      GB/s
host->device                            2      8000000        1.234        6.48
device->host                            1      4000000        0.617        6.48
program builds                          1                   250.123
`
	p, err := ParseProfile([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	want := &Profile{
		Device:  "'pthread-haswell-AMD EPYC' (Portable Computing Language)",
		Kernels: []KernelProfile{{"vadd", 3, 0.412}, {"main_L12", 1, 1.5}},
		H2D:     TransferProfile{2, 8000000, 1.234},
		D2H:     TransferProfile{1, 4000000, 0.617},
		Builds:  1, BuildMs: 250.123,
	}
	if fmt.Sprint(p) != fmt.Sprint(want) {
		t.Errorf("got  %+v\nwant %+v", p, want)
	}
	// No transfers: the rate column is "-".
	p, err = ParseProfile([]byte("accls profile: device 'x' (y)\nkernel launches total ms mean ms\ntransfer count bytes total ms GB/s\nhost->device 0 0 0.000 -\ndevice->host 0 0 0.000 -\nprogram builds 0 0.000\n"))
	if err != nil || len(p.Kernels) != 0 || p.H2D.Count != 0 {
		t.Errorf("empty profile: %+v, %v", p, err)
	}
	if _, err := ParseProfile([]byte("garbage\n")); err == nil {
		t.Error("garbage parsed")
	}
	if _, err := ParseProfile([]byte("accls profile: device 'x' (y)\nkernel launches total ms mean ms\nk one two three\n")); err == nil {
		t.Error("bad kernel line parsed")
	}
}

func TestIncompleteSuffix(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
	}{
		{"abc", 0}, {"", 0}, {"é", 0}, {"a\xc3", 1}, {"a\xe2\x82", 2}, {"\xf0\x9f\x98", 3}, {"😀", 0}, {"\x80", 0},
	} {
		if got := incompleteSuffix([]byte(tc.s)); got != tc.want {
			t.Errorf("incompleteSuffix(%q) = %d, want %d", tc.s, got, tc.want)
		}
	}
}

// recorder collects a run's output.
type recorder struct {
	mu     sync.Mutex
	chunks []string
	out    map[Stream]string
	seen   chan string
}

func newRecorder() *recorder {
	return &recorder{out: map[Stream]string{}, seen: make(chan string, 100)}
}

func (r *recorder) output(s Stream, b []byte) {
	r.mu.Lock()
	r.chunks = append(r.chunks, string(b))
	r.out[s] += string(b)
	r.mu.Unlock()
	select {
	case r.seen <- string(b):
	default:
	}
}

func sh(t *testing.T) string {
	p, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	return p
}

func TestRunExit(t *testing.T) {
	r := newRecorder()
	dir := t.TempDir()
	prof := filepath.Join(dir, "profile")
	res, err := Run(context.Background(), RunSpec{
		Path: sh(t), Args: []string{"-c", `echo "out $1 $ACCLS_DEVICE"; echo err >&2; printf 'accls profile: device %s\n' "'d' (p)" > "$ACCLS_PROFILE"; exit 3`, "sh", "arg"},
		Device: "gpu", ProfilePath: prof, Output: r.output,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 3 || res.Signal != "" || res.TimedOut || res.Cancelled {
		t.Errorf("result %+v", res)
	}
	if r.out[Stdout] != "out arg gpu\n" || r.out[Stderr] != "err\n" {
		t.Errorf("output %q", r.out)
	}
	if res.Profile == nil || res.Profile.Device != "'d' (p)" {
		t.Errorf("profile %+v (%v)", res.Profile, res.ProfileErr)
	}
}

func TestRunSignal(t *testing.T) {
	res, err := Run(context.Background(), RunSpec{Path: sh(t), Args: []string{"-c", "kill -SEGV $$"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Signal != "SIGSEGV" || res.ExitCode != -1 {
		t.Errorf("result %+v", res)
	}
}

func TestRunNotFound(t *testing.T) {
	if _, err := Run(context.Background(), RunSpec{Path: filepath.Join(t.TempDir(), "nothing")}); err == nil {
		t.Error("no error for a missing program")
	}
}

// TestRunCancel: output streams before the program ends; cancelling kills
// the program and what it started (its process group).
func TestRunCancel(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	r := newRecorder()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan *Result)
	go func() {
		res, err := Run(ctx, RunSpec{
			Path: sh(t), Args: []string{"-c", `sleep 100 & echo $! > "$1"; echo started; wait`, "sh", pidFile},
			Output: r.output,
		})
		if err != nil {
			t.Error(err)
		}
		done <- res
	}()
	select {
	case s := <-r.seen:
		if s != "started\n" {
			t.Errorf("first output %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no output while the program runs")
	}
	cancel()
	var res *Result
	select {
	case res = <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return after the cancellation")
	}
	if !res.Cancelled || res.Signal != "SIGKILL" {
		t.Errorf("result %+v", res)
	}
	checkGone(t, pidFile)
}

func TestRunTimeout(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	start := time.Now()
	res, err := Run(context.Background(), RunSpec{
		Path: sh(t), Args: []string{"-c", `sleep 100 & echo $! > "$1"; wait`, "sh", pidFile},
		Timeout: 300 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Cancelled {
		t.Errorf("result %+v", res)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	checkGone(t, pidFile)
}

func checkGone(t *testing.T, pidFile string) {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid := strings.TrimSpace(string(b))
	for range 100 {
		if exec.Command("kill", "-0", pid).Run() != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	exec.Command("kill", "-9", pid).Run()
	t.Errorf("process %s of the program's group survived", pid)
}

func TestRunOutputLimitAndUTF8(t *testing.T) {
	r := newRecorder()
	res, err := Run(context.Background(), RunSpec{
		Path: sh(t), Args: []string{"-c", `printf 'ab\303'; sleep 0.2; printf '\251cd'; printf 'xxxxxxxxxxxxxxxxxxxx'`},
		Output: r.output, MaxOutput: 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.OutputDropped {
		t.Error("OutputDropped not set")
	}
	if got := r.out[Stdout]; got != "abécdxxxx" {
		t.Errorf("output %q", got)
	}
	for _, c := range r.chunks {
		if strings.HasSuffix(c, "\xc3") {
			t.Errorf("a chunk ends inside a UTF-8 sequence: %q", r.chunks)
		}
	}
}
