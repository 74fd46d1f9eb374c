package server

// Transcript tests: scripts under testdata/transcripts/*.txt drive the real
// accls binary over stdin/stdout with a jsonrpc2 client; what the server
// sends back is compared with the .golden file next to the script (go test
// -run TestTranscripts -update rewrites them). The script language is
// described in testdata/transcripts/README.md.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"

	"github.com/accls/accls/internal/golden"
)

// binary is the accls binary built by TestMain.
var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	shortKernelServers()
	code := func() int {
		if os.Getenv("ACCLS_NO_TRANSCRIPTS") != "" {
			// A test binary run where no Go toolchain is (benchmarks on
			// another machine): the transcripts are skipped.
			return m.Run()
		}
		dir, err := os.MkdirTemp("", "accls-transcript")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		binary = filepath.Join(dir, "accls")
		gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := os.Stat(gobin); err != nil {
			gobin = "go"
		}
		// The test hooks add accls/test/slow, a request slow enough to cancel.
		cmd := exec.Command(gobin, "build", "-tags", "accls_testhooks", "-o", binary, "github.com/accls/accls/cmd/accls")
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "building accls: %v\n%s", err, out)
			return 1
		}
		return m.Run()
	}()
	os.Exit(code)
}

func TestTranscripts(t *testing.T) {
	if binary == "" {
		t.Skip("ACCLS_NO_TRANSCRIPTS is set")
	}
	scripts, err := filepath.Glob("testdata/transcripts/*.txt")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no transcripts: %v", err)
	}
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".txt")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := runTranscript(t, script)
			golden.Check(t, strings.TrimSuffix(script, ".txt")+".golden", []byte(got))
		})
	}
}

// recorder is the client's jsonrpc2.Stream: it frames messages like LSP and
// records every message the server sends, in order.
type recorder struct {
	in  *bufio.Reader
	out io.WriteCloser
	wmu sync.Mutex

	mu      sync.Mutex
	msgs    []*msg
	arrived chan struct{} // signalled after each message
	lastID  jsonrpc2.ID   // of the last request written
	ncalls  int           // requests written
	ended   bool
}

func (r *recorder) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		body, err := readFrameBody(r.in)
		if err != nil {
			r.mu.Lock()
			r.ended = true
			r.mu.Unlock()
			r.signal()
			return nil, 0, err
		}
		m := &msg{raw: body}
		if err := json.Unmarshal(body, m); err != nil {
			return nil, 0, fmt.Errorf("server sent bad JSON %q: %w", body, err)
		}
		r.mu.Lock()
		r.msgs = append(r.msgs, m)
		r.mu.Unlock()
		r.signal()
		if m.Method == "" && string(m.ID) == "null" {
			continue // an error about unreadable input: jsonrpc2 cannot decode it
		}
		jm, err := jsonrpc2.DecodeMessage(body)
		if err != nil {
			return nil, 0, fmt.Errorf("server sent a bad message %q: %w", body, err)
		}
		return jm, int64(len(body)), nil
	}
}

func (r *recorder) signal() {
	select {
	case r.arrived <- struct{}{}:
	default:
	}
}

func (r *recorder) Write(_ context.Context, m jsonrpc2.Message) (int64, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return 0, err
	}
	if c, ok := m.(*jsonrpc2.Call); ok {
		r.mu.Lock()
		r.lastID = c.ID()
		r.ncalls++
		r.mu.Unlock()
	}
	return r.writeRaw(frame(body))
}

func (r *recorder) writeRaw(b []byte) (int64, error) {
	r.wmu.Lock()
	defer r.wmu.Unlock()
	n, err := r.out.Write(b)
	return int64(n), err
}

func (r *recorder) Close() error { return r.out.Close() }

func readFrameBody(in *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			length, err = strconv.Atoi(v)
			if err != nil {
				return nil, err
			}
		}
	}
	if length < 0 {
		return nil, errors.New("server sent a message without Content-Length")
	}
	body := make([]byte, length)
	_, err := io.ReadFull(in, body)
	return body, err
}

// wait waits until some message at index >= from satisfies match and returns
// its index.
func (r *recorder) wait(t *testing.T, what string, from int, match func(*msg) bool) int {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		r.mu.Lock()
		for i := from; i < len(r.msgs); i++ {
			if match(r.msgs[i]) {
				r.mu.Unlock()
				return i
			}
		}
		ended := r.ended
		r.mu.Unlock()
		if ended {
			t.Fatalf("the server closed its output while waiting for %s", what)
		}
		select {
		case <-r.arrived:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.msgs)
}

type pendingCall struct {
	id   jsonrpc2.ID
	done chan struct{}
}

// transcript is the state of one script run.
type transcript struct {
	t       *testing.T
	rec     *recorder
	conn    jsonrpc2.Conn
	cmd     *exec.Cmd
	stderr  *syncBuffer
	out     strings.Builder
	shown   int            // messages already written to out
	version map[string]int // per open document
	pending []pendingCall  // slow requests not answered yet
	brief   bool           // show every publishDiagnostics as one line
	// editing is set during a step that edits a document: its own result is
	// the directive diagnostics of the new version; a second publish of that
	// version (a semantic run that finished early) belongs to the next step.
	editing bool
	calls   sync.WaitGroup
	ca      codeActionState // codeaction and apply (transcript_codeaction_test.go)
	ext     extState        // the extension commands (transcript_ext_test.go)
	work    string          // the script's $WORK
}

const transcriptRoot = "file:///transcript/"

func runTranscript(t *testing.T, script string) string {
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	// Scripts may name a scratch directory ($WORK) and set the server's
	// environment (#!env, #!require-opencl; transcript_ext_test.go).
	work := t.TempDir()
	data = []byte(strings.ReplaceAll(string(data), "$WORK", work))
	cmd := exec.Command(binary, "serve")
	cmd.Env = scriptEnv(t, string(data), work)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	tr := &transcript{t: t, cmd: cmd, stderr: &syncBuffer{}, version: map[string]int{}, work: work}
	cmd.Stderr = tr.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
		if t.Failed() {
			t.Logf("server stderr:\n%s\ntranscript so far:\n%s", tr.stderr.String(), tr.out.String())
		}
	})
	tr.rec = &recorder{in: bufio.NewReader(stdout), out: stdin, arrived: make(chan struct{}, 1)}
	tr.conn = jsonrpc2.NewConn(tr.rec)
	tr.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if c, ok := req.(*jsonrpc2.Call); ok {
			if c.Method() == "workspace/inlayHint/refresh" {
				return reply(ctx, nil, nil)
			}
			if result, ok := tr.ext.answer(c.Method()); ok {
				return reply(ctx, result, nil)
			}
			return reply(ctx, nil, jsonrpc2.ErrMethodNotFound)
		}
		return nil
	})

	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		// A heredoc: `... <<END` takes the following lines up to END.
		var heredoc *string
		if j := strings.LastIndex(line, " <<"); j >= 0 {
			end := line[j+3:]
			line = line[:j]
			var body []string
			i++
			for ; i < len(lines) && lines[i] != end; i++ {
				body = append(body, lines[i])
			}
			if i == len(lines) {
				t.Fatalf("%s: heredoc %s not closed", script, end)
			}
			s := strings.Join(body, "\n") + "\n"
			heredoc = &s
			fmt.Fprintf(&tr.out, "> %s <<%s\n", line, end)
		} else {
			fmt.Fprintf(&tr.out, "> %s\n", line)
		}
		tr.step(fmt.Sprintf("%s:%d", script, i+1), line, heredoc)
	}
	if cmd.ProcessState == nil {
		t.Fatalf("%s: the script must end with exit", script)
	}
	return strings.ReplaceAll(tr.out.String(), work, "$WORK")
}

// step runs one command of a script.
func (tr *transcript) step(where, line string, heredoc *string) {
	t := tr.t
	t.Helper()
	fields := strings.Fields(line)
	cmd, args := fields[0], fields[1:]
	rest := strings.TrimSpace(strings.TrimPrefix(line, cmd))
	argc := func(n int) {
		if len(args) < n {
			t.Fatalf("%s: %s needs %d arguments", where, cmd, n)
		}
	}
	from := tr.rec.count()
	tr.editing = cmd == "open" || cmd == "change" || cmd == "replace" || cmd == "type"
	switch cmd {
	case "initialize":
		// Without initializationOptions the semantic run is off, so that
		// the directive-level transcripts stay deterministic.
		params := map[string]any{
			"processId": nil, "rootUri": nil,
			"clientInfo":            map[string]any{"name": "transcript"},
			"capabilities":          map[string]any{},
			"initializationOptions": map[string]any{"semanticDelayMs": -1},
		}
		if rest != "" {
			var extra map[string]any
			if err := json.Unmarshal([]byte(rest), &extra); err != nil {
				t.Fatalf("%s: initialize takes a JSON object: %v", where, err)
			}
			maps.Copy(params, extra)
		}
		tr.call("initialize", params)
		tr.notify("initialized", map[string]any{})
	case "brief":
		argc(1)
		tr.brief = args[0] == "on"
	case "wait-semantic":
		argc(1)
		tr.call("accls/test/semanticWait", map[string]any{"textDocument": map[string]any{"uri": transcriptRoot + args[0]}})
	case "symbols":
		argc(1)
		tr.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": transcriptRoot + args[0]}})
	case "hints":
		argc(1)
		rng := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 100000, "character": 0}}
		if len(args) > 1 {
			rng = parseRange(t, where, args[1])
		}
		tr.call("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": transcriptRoot + args[0]}, "range": rng})
	case "open":
		argc(1)
		text := ""
		if heredoc != nil {
			text = *heredoc
		} else if len(args) > 1 {
			text = unquote(t, where, strings.TrimSpace(strings.TrimPrefix(rest, args[0])))
		}
		uri := transcriptRoot + args[0]
		tr.version[uri] = 1
		tr.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": uri, "languageId": "c", "version": 1, "text": text}})
		tr.waitDiagnostics(from, uri, 1)
	case "change", "replace":
		argc(1)
		uri := transcriptRoot + args[0]
		change := map[string]any{}
		textArg := strings.TrimSpace(strings.TrimPrefix(rest, args[0]))
		if cmd == "change" {
			argc(2)
			change["range"] = parseRange(t, where, args[1])
			textArg = strings.TrimSpace(strings.TrimPrefix(textArg, args[1]))
		}
		if heredoc != nil {
			change["text"] = *heredoc
		} else {
			change["text"] = unquote(t, where, textArg)
		}
		tr.didChange(from, uri, change)
	case "type":
		argc(3)
		uri := transcriptRoot + args[0]
		l, c := parsePos(t, where, args[1])
		text := unquote(t, where, strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, args[0]), " "+args[1])))
		runes := []rune(text)
		for i, r := range runes {
			p := map[string]any{"line": l, "character": c}
			tr.didChange(from, uri, map[string]any{"range": map[string]any{"start": p, "end": p}, "text": string(r)})
			tr.flush(i < len(runes)-1) // the last diagnostics in full
			from = tr.rec.count()
			if r == '\n' {
				l, c = l+1, 0
			} else {
				c += utf16Len(r)
			}
		}
		return
	case "hover", "complete":
		argc(2)
		l, c := parsePos(t, where, args[1])
		method := "textDocument/hover"
		if cmd == "complete" {
			method = "textDocument/completion"
		}
		tr.call(method, map[string]any{
			"textDocument": map[string]any{"uri": transcriptRoot + args[0]},
			"position":     map[string]any{"line": l, "character": c}})
	case "save":
		argc(1)
		tr.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": transcriptRoot + args[0]}})
	case "close":
		argc(1)
		uri := transcriptRoot + args[0]
		delete(tr.version, uri)
		tr.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
		tr.waitDiagnostics(from, uri, -1)
	case "request":
		argc(1)
		tr.call(args[0], rawParams(t, where, strings.TrimSpace(strings.TrimPrefix(rest, args[0]))))
	case "notify":
		argc(1)
		tr.notify(args[0], rawParams(t, where, strings.TrimSpace(strings.TrimPrefix(rest, args[0]))))
	case "slow":
		tr.rec.mu.Lock()
		n := tr.rec.ncalls
		tr.rec.mu.Unlock()
		done := make(chan struct{})
		tr.calls.Add(1)
		go func() {
			defer tr.calls.Done()
			defer close(done)
			tr.conn.Call(context.Background(), "accls/test/slow", map[string]any{"ms": 20000}, nil)
		}()
		// Wait until the request is on the wire, to know its id.
		for {
			tr.rec.mu.Lock()
			id, sent := tr.rec.lastID, tr.rec.ncalls > n
			tr.rec.mu.Unlock()
			if sent {
				tr.pending = append(tr.pending, pendingCall{id, done})
				break
			}
			time.Sleep(time.Millisecond)
		}
	case "cancel":
		// Cancel the last slow request still pending (answered with
		// RequestCancelled), or else the last request sent, which is
		// finished: nothing happens.
		tr.rec.mu.Lock()
		id := tr.rec.lastID
		tr.rec.mu.Unlock()
		var done chan struct{}
		if n := len(tr.pending); n > 0 {
			id, done = tr.pending[n-1].id, tr.pending[n-1].done
			tr.pending = tr.pending[:n-1]
		}
		tr.notify("$/cancelRequest", map[string]any{"id": &id})
		if done != nil {
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%s: the cancelled request was not answered", where)
			}
		}
	case "codeaction", "apply":
		tr.codeActionStep(where, cmd, args, from)
	case "raw":
		// Bytes written as they are; the server answers with one error
		// whose id is null.
		b := unquote(t, where, rest)
		if _, err := tr.rec.writeRaw([]byte(b)); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		tr.rec.wait(t, where+": error response", from, func(m *msg) bool { return string(m.ID) == "null" })
	case "shutdown":
		tr.call("shutdown", nil)
	case "exit":
		tr.notify("exit", nil)
		done := make(chan error, 1)
		go func() { done <- tr.cmd.Wait() }()
		select {
		case err := <-done:
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			tr.calls.Wait()
			tr.flush(false)
			fmt.Fprintf(&tr.out, "= exit status %d\n", code)
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the server did not exit", where)
		}
		return
	default:
		if !tr.extStep(where, cmd, args, rest, from) {
			t.Fatalf("%s: unknown command %q", where, cmd)
		}
	}
	tr.flush(false)
}

func (tr *transcript) call(method string, params any) {
	var result json.RawMessage
	// Errors are recorded with the response.
	tr.conn.Call(context.Background(), method, params, &result)
}

func (tr *transcript) notify(method string, params any) {
	tr.ca.track(method, params)
	if err := tr.conn.Notify(context.Background(), method, params); err != nil {
		tr.t.Fatalf("notify %s: %v", method, err)
	}
}

// didChange sends one change of uri and waits for the diagnostics of the
// new version.
func (tr *transcript) didChange(from int, uri string, change map[string]any) {
	v, ok := tr.version[uri]
	if !ok {
		tr.t.Fatalf("change of %s, which is not open", uri)
	}
	v++
	tr.version[uri] = v
	tr.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": v},
		"contentChanges": []any{change}})
	tr.waitDiagnostics(from, uri, v)
}

func (tr *transcript) waitDiagnostics(from int, uri string, version int) {
	tr.rec.wait(tr.t, fmt.Sprintf("diagnostics of %s version %d", uri, version), from, func(m *msg) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p publishParams
		if json.Unmarshal(m.Params, &p) != nil || p.URI != uri {
			return false
		}
		if version < 0 {
			return p.Version == nil
		}
		return p.Version != nil && *p.Version == version
	})
}

// flush writes the messages received since the last flush to the
// transcript; brief abbreviates publishDiagnostics to one line.
func (tr *transcript) flush(brief bool) {
	if tr.ext.held() {
		return // a run is in flight: its messages are shown by wait-run
	}
	tr.rec.mu.Lock()
	msgs := tr.rec.msgs[tr.shown:]
	tr.shown = len(tr.rec.msgs)
	tr.rec.mu.Unlock()
	if tr.editing {
		// Timing decides whether a fast semantic run lands before or after
		// this flush; always show it with the next step.
		seen := map[string]bool{}
		for i, m := range msgs {
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p publishParams
			if json.Unmarshal(m.Params, &p) != nil || p.Version == nil {
				continue
			}
			key := fmt.Sprintf("%s@%d", p.URI, *p.Version)
			if seen[key] {
				tr.shown -= len(msgs) - i
				msgs = msgs[:i]
				break
			}
			seen[key] = true
		}
	}
	for _, m := range msgs {
		if tr.ext.collect(m) {
			continue // accls/runOutput: shown by wait-run
		}
		if (brief || tr.brief) && m.Method == "textDocument/publishDiagnostics" {
			tr.out.WriteString("< " + summarizeDiagnostics(m.Params) + "\n")
			continue
		}
		tr.out.WriteString("< " + normalize(tr.t, m.raw) + "\n")
	}
}

// summarizeDiagnostics is a one-line form of publishDiagnostics params:
// version, then range and code of each diagnostic.
func summarizeDiagnostics(params []byte) string {
	var p struct {
		Version     *int `json:"version"`
		Diagnostics []struct {
			Range struct {
				Start, End struct{ Line, Character int }
			} `json:"range"`
			Code any `json:"code"`
		} `json:"diagnostics"`
	}
	json.Unmarshal(params, &p)
	var sb strings.Builder
	sb.WriteString("publishDiagnostics")
	if p.Version != nil {
		fmt.Fprintf(&sb, " v%d", *p.Version)
	}
	sb.WriteString(":")
	if len(p.Diagnostics) == 0 {
		sb.WriteString(" none")
	}
	for _, d := range p.Diagnostics {
		r := d.Range
		fmt.Fprintf(&sb, " %d:%d-%d:%d %v", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, d.Code)
	}
	return sb.String()
}

// normalize re-encodes a message with sorted keys and two-space indentation,
// and replaces what may change from build to build (the server's version).
func normalize(t *testing.T, raw []byte) string {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("bad JSON from the server: %s", raw)
	}
	if m, ok := v.(map[string]any); ok {
		if res, ok := m["result"].(map[string]any); ok {
			if si, ok := res["serverInfo"].(map[string]any); ok {
				si["version"] = "VERSION"
			}
		}
		normalizeExt(m)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	enc.Encode(v)
	return strings.TrimSuffix(buf.String(), "\n")
}

func unquote(t *testing.T, where, s string) string {
	if s == "" {
		return ""
	}
	u, err := strconv.Unquote(s)
	if err != nil {
		t.Fatalf("%s: bad string %s: %v", where, s, err)
	}
	return u
}

func rawParams(t *testing.T, where, s string) any {
	if s == "" {
		return nil
	}
	if !json.Valid([]byte(s)) {
		t.Fatalf("%s: params are not JSON: %s", where, s)
	}
	return json.RawMessage(s)
}

func parsePos(t *testing.T, where, s string) (int, int) {
	l, c, ok := strings.Cut(s, ":")
	line, err1 := strconv.Atoi(l)
	char, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("%s: bad position %q (want LINE:CHAR, 0-based)", where, s)
	}
	return line, char
}

func parseRange(t *testing.T, where, s string) map[string]any {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		t.Fatalf("%s: bad range %q (want L:C-L:C)", where, s)
	}
	l1, c1 := parsePos(t, where, a)
	l2, c2 := parsePos(t, where, b)
	return map[string]any{
		"start": map[string]any{"line": l1, "character": c1},
		"end":   map[string]any{"line": l2, "character": c2},
	}
}

func utf16Len(r rune) int {
	if r >= 0x10000 && utf8.ValidRune(r) {
		return 2
	}
	return 1
}

// shortKernelServers makes the kernel build servers that the tests' builds
// start (compiler/kernelserver.go) leave soon after the last test, not
// five minutes later, unless the environment says otherwise.
func shortKernelServers() {
	if os.Getenv("ACCLS_KERNEL_SERVER_IDLE") == "" {
		os.Setenv("ACCLS_KERNEL_SERVER_IDLE", "15")
	}
}
