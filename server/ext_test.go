package server

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/accls/accls/device"
)

func TestParseToolSettings(t *testing.T) {
	for _, tc := range []struct {
		json string
		ok   bool
		want toolSettings
	}{
		{``, false, defaultToolSettings()},
		{`null`, false, defaultToolSettings()},
		{`{"semanticDelayMs": 5}`, false, defaultToolSettings()},
		{`{"accls": {"device": " gpu ", "cc": "clang", "cflags": ["-O3"], "includePaths": ["inc"], "defines": ["N=4"], "run": {"args": ["a", "b"], "timeoutSeconds": 2.5}}}`, true,
			toolSettings{Device: "gpu", CC: "clang", CFlags: []string{"-O3"}, IncludePaths: []string{"inc"}, Defines: []string{"N=4"}, Args: []string{"a", "b"}, Timeout: 2500 * time.Millisecond}},
		{`{"device": "1:0", "run.args": ["x"], "run.timeoutSeconds": 0}`, true,
			toolSettings{Device: "1:0", Args: []string{"x"}}},
		{`{"accls": {"run": {"timeoutSeconds": -1}}}`, true, toolSettings{}},
		{`{"accls": {"cc": "gcc"}}`, true, toolSettings{CC: "gcc", Timeout: defaultRunTimeout}},
		{`{"accls": {"fpContract": true}}`, true, toolSettings{FPContract: true, Timeout: defaultRunTimeout}},
		{`{"fpContract": false}`, true, defaultToolSettings()},
		{`{"accls": {"cacheStage": true}}`, true, toolSettings{CacheStage: true, Timeout: defaultRunTimeout}},
	} {
		got, ok := parseToolSettings([]byte(tc.json))
		if ok != tc.ok || !sameSettings(got, tc.want) {
			t.Errorf("parseToolSettings(%s) = %+v, %v; want %+v, %v", tc.json, got, ok, tc.want, tc.ok)
		}
	}
}

func sameSettings(a, b toolSettings) bool {
	j := func(s toolSettings) string { b, _ := json.Marshal(s); return string(b) }
	return j(a) == j(b)
}

// withDevices replaces the device listing for a test.
func withDevices(t *testing.T, l *deviceListing) *int {
	calls := new(int)
	old := listDevices
	listDevices = func(context.Context) *deviceListing {
		*calls++
		cp := *l
		return &cp
	}
	t.Cleanup(func() { listDevices = old })
	return calls
}

func TestDevicesAndSelection(t *testing.T) {
	calls := withDevices(t, &deviceListing{
		Platforms: []device.Platform{{Index: 0, Name: "PoCL"}, {Index: 1, Name: "NVIDIA CUDA"}},
		Devices: []device.Device{
			{Selector: "0:0", Index: 0, Name: "cpu-haswell", Platform: "PoCL", Type: "cpu"},
			{Selector: "1:0", Index: 1, PlatformIndex: 1, Name: "NVIDIA H100", Platform: "NVIDIA CUDA", Type: "gpu"},
		},
	})
	c := startServer(t)
	c.initializeWith(map[string]any{"accls": map[string]any{"device": "cpu"}}, nil)
	var r DevicesResult
	decode := func(m *msg) {
		t.Helper()
		if m.Error != nil {
			t.Fatalf("error: %s", m.raw)
		}
		r = DevicesResult{}
		if err := json.Unmarshal(m.Result, &r); err != nil {
			t.Fatal(err)
		}
	}
	decode(c.call("accls/devices", map[string]any{}))
	if r.Selected != "cpu" || r.SelectedIndex == nil || *r.SelectedIndex != 0 || len(r.Devices) != 2 {
		t.Errorf("devices: %+v", r)
	}
	decode(c.call("accls/selectDevice", map[string]any{"device": "gpu"}))
	if r.Selected != "gpu" || r.SelectedIndex == nil || *r.SelectedIndex != 1 {
		t.Errorf("after selecting gpu: %+v", r)
	}
	m := c.call("accls/selectDevice", map[string]any{"device": "fpga"})
	if m.Error == nil || m.Error.Code != -32602 || !strings.Contains(m.Error.Message, "1:0 'NVIDIA H100' (gpu, NVIDIA CUDA)") {
		t.Errorf("selecting a device that does not exist: %s", m.raw)
	}
	decode(c.call("workspace/executeCommand", map[string]any{"command": "accls.selectDevice", "arguments": []any{"1:0"}}))
	if r.Selected != "1:0" {
		t.Errorf("command with a string: %+v", r)
	}
	decode(c.call("workspace/executeCommand", map[string]any{"command": "accls.selectDevice"}))
	if r.Selected != "1:0" || len(r.Devices) != 2 {
		t.Errorf("command without arguments: %+v", r)
	}
	decode(c.call("accls/selectDevice", map[string]any{"device": ""}))
	if r.Selected != "cpu" {
		t.Errorf("back to the setting: %+v", r)
	}
	if *calls != 1 {
		t.Errorf("the devices were listed %d times, want once", *calls)
	}
	decode(c.call("accls/devices", map[string]any{"refresh": true}))
	if *calls != 2 {
		t.Errorf("refresh did not list again")
	}
}

func TestDevicesUnavailable(t *testing.T) {
	withDevices(t, &deviceListing{Error: "no OpenCL platform found", Kind: "noPlatform"})
	c := startServer(t)
	c.initialize()
	m := c.call("accls/selectDevice", map[string]any{"device": "gpu"})
	var r DevicesResult
	if err := json.Unmarshal(m.Result, &r); err != nil || r.Selected != "gpu" || r.Error == "" || r.SelectedIndex != nil {
		t.Errorf("selection without OpenCL: %s", m.raw)
	}
	// The rest of the server works.
	c.open(testURI, "#pragma acc parallel\n", 1)
	if m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI}, "position": map[string]any{"line": 0, "character": 14}}); m.Error != nil || string(m.Result) == "null" {
		t.Errorf("hover: %s", m.raw)
	}
}

func TestExecuteCommandErrors(t *testing.T) {
	c := startServer(t)
	c.initialize()
	for _, p := range []map[string]any{
		{"command": "accls.nothing"},
		{"command": "accls.run", "arguments": []any{map[string]any{}, map[string]any{}}},
		{"command": "accls.run", "arguments": []any{map[string]any{}}},
		{"command": "accls.showKernels", "arguments": []any{"not an object"}},
	} {
		if m := c.call("workspace/executeCommand", p); m.Error == nil || m.Error.Code != -32602 {
			t.Errorf("%v: %s", p, m.raw)
		}
	}
}

func TestKernelsWithoutDocument(t *testing.T) {
	c := startServer(t)
	c.initialize()
	m := c.call("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.c"}})
	var r KernelsResult
	if err := json.Unmarshal(m.Result, &r); err != nil || r.Message != "the document is not open" || r.Constructs == nil {
		t.Errorf("kernels of a closed document: %s", m.raw)
	}
	m = c.call("textDocument/codeLens", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.c"}})
	if string(m.Result) != "[]" {
		t.Errorf("lenses of a closed document: %s", m.raw)
	}
}

func TestMainDefinition(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // the matched text, "" for none
	}{
		{"int main(void) {}", "int main"},
		{"static int\nmain (int argc, char **argv)\n{", "static int\nmain"},
		{"  void main() {}", "void main"},
		{"int domain(void);\n// main(\n", ""},
		{"int x = main(1);", ""},
	} {
		s := &server{docs: documents{m: map[string]*docEntry{}}}
		snap := &snapshot{uri: "file:///x.c", text: []byte(tc.text)}
		sp, ok := s.mainFunction(snap)
		got := ""
		if ok {
			got = tc.text[sp.Start:sp.End]
		}
		if got != tc.want {
			t.Errorf("main in %q: %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestBuildErrors(t *testing.T) {
	out := `/tmp/x/vadd.c: In function 'main':
/tmp/x/vadd.c:5:6: error: unused variable 'x' [-Werror=unused-variable]
vadd.c:12:10: error: use of undeclared identifier 'q'
vadd.c:12:10: error: use of undeclared identifier 'q'
vadd.c:3: warning: something
cc1: some warnings being treated as errors
`
	got := buildErrors(out)
	want := []buildMessage{
		{file: "/tmp/x/vadd.c", line: 5, col: 6, msg: "unused variable 'x' [-Werror=unused-variable]"},
		{file: "vadd.c", line: 12, col: 10, msg: "use of undeclared identifier 'q'"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	pocl := buildErrors("1 warning and 2 errors generated.\naccls runtime: OpenCL program 'k.c' failed to build: CL_BUILD_PROGRAM_FAILURE (-11); build log:\nerror: /tmp/k.c:16:70: parameter may not be qualified with an address space\nerror: /tmp/k.c:9:15: expected expression\nwarning: /tmp/k.c:16:70: omitting the parameter name\n")
	if len(pocl) != 2 || pocl[1] != (buildMessage{file: "/tmp/k.c", line: 9, col: 15, msg: "expected expression"}) {
		t.Errorf("PoCL build log: %+v", pocl)
	}
	spelled := buildErrors("error: /t/f.c:10:11 <Spelling=<command line>:5:15>: expected expression\n")
	if len(spelled) != 1 || spelled[0] != (buildMessage{file: "/t/f.c", line: 10, col: 11, msg: "expected expression"}) {
		t.Errorf("a message with a spelling location: %+v", spelled)
	}
	link := buildErrors("/usr/bin/ld: x.o: in function `main':\nx.c:(.text+0x5): undefined reference to `foo'\ncollect2: error: ld returned 1 exit status\n")
	if len(link) == 0 || link[0].line != 0 {
		t.Errorf("linker errors: %+v", link)
	}
}

// runProgram asks for accls/run of uri on the CPU device and returns the
// result and the program's output (skipping the test when there is no
// OpenCL to run on, unless ACCLS_REQUIRE_OPENCL is set).
func (c *tclient) runProgram(t *testing.T, uri, runID string) (RunResult, string) {
	t.Helper()
	// The first run of a session compiles the runtime: more than call waits
	// under load.
	id := c.request("accls/run", map[string]any{"textDocument": map[string]any{"uri": uri}, "runId": runID, "device": "cpu"})
	var m *msg
	deadline := time.After(2 * time.Minute)
	for m == nil {
		select {
		case x, ok := <-c.msgs:
			if !ok {
				t.Fatal("the server closed the connection")
			}
			if x.Method == "" && string(x.ID) == id {
				m = x
			} else {
				c.stash = append(c.stash, x)
			}
		case <-deadline:
			t.Fatal("accls/run took more than 2 minutes")
		}
	}
	var r RunResult
	if err := json.Unmarshal(m.Result, &r); err != nil {
		t.Fatalf("accls/run: %s", m.raw)
	}
	if r.Outcome != outcomeExited || r.ExitCode == nil || *r.ExitCode != 0 {
		if os.Getenv("ACCLS_REQUIRE_OPENCL") == "" {
			t.Skipf("no OpenCL to run on: %s", r.Message)
		}
		t.Fatalf("run: %s", m.raw)
	}
	var out strings.Builder
	for _, n := range c.stash {
		if n.Method != "accls/runOutput" {
			continue
		}
		var p RunOutputParams
		json.Unmarshal(n.Params, &p)
		if p.RunID == runID && p.Stream == "stdout" {
			out.WriteString(p.Text)
		}
	}
	return r, out.String()
}

// TestPreviewAndRunInProcess drives previews (concurrent requests on one
// version) and a run through an in-process server, for the race detector,
// and checks that the session's temporary directories are gone once Serve
// has returned (the process may exit at once).
func TestPreviewAndRunInProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	c := startServer(t)
	c.initialize()
	const uri = "file:///inproc/vadd.c"
	c.open(uri, `#include <stdio.h>
int main(void)
{
	float a[64];
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 64; i++)
		a[i] = 2 * i;
	printf("a[63] = %g\n", a[63]);
	return 0;
}
`, 1)
	var ids []string
	for i := range 8 {
		ids = append(ids, c.request("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 4 + i%3, "character": 1}}))
	}
	for _, id := range ids {
		var r KernelsResult
		if m := c.response(id); json.Unmarshal(m.Result, &r) != nil || len(r.Constructs) != 1 || len(r.Constructs[0].Kernels) != 1 {
			t.Fatalf("accls/kernels: %s", m.raw)
		}
	}
	r, out := c.runProgram(t, uri, "x")
	if out != "a[63] = 126\n" {
		t.Errorf("output %q", out)
	}
	if len(r.Kernels) != 1 || r.Kernels[0].Launches != 1 || r.Transfers.D2HBytes != 256 {
		t.Errorf("profile: %+v", r)
	}
	if left, _ := os.ReadDir(tmp); len(left) == 0 {
		t.Errorf("the session made no temporary directory in %s: the check below tests nothing", tmp)
	}
	c.call("shutdown", nil)
	c.notify("exit", nil)
	if err := c.serveResult(); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("left in TMPDIR after Serve returned: %v", names)
	}
}

// TestRunProgramOfSeveralFiles runs main.c of cmd/accls/testdata/routines,
// whose kernels call routines of ops.c, from its directory: the run builds
// the files that define what it calls (ops.c, and grid.c, which ops.c's
// routines do not need but main.c calls), with the text of the open grid.c
// (an unsaved edit), and leaves out another program's file of the
// directory (alt.c: its own main and squash). The output must be the
// plain C build's of the same texts.
func TestRunProgramOfSeveralFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	src := filepath.Join("..", "cmd", "accls", "testdata", "routines")
	dir, plainDir := t.TempDir(), t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{dir, plainDir} {
			if err := os.WriteFile(filepath.Join(d, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := "#include \"ops.h\"\nfloat squash(float v) { return v; }\nint main(void) { return squash(0); }\n"
	if err := os.WriteFile(filepath.Join(dir, "alt.c"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	grid, _ := os.ReadFile(filepath.Join(dir, "grid.c"))
	edited := strings.Replace(string(grid), "1.0f + i % 3", "2.0f + i % 5", 1)
	if edited == string(grid) {
		t.Fatal("grid.c has no '1.0f + i % 3' to edit")
	}
	os.WriteFile(filepath.Join(plainDir, "grid.c"), []byte(edited), 0o644)
	plain := filepath.Join(plainDir, "plain")
	cmd := exec.Command("cc", "-O2", "-w", "-o", plain, "main.c", "ops.c", "grid.c")
	cmd.Dir = plainDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("plain build: %v\n%s", err, out)
	}
	want, err := exec.Command(plain).Output()
	if err != nil {
		t.Fatal(err)
	}

	c := startServer(t)
	c.initialize()
	mainText, _ := os.ReadFile(filepath.Join(dir, "main.c"))
	c.open("file://"+filepath.ToSlash(filepath.Join(dir, "grid.c")), edited, 1)
	c.open("file://"+filepath.ToSlash(filepath.Join(dir, "main.c")), string(mainText), 1)
	r, out := c.runProgram(t, "file://"+filepath.ToSlash(filepath.Join(dir, "main.c")), "m")
	if out != string(want) {
		t.Errorf("output %q, want the plain build's %q", out, want)
	}
	if !slices.Equal(r.Files, []string{"ops.c", "grid.c"}) {
		t.Errorf("the program's other files: %q, want grid.c and ops.c", r.Files)
	}
	if len(r.Kernels) < 3 {
		t.Errorf("kernels of main.c and grid.c: %+v", r.Kernels)
	}
}

// TestPreviewOfSeveralFiles previews main.c of cmd/accls/testdata/routines,
// whose kernels call routines of ops.c: the preview translates it with the
// program's other files, so no construct fails and the kernels show
// ops.c's routine; an edit of ops.c on disk, then an unsaved one in its open
// document, shows in the next preview of the unchanged main.c.
func TestPreviewOfSeveralFiles(t *testing.T) {
	src := filepath.Join("..", "cmd", "accls", "testdata", "routines")
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startServer(t)
	c.initialize()
	mainURI := "file://" + filepath.ToSlash(filepath.Join(dir, "main.c"))
	mainText, _ := os.ReadFile(filepath.Join(dir, "main.c"))
	c.open(mainURI, string(mainText), 1)
	preview := func() string {
		t.Helper()
		var r KernelsResult
		m := c.response(c.request("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": mainURI}}))
		if err := json.Unmarshal(m.Result, &r); err != nil || len(r.Constructs) == 0 {
			t.Fatalf("accls/kernels: %s", m.raw)
		}
		var all strings.Builder
		for _, con := range r.Constructs {
			if con.Error != nil {
				t.Errorf("line %d: %s", con.Line+1, con.Error.Message)
			}
			for _, k := range con.Kernels {
				all.WriteString(k.Source)
			}
			for _, r := range con.Routines {
				fmt.Fprintf(&all, "// %s %s %s:%d\n%s", r.Name, r.Level, filepath.Base(uriPath(string(r.URI))), r.Line+1, r.Source)
			}
		}
		return all.String()
	}
	got := preview()
	for _, want := range []string{"// squash seq ops.c:19\n", "* half", "// count_over seq ops.c:33\n", "// clampf_2 seq ops.c:13\n", "// clampf seq main.c:"} {
		if !strings.Contains(got, want) {
			t.Fatalf("the preview has no %q:\n%s", want, got)
		}
	}

	opsPath := filepath.Join(dir, "ops.c")
	ops, _ := os.ReadFile(opsPath)
	saved := strings.Replace(string(ops), "* half;", "* half * 3.0f;", 1)
	if saved == string(ops) {
		t.Fatal("ops.c has no '* half;' to edit")
	}
	if err := os.WriteFile(opsPath, []byte(saved), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2 * time.Second) // a distinct modification time on coarse clocks
	os.Chtimes(opsPath, later, later)
	if got := preview(); !strings.Contains(got, "* 3.0f;") {
		t.Fatalf("the preview does not show ops.c as saved:\n%s", got)
	}

	unsaved := strings.Replace(saved, "* half * 3.0f;", "* half * 7.0f;", 1)
	c.open("file://"+filepath.ToSlash(opsPath), unsaved, 1)
	if got := preview(); !strings.Contains(got, "* 7.0f;") {
		t.Fatalf("the preview does not show the open ops.c's unsaved text:\n%s", got)
	}
}

// TestPreviewOfProjectFiles previews src/main.c of a project whose
// routines live in another directory (src/ops/ops.c, headers in include/)
// and whose compile_commands.json lists both: the preview finds ops.c
// through the database, and a Run builds it.
func TestPreviewOfProjectFiles(t *testing.T) {
	src := filepath.Join("..", "cmd", "accls", "testdata", "routines")
	root := t.TempDir()
	place := map[string]string{"main.c": "src", "grid.c": "src", "ops.c": "src/ops", "ops.h": "include", "grid.h": "include"}
	for name, dir := range place {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(root, dir), 0o755)
		if err := os.WriteFile(filepath.Join(root, dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var db []map[string]string
	for _, f := range []string{"src/main.c", "src/grid.c", "src/ops/ops.c"} {
		db = append(db, map[string]string{"directory": root, "file": f, "command": "cc -Iinclude -c " + f})
	}
	b, _ := json.Marshal(db)
	os.WriteFile(filepath.Join(root, "compile_commands.json"), b, 0o644)

	c := startServer(t)
	rootURI := "file://" + filepath.ToSlash(root)
	if m := c.call("initialize", map[string]any{"rootUri": rootURI, "capabilities": map[string]any{},
		"initializationOptions": map[string]any{"semanticDelayMs": -1}}); m.Error != nil {
		t.Fatal(m)
	}
	c.notify("initialized", map[string]any{})
	mainURI := rootURI + "/src/main.c"
	text, _ := os.ReadFile(filepath.Join(root, "src", "main.c"))
	c.open(mainURI, string(text), 1)
	var r KernelsResult
	m := c.call("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": mainURI}})
	if err := json.Unmarshal(m.Result, &r); err != nil || len(r.Constructs) == 0 {
		t.Fatalf("accls/kernels: %s", m.raw)
	}
	var found []string
	for _, con := range r.Constructs {
		if con.Error != nil {
			t.Errorf("line %d: %s", con.Line+1, con.Error.Message)
		}
		for _, rt := range con.Routines {
			found = append(found, rt.Function+" "+strings.TrimPrefix(uriPath(string(rt.URI)), root))
		}
	}
	if !slices.Contains(found, "squash /src/ops/ops.c") {
		t.Errorf("routines %q: want squash of /src/ops/ops.c", found)
	}
	if testing.Short() {
		return
	}
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("no C compiler")
	}
	run, _ := c.runProgram(t, mainURI, "p")
	if !slices.Equal(run.Files, []string{"ops.c", "grid.c"}) {
		t.Errorf("the program's other files: %q, want ops.c and grid.c", run.Files)
	}
}
