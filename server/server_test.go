package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

const testURI = "file:///w/a.c"

func errCode(t *testing.T, m *msg) int {
	t.Helper()
	if m.Error == nil {
		t.Fatalf("expected an error response, got %s", m)
	}
	return m.Error.Code
}

func TestInitializeResult(t *testing.T) {
	c := startServer(t)
	m := c.call("initialize", map[string]any{"capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "t"}})
	const want = `{"capabilities":{"textDocumentSync":{"openClose":true,"change":2,"save":{}},"completionProvider":{"triggerCharacters":[" ","(",":",",",".","\u003e"]},"hoverProvider":true,"documentSymbolProvider":true,"codeActionProvider":{"codeActionKinds":["quickfix","refactor.rewrite","source.fixAll.openacc"]},"codeLensProvider":{},"executeCommandProvider":{"commands":["accls.showKernels","accls.run","accls.selectDevice"]},"experimental":{"accls":{"kernels":true,"devices":true,"selectDevice":true,"run":true,"runOutput":true}},"inlayHintProvider":true},"serverInfo":{"name":"accls","version":"test"}}`
	if string(m.Result) != want {
		t.Errorf("initialize result\n got %s\nwant %s", m.Result, want)
	}
	if code := errCode(t, c.call("initialize", map[string]any{})); code != -32600 {
		t.Errorf("second initialize: code %d, want -32600", code)
	}
}

func TestBeforeInitialize(t *testing.T) {
	c := startServer(t)
	if code := errCode(t, c.call("textDocument/hover", map[string]any{})); code != -32002 {
		t.Errorf("hover before initialize: code %d, want -32002", code)
	}
	if code := errCode(t, c.call("shutdown", nil)); code != -32002 {
		t.Errorf("shutdown before initialize: code %d, want -32002", code)
	}
	// Notifications before initialize are dropped: no diagnostics.
	c.open(testURI, "#pragma acc parallel\n", 1)
	c.initialize()
	if m := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": testURI}, "position": map[string]any{"line": 0, "character": 9}}); string(m.Result) != "null" {
		t.Errorf("hover on a document opened before initialize: %s", m)
	}
	c.noMessage(50 * time.Millisecond)
}

func TestMalformedInput(t *testing.T) {
	c := startServer(t)
	nullID := func(code int) func(*msg) bool {
		return func(m *msg) bool { return string(m.ID) == "null" && m.Error != nil && m.Error.Code == code }
	}
	// A body that is not JSON.
	c.writeRaw(frame([]byte(`{"jsonrpc":"2.0","id":1,"method":`)))
	c.await("parse error", nullID(-32700))
	// JSON that is not JSON-RPC.
	c.writeRaw(frame([]byte(`[1,2,3]`)))
	c.await("invalid request (array)", nullID(-32600))
	c.writeRaw(frame([]byte(`{"jsonrpc":"2.0","id":2,"method":7}`)))
	c.await("invalid request (method)", nullID(-32600))
	// A header block without Content-Length, then garbage, then (without a
	// line break) a good message.
	c.writeRaw([]byte("Content-Type: x\r\n\r\n{\"garbage\": true}"))
	c.writeRaw(frame([]byte(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`)))
	c.await("missing Content-Length", nullID(-32600))
	if code := errCode(t, c.response("3")); code != -32002 {
		t.Errorf("request after garbage: code %d", code)
	}
	// A bad header line and a bad length.
	c.writeRaw([]byte("Content-Length: 2\r\nthis is no header\r\n\r\n{}"))
	c.await("bad header line", nullID(-32600))
	c.writeRaw([]byte("Content-Length: lots\r\n\r\n"))
	c.await("bad length", nullID(-32600))
	// Stray blank lines between messages are fine.
	c.writeRaw([]byte("\r\n\r\n"))
	c.initialize()
	if m := c.call("shutdown", nil); m.Error != nil || string(m.Result) != "null" {
		t.Errorf("shutdown: %s", m)
	}
	c.notify("exit", nil)
	if err := c.serveResult(); err != nil {
		t.Errorf("Serve = %v, want nil", err)
	}
}

func TestUnknownMethods(t *testing.T) {
	c := startServer(t)
	c.initialize()
	if code := errCode(t, c.call("textDocument/noSuchThing", map[string]any{})); code != -32601 {
		t.Errorf("unknown request: code %d, want -32601", code)
	}
	c.notify("$/setTrace", map[string]any{"value": "off"})
	c.notify("workspace/noSuchNotification", map[string]any{})
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"x": 1}})
	c.notify("$/cancelRequest", map[string]any{"id": 999})
	c.notify("$/cancelRequest", "garbage")
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Errorf("shutdown: %s", m)
	}
	c.noMessage(20 * time.Millisecond)
}

func TestPanicRecovered(t *testing.T) {
	c := startServer(t)
	c.initialize()
	if code := errCode(t, c.call("accls/test/panic", nil)); code != -32603 {
		t.Errorf("panic: code %d, want -32603", code)
	}
	if m := c.call("accls/test/slow", map[string]any{"ms": 1}); string(m.Result) != `"done"` {
		t.Errorf("request after a panic: %s", m)
	}
	log := c.log.String()
	if !strings.Contains(log, "test panic") || !strings.Contains(log, "goroutine") {
		t.Errorf("the panic was not logged with its stack:\n%s", log)
	}
}

func TestCancel(t *testing.T) {
	for _, id := range []string{`7`, `"seven"`} {
		t.Run(id, func(t *testing.T) {
			c := startServer(t)
			c.initialize()
			c.requestID(json.RawMessage(id), "accls/test/slow", map[string]any{"ms": 10000})
			// Requests run concurrently: another one is answered meanwhile.
			if m := c.call("accls/test/slow", map[string]any{"ms": 1}); string(m.Result) != `"done"` {
				t.Errorf("concurrent request: %s", m)
			}
			start := time.Now()
			c.notify("$/cancelRequest", map[string]any{"id": json.RawMessage(id)})
			if code := errCode(t, c.response(id)); code != -32800 {
				t.Errorf("cancelled request: code %d, want -32800", code)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("cancellation took %v", d)
			}
		})
	}
}

func TestShutdownExit(t *testing.T) {
	c := startServer(t)
	c.initialize()
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %s", m)
	}
	if code := errCode(t, c.call("textDocument/hover", map[string]any{})); code != -32600 {
		t.Errorf("request after shutdown: code %d, want -32600", code)
	}
	c.open(testURI, "x", 1) // dropped
	c.notify("exit", nil)
	if err := c.serveResult(); err != nil {
		t.Errorf("Serve = %v, want nil", err)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t)
	c.initialize()
	c.notify("exit", nil)
	if err := c.serveResult(); !errors.Is(err, ErrExitWithoutShutdown) {
		t.Errorf("Serve = %v, want ErrExitWithoutShutdown", err)
	}
}

func TestClientGoesAway(t *testing.T) {
	c := startServer(t)
	c.initialize()
	c.conn.Close()
	if err := c.serveResult(); err == nil {
		t.Errorf("Serve = nil after the client vanished before shutdown")
	}
}

func TestDocumentLifecycle(t *testing.T) {
	c := startServer(t)
	c.initialize()
	c.open(testURI, "", 0)
	if p := c.diagnostics(testURI, 0); p.Diagnostics == nil || len(p.Diagnostics) != 0 {
		t.Errorf("empty file: %+v", p)
	}
	change := func(version int, changes ...map[string]any) {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": testURI, "version": version},
			"contentChanges": changes})
	}
	rng := func(l1, c1, l2, c2 int) map[string]any {
		return map[string]any{"start": map[string]any{"line": l1, "character": c1}, "end": map[string]any{"line": l2, "character": c2}}
	}
	change(1, map[string]any{"text": "int a;\n"})                               // full
	change(2, map[string]any{"range": rng(1, 0, 1, 0), "text": "#pragma acc "}) // incremental
	change(3, map[string]any{"range": rng(1, 12, 1, 12), "text": "parallel"})
	for v := 1; v <= 3; v++ {
		c.diagnostics(testURI, v)
	}
	snap := waitSnapshot(t, c, testURI, 3)
	if got := string(snap.doc.Text()); got != "int a;\n#pragma acc parallel" {
		t.Errorf("text = %q", got)
	}
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": testURI}})
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": testURI}})
	if p := c.diagnostics(testURI, -1); p.Version != nil || len(p.Diagnostics) != 0 {
		t.Errorf("close: %+v", p)
	}
	// Requests for a closed document answer null.
	for _, method := range []string{"textDocument/hover", "textDocument/completion"} {
		m := c.call(method, map[string]any{"textDocument": map[string]any{"uri": testURI}, "position": map[string]any{"line": 1, "character": 3}})
		if m.Error != nil || string(m.Result) != "null" {
			t.Errorf("%s on a closed document: %s", method, m)
		}
	}
	// A change of a document that is not open is ignored.
	change(4, map[string]any{"text": "x"})
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Errorf("shutdown: %s", m)
	}
	c.noMessage(20 * time.Millisecond)
}

// waitSnapshot finds the server's snapshot through a request: the request
// handler sees the snapshot as of the request's arrival.
func waitSnapshot(t *testing.T, c *tclient, uri string, version int) *snapshot {
	t.Helper()
	m := c.call("accls/test/snapshot", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if m.Error != nil {
		t.Fatalf("snapshot: %s", m)
	}
	var key int
	json.Unmarshal(m.Result, &key)
	snapMu.Lock()
	defer snapMu.Unlock()
	s := snaps[key]
	if s == nil || int(s.doc.Version()) != version {
		t.Fatalf("snapshot of %s: %+v, want version %d", uri, s, version)
	}
	return s
}

func TestBinaryAndLarge(t *testing.T) {
	defer func(n int) { maxAnalysed = n }(maxAnalysed)
	maxAnalysed = 64
	c := startServer(t)
	c.initialize()

	bin := "int x;\x00\n#pragma acc parallel\n"
	c.open("file:///w/bin.o", bin, 1)
	m := c.notification("window/showMessage")
	if !bytes.Contains(m.Params, []byte("binary")) || !bytes.Contains(m.Params, []byte(`"type":2`)) {
		t.Errorf("binary message: %s", m)
	}
	c.diagnostics("file:///w/bin.o", 1)
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": "file:///w/bin.o", "version": 2},
		"contentChanges": []any{map[string]any{"text": bin + " "}}})
	c.diagnostics("file:///w/bin.o", 2)
	if s := waitSnapshot(t, c, "file:///w/bin.o", 2); !s.binary || s.file != nil {
		t.Errorf("binary snapshot: %+v", s)
	}

	large := strings.Repeat("int a;\n", 20) // 140 bytes
	c.open("file:///w/large.c", large, 1)
	m = c.notification("window/showMessage")
	if !bytes.Contains(m.Params, []byte("larger than")) {
		t.Errorf("large message: %s", m)
	}
	c.diagnostics("file:///w/large.c", 1)
	if s := waitSnapshot(t, c, "file:///w/large.c", 1); !s.truncated || len(s.text) != 63 || s.file == nil {
		t.Errorf("large snapshot: truncated %v, %d bytes analysed", s.truncated, len(s.text))
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": "file:///w/large.c", "version": 2},
		"contentChanges": []any{map[string]any{"text": large + large}}})
	c.diagnostics("file:///w/large.c", 2)
	c.noMessage(20 * time.Millisecond) // told once only
}

func TestCutAtLine(t *testing.T) {
	tests := []struct {
		text string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"ab\ncd\nef", 7, "ab\ncd\n"},
		{"ab\ncd\nef", 6, "ab\ncd\n"},
		{"ab\ncd\nef", 5, "ab\n"},
		{"abcdef", 3, "abc"},
		{"a\r\nb", 2, "a\r"},
	}
	for _, tt := range tests {
		if got := string(cutAtLine([]byte(tt.text), tt.n)); got != tt.want {
			t.Errorf("cutAtLine(%q, %d) = %q, want %q", tt.text, tt.n, got, tt.want)
		}
	}
}

func TestLargeMessage(t *testing.T) {
	c := startServer(t)
	c.initialize()
	// Longer than 1 MiB: the stream reads such bodies as they arrive.
	text := strings.Repeat("/* padding padding padding padding padding */\n", 30000) + "#pragma acc parallel loop copy(a)\n"
	c.open(testURI, text, 1)
	c.diagnostics(testURI, 1)
	if s := waitSnapshot(t, c, testURI, 1); len(s.doc.Text()) != len(text) || len(s.file.Directives) != 1 {
		t.Errorf("large message: %d bytes, %d directives", len(s.doc.Text()), len(s.file.Directives))
	}
}
