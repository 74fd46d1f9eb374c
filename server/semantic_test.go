package server

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// fakeParser stands in for the C front end: it records its calls and can
// block until cancelled.
type fakeParser struct {
	opts    cOptions
	started chan fakeCall // every call, buffered
	// block makes Parse wait for its context (or release).
	block   bool
	release chan struct{}
	// result makes the File (default: an empty one).
	result func(text string) (*cfacts.File, error)
}

type fakeCall struct {
	text string
	prev *cfacts.File
	ctx  context.Context
	path string
}

func newFake() *fakeParser {
	return &fakeParser{started: make(chan fakeCall, 100), release: make(chan struct{})}
}

func (p *fakeParser) Parse(ctx context.Context, path string, text []byte, prev *cfacts.File) (*cfacts.File, error) {
	p.started <- fakeCall{string(text), prev, ctx, path}
	if p.block {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-p.release:
		}
	}
	if p.result != nil {
		return p.result(string(text))
	}
	return &cfacts.File{Decls: map[string]*cfacts.FuncDecl{}}, nil
}

// semClient starts a server whose C front end is fake, with the semantic
// run debounced by delayMs.
func semClient(t *testing.T, p *fakeParser, delayMs int) *tclient {
	c := startServerWith(t, Options{newParser: func(o cOptions) cParser { p.opts = o; return p }})
	c.initializeWith(map[string]any{"semanticDelayMs": delayMs}, nil)
	return c
}

func (c *tclient) change(uri string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"text": text}}})
}

func (c *tclient) waitSemantic(uri string) semanticState {
	c.tb.Helper()
	m := c.call("accls/test/semanticWait", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if m.Error != nil {
		c.tb.Fatalf("semanticWait: %s", m)
	}
	var st semanticState
	json.Unmarshal(m.Result, &st)
	return st
}

func nextCall(t *testing.T, p *fakeParser) fakeCall {
	t.Helper()
	select {
	case c := <-p.started:
		return c
	case <-time.After(5 * time.Second):
		t.Fatal("the parser was not called")
		return fakeCall{}
	}
}

func noCall(t *testing.T, p *fakeParser, d time.Duration) {
	t.Helper()
	select {
	case c := <-p.started:
		t.Fatalf("unexpected parse of %q", c.text)
	case <-time.After(d):
	}
}

// TestDebounce: the opening is parsed at once (the leading edge), and so is
// the first change after its run; the changes that follow, closer together
// than the delay, give one parse, of the last text, and one semantic
// publish, for the last version.
func TestDebounce(t *testing.T) {
	p := newFake()
	p.block = true // a parse lasts until released or cancelled
	c := semClient(t, p, 300)
	c.open(testURI, "int a;\n", 1)
	c.diagnostics(testURI, 1)
	if call := nextCall(t, p); call.text != "int a;\n" {
		t.Errorf("first parse of %q, want the opened text", call.text)
	}
	p.release <- struct{}{}
	c.waitSemantic(testURI)
	c.diagnostics(testURI, 1)
	for v := 2; v <= 6; v++ {
		c.change(testURI, v, strings.Repeat("int a;\n", v))
	}
	for v := 2; v <= 6; v++ {
		c.diagnostics(testURI, v)
	}
	call := nextCall(t, p)
	if call.text == strings.Repeat("int a;\n", 2) {
		// The leading edge (when its job started before the next change
		// came), cancelled by the next change.
		<-call.ctx.Done()
		call = nextCall(t, p)
	}
	if call.text != strings.Repeat("int a;\n", 6) {
		t.Errorf("parsed %q, want the last text", call.text)
	}
	if call.path != "/w/a.c" {
		t.Errorf("path %q", call.path)
	}
	p.release <- struct{}{}
	if st := c.waitSemantic(testURI); !st.Ran || st.Version != 6 {
		t.Errorf("semantic state %+v, want a run for version 6", st)
	}
	// The run's publish: directive + semantic diagnostics of version 6.
	c.diagnostics(testURI, 6)
	noCall(t, p, 50*time.Millisecond)
	c.noMessage(20 * time.Millisecond)
}

// TestLeadingEdge: a change after the last run ended runs at once; a change
// while a run is pending waits for the delay.
func TestLeadingEdge(t *testing.T) {
	p := newFake()
	p.block = true
	c := semClient(t, p, 3600*1000)
	c.open(testURI, "int a;\n", 1)
	c.diagnostics(testURI, 1)
	nextCall(t, p)
	p.release <- struct{}{}
	if st := c.waitSemantic(testURI); !st.Ran || st.Version != 1 {
		t.Errorf("%+v", st)
	}
	c.change(testURI, 2, "int b;\n")
	c.diagnostics(testURI, 2)
	second := nextCall(t, p) // at once
	c.change(testURI, 3, "int c;\n")
	c.diagnostics(testURI, 3)
	<-second.ctx.Done()
	noCall(t, p, 50*time.Millisecond)
}

// TestCancelRunning: a change cancels the running parse; only the newest
// version's result is published, and the next parse gets the last File.
func TestCancelRunning(t *testing.T) {
	p := newFake()
	p.block = true
	c := semClient(t, p, 1)
	c.open(testURI, "int a;\n", 1)
	c.diagnostics(testURI, 1)
	first := nextCall(t, p)
	c.change(testURI, 2, "int b;\n")
	c.diagnostics(testURI, 2)
	select {
	case <-first.ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the running parse was not cancelled")
	}
	second := nextCall(t, p)
	if second.text != "int b;\n" {
		t.Errorf("second parse of %q", second.text)
	}
	close(p.release)
	if st := c.waitSemantic(testURI); !st.Ran || st.Version != 2 {
		t.Errorf("semantic state %+v", st)
	}
	c.diagnostics(testURI, 2)
	// No publish for version 1 ever came after its directive one.
	c.noMessage(30 * time.Millisecond)

	// The next parse reuses the File of the last one.
	c.change(testURI, 3, "int c;\n")
	c.diagnostics(testURI, 3)
	third := nextCall(t, p)
	if third.prev == nil {
		t.Error("the third parse got no prev File")
	}
	c.waitSemantic(testURI)
	c.diagnostics(testURI, 3)
}

// TestCloseCancels: didClose cancels the running job and nothing is
// published for the closed document afterwards.
func TestCloseCancels(t *testing.T) {
	p := newFake()
	p.block = true
	c := semClient(t, p, 1)
	c.open(testURI, "int a;\n", 1)
	c.diagnostics(testURI, 1)
	call := nextCall(t, p)
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": testURI}})
	c.diagnostics(testURI, -1)
	select {
	case <-call.ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("close did not cancel the parse")
	}
	c.noMessage(50 * time.Millisecond)
}

// TestPipelinePanic: a panic in the pipeline is logged; the server goes on.
func TestPipelinePanic(t *testing.T) {
	p := newFake()
	p.result = func(text string) (*cfacts.File, error) {
		if strings.Contains(text, "boom") {
			panic("parser exploded")
		}
		return &cfacts.File{}, nil
	}
	c := semClient(t, p, 1)
	c.open(testURI, "boom\n", 1)
	c.diagnostics(testURI, 1)
	if st := c.waitSemantic(testURI); st.Ran {
		t.Errorf("a run that panicked has a result: %+v", st)
	}
	if !strings.Contains(c.log.String(), "parser exploded") {
		t.Error("the panic was not logged")
	}
	c.change(testURI, 2, "fine\n")
	c.diagnostics(testURI, 2)
	if st := c.waitSemantic(testURI); !st.Ran || st.Version != 2 {
		t.Errorf("after the panic: %+v", st)
	}
}

// TestStaleToldOnce: stale facts are told once per document, with
// logMessage; front end failures once per server.
func TestStaleToldOnce(t *testing.T) {
	p := newFake()
	p.result = func(text string) (*cfacts.File, error) {
		if strings.Contains(text, "fail") {
			return nil, errors.New("no compiler")
		}
		f := &cfacts.Func{Name: "f", Span: acc.Span{Start: 0, End: len(text)}, Stale: true}
		return &cfacts.File{Funcs: []*cfacts.Func{f}, Stale: true,
			Notes: []cfacts.Note{{Message: "stub for missing header <mpi.h>"}}}, nil
	}
	c := semClient(t, p, 1)
	c.open(testURI, "void f() { x\n", 1)
	c.diagnostics(testURI, 1)
	c.diagnostics(testURI, 1) // the run's
	var got []string
	for range 2 {
		m := c.notification("window/logMessage")
		var lp struct {
			Type    int    `json:"type"`
			Message string `json:"message"`
		}
		json.Unmarshal(m.Params, &lp)
		got = append(got, lp.Message)
	}
	if !strings.Contains(got[0], "function(s) f") || !strings.Contains(got[1], "mpi.h") {
		t.Errorf("messages %q", got)
	}
	c.waitSemantic(testURI)
	c.change(testURI, 2, "void f() { xy\n")
	c.diagnostics(testURI, 2)
	c.waitSemantic(testURI)
	c.diagnostics(testURI, 2)
	c.noMessage(30 * time.Millisecond) // told once

	c.change(testURI, 3, "fail")
	c.diagnostics(testURI, 3)
	if st := c.waitSemantic(testURI); st.Ran {
		t.Errorf("failed run: %+v", st)
	}
	if m := c.notification("window/logMessage"); !strings.Contains(string(m.Params), "no compiler") {
		t.Errorf("failure message %s", m)
	}
	c.change(testURI, 4, "fail again")
	c.diagnostics(testURI, 4)
	c.waitSemantic(testURI)
	c.noMessage(30 * time.Millisecond)
}

// TestSemanticOff: a negative delay turns the pipeline off.
func TestSemanticOff(t *testing.T) {
	p := newFake()
	c := semClient(t, p, -1)
	c.open(testURI, "int a;\n", 1)
	c.diagnostics(testURI, 1)
	if st := c.waitSemantic(testURI); st.Ran {
		t.Errorf("%+v", st)
	}
	noCall(t, p, 30*time.Millisecond)
}

// TestSettings: initializationOptions, compile_flags.txt and
// didChangeConfiguration reach the C front end's options.
func TestSettings(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "compile_flags.txt"), []byte("-Iinc\n-DN=8\n-I\n/abs\n-O2\n"), 0o644)
	var mu sync.Mutex
	var made []cOptions
	p := newFake()
	c := startServerWith(t, Options{newParser: func(o cOptions) cParser {
		mu.Lock()
		made = append(made, o)
		mu.Unlock()
		return p
	}})
	rootURI := "file://" + filepath.ToSlash(root)
	if m := c.call("initialize", map[string]any{"rootUri": rootURI, "capabilities": map[string]any{},
		"initializationOptions": map[string]any{"semanticDelayMs": 1, "accls": map[string]any{"includePaths": []string{"src"}, "defines": []string{"X"}}}}); m.Error != nil {
		t.Fatal(m)
	}
	c.notify("initialized", map[string]any{})
	uri := rootURI + "/a.c"
	c.open(uri, "int a;\n", 1)
	c.diagnostics(uri, 1)
	nextCall(t, p)
	c.waitSemantic(uri)
	c.diagnostics(uri, 1)
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"accls": map[string]any{"cc": "clang"}}})
	if call := nextCall(t, p); call.prev != nil {
		t.Error("the run after a change of settings got a prev File")
	}
	c.waitSemantic(uri)
	mu.Lock()
	defer mu.Unlock()
	want0 := cOptions{IncludePaths: []string{filepath.Join(root, "src"), filepath.Join(root, "inc"), "/abs"}, Defines: []string{"X", "N=8"}}
	if len(made) != 2 || made[0].key() != want0.key() {
		t.Fatalf("options %+v, want first %+v", made, want0)
	}
	if made[1].CC != "clang" || len(made[1].Defines) != 1 {
		t.Errorf("after didChangeConfiguration: %+v", made[1])
	}
}

func TestCompileCommands(t *testing.T) {
	db := parseCompileCommands([]byte(`[
	 {"directory": "/p", "file": "a.c", "command": "cc -c -I inc -DA=\"x y\" a.c"},
	 {"directory": "/p", "file": "/q/b.c", "arguments": ["cc", "-I/usr/x", "-D", "B", "b.c"]}]`))
	if f := db.flagsFor("/p/a.c"); f == nil || !slices.Equal(f.includes, []string{"/p/inc"}) || !slices.Equal(f.defines, []string{"A=x y"}) {
		t.Errorf("a.c: %+v", f)
	}
	if f := db.flagsFor("/q/b.c"); f == nil || !slices.Equal(f.includes, []string{"/usr/x"}) || !slices.Equal(f.defines, []string{"B"}) {
		t.Errorf("b.c: %+v", f)
	}
	if f := db.flagsFor("/p/other.c"); f == nil || f.includes[0] != "/p/inc" {
		t.Errorf("other.c in a listed directory: %+v", f)
	}
	if f := db.flagsFor("/elsewhere/c.c"); f != nil {
		t.Errorf("unlisted: %+v", f)
	}
}

func TestTextMap(t *testing.T) {
	old := []byte("aaaa XXX bbbb")
	new := []byte("aaaa YYYYY bbbb")
	m := diffTexts(old, new)
	if m.pre != 5 || m.oldEnd != 8 || m.newEnd != 10 {
		t.Fatalf("%+v", m)
	}
	check := func(s acc.Span, want acc.Span, wantOK bool) {
		t.Helper()
		got, ok := m.span(s)
		if ok != wantOK || ok && got != want {
			t.Errorf("span(%v) = %v %v, want %v %v", s, got, ok, want, wantOK)
		}
	}
	check(acc.Span{Start: 0, End: 4}, acc.Span{Start: 0, End: 4}, true)
	check(acc.Span{Start: 0, End: 5}, acc.Span{}, false) // touches the edit
	check(acc.Span{Start: 5, End: 8}, acc.Span{}, false)
	check(acc.Span{Start: 9, End: 13}, acc.Span{Start: 11, End: 15}, true)
	if got, ok := m.clampSpan(acc.Span{Start: 0, End: 13}); !ok || got != (acc.Span{Start: 0, End: 15}) {
		t.Errorf("clampSpan = %v %v", got, ok)
	}
	if got, ok := m.back(12); !ok || got != 10 {
		t.Errorf("back(12) = %v %v", got, ok)
	}
	if _, ok := m.back(7); ok {
		t.Error("back inside the edit")
	}
	// Repeated text: prefix and suffix do not overlap.
	m = diffTexts([]byte("abab"), []byte("ab"))
	if m.pre != 2 || m.oldEnd != 4 || m.newEnd != 2 {
		t.Errorf("%+v", m)
	}
	// Long texts go through the chunked comparisons.
	long := strings.Repeat("x", 1000)
	m = diffTexts([]byte(long+"A"+long), []byte(long+"BB"+long))
	if m.pre != 1000 || m.oldEnd != 1001 || m.newEnd != 1002 {
		t.Errorf("%+v", m)
	}
	if m = diffTexts([]byte(long), []byte(long)); !m.identical {
		t.Errorf("%+v", m)
	}
}

func TestCarried(t *testing.T) {
	res := &semResult{text: []byte("int a; X int b;"), diags: []analysis.Diagnostic{
		{Span: acc.Span{Start: 0, End: 3}, Rule: "r1"},
		{Span: acc.Span{Start: 7, End: 8}, Rule: "r2"},
		{Span: acc.Span{Start: 9, End: 12}, Rule: "r3", Related: []analysis.Related{{Span: acc.Span{Start: 7, End: 8}}}},
		{Span: acc.Span{Start: 9, End: 12}, Rule: "r4", Fixes: []analysis.SuggestedFix{{Edits: []analysis.TextEdit{{Span: acc.Span{Start: 13, End: 14}}}}}},
	}}
	got := carried(res, []byte("int a; YY int b;"))
	if len(got) != 2 || got[0].Rule != "r1" || got[1].Rule != "r4" || got[1].Span != (acc.Span{Start: 10, End: 13}) ||
		got[1].Fixes[0].Edits[0].Span != (acc.Span{Start: 14, End: 15}) {
		t.Errorf("carried: %+v", got)
	}
	if res.diags[3].Fixes[0].Edits[0].Span.Start != 13 {
		t.Error("carried modified the result")
	}
}

func TestSplitCommand(t *testing.T) {
	got := splitCommand(`cc -DX="a b" 'c d' e\ f  g`)
	want := []string{"cc", "-DX=a b", "c d", "e f", "g"}
	if !slices.Equal(got, want) {
		t.Errorf("%q", got)
	}
}
