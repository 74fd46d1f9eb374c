package server

// Transcript commands for the protocol extensions (README.md):
//
//	#!env NAME=VALUE           the server's environment (before it starts)
//	#!require-opencl           skip the script when no OpenCL device can be
//	                           listed (fail when ACCLS_REQUIRE_OPENCL is set)
//	#!require-file PATH        skip the script when PATH does not exist (idem)
//	lens NAME                  textDocument/codeLens
//	kernels NAME [POS]         accls/kernels (kernel sources shown line by line
//	                           with their source lines)
//	config JSON                what the client answers to workspace/configuration
//	run NAME [JSON]            accls/run without waiting; JSON is merged into
//	                           the params (runId "r1", "r2"… unless given)
//	command NAME JSON          workspace/executeCommand {command: NAME, arguments: [JSON]}
//	                           without waiting (cancel and wait-run apply)
//	wait-output TEXT           waits until the run's output contains TEXT
//	wait-run [STREAM…]         waits for the last run's response; its output
//	                           follows as `= stdout: "…"` / `= stderr: "…"`
//	                           (only the streams named, when some are)
//	cancel-progress            window/workDoneProgress/cancel for the last
//	                           $/progress token begun
//	check-gone FILE            the process whose pid FILE holds is gone
//	check-glob PATTERN         prints how many paths match
//
// $WORK in a script is a scratch directory of the test; it reads $WORK in the
// transcript. Times, the device's name and properties are normalized.

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// extState is what the extension commands keep per transcript.
type extState struct {
	mu     sync.Mutex
	config json.RawMessage // the answer to workspace/configuration
	runs   int
	// output of the runs by runId and stream, from accls/runOutput.
	output map[string]map[string]*strings.Builder
	// seen are the runOutput messages already collected.
	seen map[*msg]bool
	// lastRun is the id of the last run sent.
	lastRun string
	// runDone is closed when the last run (or command) is answered.
	runDone chan struct{}
	// hold skips the next flush (the end of a command that does not wait).
	hold bool
}

// held reports (and clears) whether the next flush is skipped.
func (x *extState) held() bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	h := x.hold
	x.hold = false
	return h
}

// answer is the client's reply to a request from the server; ok is false
// for methods the runner does not know.
func (x *extState) answer(method string) (any, bool) {
	switch method {
	case "window/workDoneProgress/create":
		return nil, true
	case "workspace/configuration":
		x.mu.Lock()
		defer x.mu.Unlock()
		if x.config == nil {
			return []any{nil}, true
		}
		return []json.RawMessage{x.config}, true
	}
	return nil, false
}

// collect takes accls/runOutput notifications (true) out of the
// transcript's message flow.
func (x *extState) collect(m *msg) bool {
	if m.Method != "accls/runOutput" {
		return false
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.seen[m] {
		return true
	}
	if x.seen == nil {
		x.seen = map[*msg]bool{}
		x.output = map[string]map[string]*strings.Builder{}
	}
	x.seen[m] = true
	var p RunOutputParams
	json.Unmarshal(m.Params, &p)
	if x.output[p.RunID] == nil {
		x.output[p.RunID] = map[string]*strings.Builder{}
	}
	b := x.output[p.RunID][p.Stream]
	if b == nil {
		b = &strings.Builder{}
		x.output[p.RunID][p.Stream] = b
	}
	b.WriteString(p.Text)
	return true
}

// scriptEnv is the server's environment: the test's, with the #!env lines
// of the script; #!require-opencl skips the test without OpenCL.
func scriptEnv(t *testing.T, script, work string) []string {
	env := os.Environ()
	for _, line := range strings.Split(script, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "#!env "):
			kv := strings.TrimSpace(strings.TrimPrefix(line, "#!env "))
			name, _, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("#!env %s: want NAME=VALUE", kv)
			}
			env = slicesDeleteEnv(env, name)
			env = append(env, kv)
		case strings.HasPrefix(line, "#!require-file "):
			f := strings.TrimSpace(strings.TrimPrefix(line, "#!require-file "))
			if _, err := os.Stat(f); err != nil {
				if os.Getenv("ACCLS_REQUIRE_OPENCL") != "" {
					t.Fatalf("ACCLS_REQUIRE_OPENCL is set but %v", err)
				}
				t.Skip(err)
			}
		case line == "#!require-opencl":
			if why := openCLMissing(); why != "" {
				if os.Getenv("ACCLS_REQUIRE_OPENCL") != "" {
					t.Fatalf("ACCLS_REQUIRE_OPENCL is set but %s", why)
				}
				t.Skip(why)
			}
		}
	}
	// The scratch directory exists for the server's temporary files.
	os.MkdirAll(filepath.Join(work, "tmp"), 0o755)
	return env
}

func slicesDeleteEnv(env []string, name string) []string {
	out := env[:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, name+"=") {
			out = append(out, kv)
		}
	}
	return out
}

var openCL struct {
	once sync.Once
	why  string
}

// openCLMissing says why the binary cannot list an OpenCL device, or "".
func openCLMissing() string {
	openCL.once.Do(func() {
		if _, err := exec.LookPath("cc"); err != nil {
			openCL.why = "no C compiler (cc)"
			return
		}
		out, err := exec.Command(binary, "devices", "--json").Output()
		var l struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(out, &l) != nil {
			openCL.why = fmt.Sprintf("accls devices failed: %v", err)
		} else if l.Error != "" {
			openCL.why = l.Error
		}
	})
	return openCL.why
}

// extStep runs an extension command; false when cmd is not one.
func (tr *transcript) extStep(where, cmd string, args []string, rest string, from int) bool {
	t := tr.t
	argc := func(n int) {
		if len(args) < n {
			t.Fatalf("%s: %s needs %d arguments", where, cmd, n)
		}
	}
	doc := func(name string) map[string]any { return map[string]any{"uri": transcriptRoot + name} }
	switch cmd {
	case "lens":
		argc(1)
		tr.call("textDocument/codeLens", map[string]any{"textDocument": doc(args[0])})
	case "kernels":
		argc(1)
		p := map[string]any{"textDocument": doc(args[0])}
		if len(args) > 1 {
			l, c := parsePos(t, where, args[1])
			p["position"] = map[string]any{"line": l, "character": c}
		}
		tr.call("accls/kernels", p)
	case "config":
		tr.ext.mu.Lock()
		tr.ext.config = json.RawMessage(rest)
		tr.ext.mu.Unlock()
	case "run", "command":
		argc(1)
		var method string
		var params any
		tr.ext.mu.Lock()
		tr.ext.runs++
		id := fmt.Sprintf("r%d", tr.ext.runs)
		tr.ext.mu.Unlock()
		if cmd == "run" {
			p := map[string]any{"textDocument": doc(args[0]), "runId": id}
			if extra := strings.TrimSpace(strings.TrimPrefix(rest, args[0])); extra != "" {
				if err := json.Unmarshal([]byte(extra), &p); err != nil {
					t.Fatalf("%s: run takes a JSON object: %v", where, err)
				}
			}
			if s, ok := p["runId"].(string); ok {
				id = s
			}
			method, params = "accls/run", p
		} else {
			arg := strings.TrimSpace(strings.TrimPrefix(rest, args[0]))
			method, params = "workspace/executeCommand", map[string]any{"command": args[0], "arguments": []any{rawParams(t, where, arg)}}
			var p struct {
				RunID string `json:"runId"`
			}
			json.Unmarshal([]byte(arg), &p)
			id = p.RunID
		}
		tr.rec.mu.Lock()
		n := tr.rec.ncalls
		tr.rec.mu.Unlock()
		done := make(chan struct{})
		tr.calls.Add(1)
		go func() {
			defer tr.calls.Done()
			defer close(done)
			var result json.RawMessage
			tr.conn.Call(context.Background(), method, params, &result)
		}()
		for {
			tr.rec.mu.Lock()
			id2, sent := tr.rec.lastID, tr.rec.ncalls > n
			tr.rec.mu.Unlock()
			if sent {
				tr.pending = append(tr.pending, pendingCall{id2, done})
				break
			}
			time.Sleep(time.Millisecond)
		}
		tr.ext.mu.Lock()
		tr.ext.lastRun, tr.ext.runDone = id, done
		tr.ext.hold = true // its messages are shown by wait-run
		tr.ext.mu.Unlock()
		return true
	case "wait-output":
		text := unquote(t, where, rest)
		tr.rec.wait(t, where+": output "+rest, 0, func(m *msg) bool {
			tr.ext.collect(m)
			tr.ext.mu.Lock()
			defer tr.ext.mu.Unlock()
			for _, b := range tr.ext.output[tr.ext.lastRun] {
				if strings.Contains(b.String(), text) {
					return true
				}
			}
			return false
		})
		tr.ext.mu.Lock()
		tr.ext.hold = true // the messages so far are shown with the run's end
		tr.ext.mu.Unlock()
		return true
	case "wait-run":
		tr.ext.mu.Lock()
		done, id := tr.ext.runDone, tr.ext.lastRun
		tr.ext.mu.Unlock()
		if done == nil {
			t.Fatalf("%s: no run to wait for", where)
		}
		select {
		case <-done:
		case <-time.After(120 * time.Second):
			t.Fatalf("%s: the run was not answered", where)
		}
		for i, p := range tr.pending {
			if p.done == done {
				tr.pending = append(tr.pending[:i], tr.pending[i+1:]...)
				break
			}
		}
		tr.flush(false)
		tr.ext.mu.Lock()
		streams := tr.ext.output[id]
		var names []string
		for s := range streams {
			names = append(names, s)
		}
		sort.Strings(names)
		for _, s := range names {
			if len(args) > 0 && !slices.Contains(args, s) {
				continue // not asked for (its text depends on the machine)
			}
			fmt.Fprintf(&tr.out, "= %s: %s\n", s, strconv.Quote(normalizeOutput(streams[s].String())))
		}
		tr.ext.mu.Unlock()
		return true
	case "cancel-progress":
		var token json.RawMessage
		tr.rec.mu.Lock()
		for _, m := range tr.rec.msgs {
			if m.Method != "$/progress" {
				continue
			}
			var p struct {
				Token json.RawMessage `json:"token"`
				Value struct {
					Kind string `json:"kind"`
				} `json:"value"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Value.Kind == "begin" {
				token = p.Token
			}
		}
		tr.rec.mu.Unlock()
		if token == nil {
			t.Fatalf("%s: no progress began", where)
		}
		tr.notify("window/workDoneProgress/cancel", map[string]any{"token": token})
		tr.ext.mu.Lock()
		tr.ext.hold = true
		tr.ext.mu.Unlock()
		return true
	case "check-gone":
		argc(1)
		b, err := os.ReadFile(args[0])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatalf("%s: %s holds no pid: %q", where, args[0], b)
		}
		gone := false
		for range 100 { // the kill is asynchronous to the response at most briefly
			if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
				gone = true
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if gone {
			fmt.Fprintf(&tr.out, "= process gone\n")
		} else {
			fmt.Fprintf(&tr.out, "= process %d STILL RUNNING\n", pid)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	case "check-glob":
		argc(1)
		m, err := filepath.Glob(args[0])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		fmt.Fprintf(&tr.out, "= %d match(es)\n", len(m))
	default:
		return false
	}
	tr.flush(false)
	return true
}

// Normalization of what changes from run to run and machine to machine.
var (
	timeRE   = regexp.MustCompile(`\b\d+(\.\d+)? (ms|s)\b`)
	deviceRE = regexp.MustCompile(`'[^']*' \([^)]*\)`)
	// The device in the runtime's and PoCL's build failure messages.
	deviceRE2 = regexp.MustCompile(`(for device |Device )'?[^'\n]*?'?( failed|: CL_)`)
	// volatileKeys are replaced by a placeholder of their kind.
	volatileKeys = map[string]string{
		"wallMs": "MS", "translateMs": "MS", "buildMs": "MS", "totalMs": "MS", "h2dMs": "MS", "d2hMs": "MS", "ms": "MS",
		"deviceName": "DEVICE",
		// Device properties (accls/devices).
		"name": "NAME", "version": "VERSION", "driverVersion": "VERSION", "vendor": "VENDOR",
		"computeUnits": "N", "globalMemBytes": "N", "localMemBytes": "N", "maxAllocBytes": "N",
		"maxClockMHz": "N", "maxWorkGroupSize": "N",
	}
)

// normalizeExt normalizes the volatile parts of extension messages: run
// results, progress, device listings. Kernel sources are shown line by line
// with their line map.
func normalizeExt(m map[string]any) {
	if m["method"] == "$/progress" {
		if p, ok := m["params"].(map[string]any); ok {
			if v, ok := p["value"].(map[string]any); ok {
				if s, ok := v["message"].(string); ok {
					v["message"] = normalizeOutput(s)
				}
			}
		}
		return
	}
	if e, ok := m["error"].(map[string]any); ok {
		if s, ok := e["message"].(string); ok && strings.Contains(s, "OpenCL") {
			e["message"] = normalizeOutput(s)
		}
	}
	res, ok := m["result"].(map[string]any)
	if !ok {
		return
	}
	_, isRun := res["runId"]
	_, isDevices := res["devices"]
	switch {
	case isRun:
		for k, v := range res {
			if p, ok := volatileKeys[k]; ok && p == "MS" {
				res[k] = p
			}
			if k == "deviceName" && v != nil {
				res[k] = "DEVICE"
			}
		}
		if s, ok := res["message"].(string); ok {
			res["message"] = normalizeOutput(s)
		}
		if ks, ok := res["kernels"].([]any); ok {
			for _, k := range ks {
				if km, ok := k.(map[string]any); ok {
					km["totalMs"] = "MS"
				}
			}
		}
		for _, key := range []string{"transfers", "programBuilds"} {
			if tm, ok := res[key].(map[string]any); ok {
				for k := range tm {
					if strings.HasSuffix(k, "Ms") || k == "ms" {
						tm[k] = "MS"
					}
				}
			}
		}
	case isDevices:
		for _, key := range []string{"devices", "platforms"} {
			list, _ := res[key].([]any)
			for _, d := range list {
				if dm, ok := d.(map[string]any); ok {
					for k := range dm {
						if p, ok := volatileKeys[k]; ok && p != "MS" && p != "DEVICE" {
							dm[k] = p
						}
					}
					if _, ok := dm["platform"]; ok {
						dm["platform"] = "PLATFORM"
					}
				}
			}
		}
	}
	if cs, ok := res["constructs"].([]any); ok {
		for _, c := range cs {
			cm, _ := c.(map[string]any)
			ks, _ := cm["kernels"].([]any)
			for _, k := range ks {
				km, _ := k.(map[string]any)
				if km == nil {
					continue
				}
				src, _ := km["source"].(string)
				lm, _ := km["lineMap"].([]any)
				at := map[int]string{}
				for _, e := range lm {
					em, _ := e.(map[string]any)
					kl, _ := em["kernelLine"].(json.Number).Int64()
					sl, _ := em["sourceLine"].(json.Number).Int64()
					at[int(kl)] = strconv.Itoa(int(sl))
				}
				var lines []any
				sc := bufio.NewScanner(strings.NewReader(src))
				for i := 0; sc.Scan(); i++ {
					lines = append(lines, fmt.Sprintf("%3d %4s | %s", i, at[i], strings.ReplaceAll(sc.Text(), "\t", "    ")))
				}
				km["source"] = lines
				delete(km, "lineMap")
			}
		}
	}
}

// normalizeOutput replaces times and device names in text.
func normalizeOutput(s string) string {
	s = timeRE.ReplaceAllString(s, "TIME")
	s = deviceRE2.ReplaceAllString(s, "${1}DEVICE$2")
	return deviceRE.ReplaceAllString(s, "'DEVICE' (PLATFORM)")
}
