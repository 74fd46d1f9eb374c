package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source"
)

// Limits on what is analysed.
var (
	// binaryProbe is how much of the start of a document is searched for NUL
	// bytes; a document with one is binary and is not analysed.
	binaryProbe = 8 << 10
	// maxAnalysed is the most of a document that is analysed; the rest of a
	// larger document is ignored (the cut is at a line boundary).
	maxAnalysed = 16 << 20
)

// snapshot is an open document at one version together with the result of
// scanning it. It is immutable once published.
type snapshot struct {
	uri string // exactly as the client sent it
	doc *source.Document
	// text is the analysed part of doc's text: all of it, or its first
	// maxAnalysed bytes; nil for a binary document.
	text []byte
	// file is the scan of text; nil for a binary document.
	file *acc.File
	// dirDiags are the directive-level diagnostics of text.
	dirDiags  []analysis.Diagnostic
	binary    bool
	truncated bool
	// cxx: the client said the document is C++. accls checks its directives
	// only: the C front end (and so the semantic checks, the preview and
	// runs) reads C.
	cxx bool
}

// docEntry is what the server keeps per open document.
type docEntry struct {
	snap *snapshot
	// Whether the user was told that the document is binary / too large.
	warnedBinary, warnedLarge bool
	// sem is the document's semantic pipeline (semantic.go).
	sem semDoc
	// cxx: opened with a C++ languageId (snapshot.cxx).
	cxx bool
}

// cxxLanguages are the languageIds whose documents are C++ (VS Code's and
// Neovim's filetype names).
var cxxLanguages = map[string]bool{"cpp": true, "cuda-cpp": true, "objective-cpp": true, "cuda": true}

// documents are the open documents, by URI.
type documents struct {
	mu sync.Mutex
	m  map[string]*docEntry
}

func (ds *documents) get(uri string) *docEntry {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	return ds.m[uri]
}

func (ds *documents) snapshot(uri string) *snapshot {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if e := ds.m[uri]; e != nil {
		return e.snap
	}
	return nil
}

// snapshotOfPath is the snapshot of the open document that is the file at
// path (its file: URI may be spelled in several ways), nil if none.
func (ds *documents) snapshotOfPath(path string) *snapshot {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	for uri, e := range ds.m {
		if e.snap != nil && uriPath(uri) == path {
			return e.snap
		}
	}
	return nil
}

func (ds *documents) set(uri string, e *docEntry) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	if e == nil {
		delete(ds.m, uri)
	} else {
		ds.m[uri] = e
	}
}

// store makes snap the current snapshot of the document uri, whose entry is e.
func (ds *documents) store(uri string, e *docEntry, snap *snapshot) {
	ds.mu.Lock()
	defer ds.mu.Unlock()
	e.snap = snap
	ds.m[uri] = e
}

// forParams returns the snapshot of the document that request params name
// in textDocument.uri, if it is open.
func (ds *documents) forParams(params []byte) *snapshot {
	if !bytes.Contains(params, []byte(`"textDocument"`)) {
		return nil
	}
	var p struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(params, &p) != nil || p.TextDocument.URI == "" {
		return nil
	}
	return ds.snapshot(p.TextDocument.URI)
}

// Params of the text synchronization notifications, decoded by hand: URIs
// stay the strings the client sent, and a change with a range is told from
// a full replacement.
type (
	textDocumentID struct {
		URI     string `json:"uri"`
		Version int32  `json:"version"`
	}
	didOpenParams struct {
		TextDocument struct {
			URI        string `json:"uri"`
			LanguageID string `json:"languageId"`
			Version    int32  `json:"version"`
			Text       string `json:"text"`
		} `json:"textDocument"`
	}
	didChangeParams struct {
		TextDocument   textDocumentID `json:"textDocument"`
		ContentChanges []struct {
			Range *protocol.Range `json:"range"`
			Text  string          `json:"text"`
		} `json:"contentChanges"`
	}
	didCloseParams struct {
		TextDocument textDocumentID `json:"textDocument"`
	}
	positionParams struct {
		TextDocument textDocumentID    `json:"textDocument"`
		Position     protocol.Position `json:"position"`
	}
)

// publishDiagnosticsParams is protocol's PublishDiagnosticsParams with a
// version that is sent even when it is 0 (and left out for closed documents).
type publishDiagnosticsParams struct {
	URI         string                `json:"uri"`
	Version     *int32                `json:"version,omitempty"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
}

func init() {
	notifications["textDocument/didOpen"] = didOpen
	notifications["textDocument/didChange"] = didChange
	notifications["textDocument/didClose"] = didClose
	notifications["textDocument/didSave"] = func(context.Context, *server, []byte) error { return nil }
}

func didOpen(_ context.Context, s *server, params []byte) error {
	var p didOpenParams
	if err := decodeParams(params, &p); err != nil {
		return err
	}
	td := p.TextDocument
	if td.URI == "" {
		return fmt.Errorf("didOpen without a uri")
	}
	if old := s.docs.get(td.URI); old != nil {
		old.closeSemantic() // opened twice: the new text wins
	}
	e := &docEntry{cxx: cxxLanguages[td.LanguageID]}
	s.update(td.URI, e, source.New([]byte(td.Text), td.Version))
	return nil
}

func didChange(_ context.Context, s *server, params []byte) error {
	var p didChangeParams
	if err := decodeParams(params, &p); err != nil {
		return err
	}
	uri := p.TextDocument.URI
	e := s.docs.get(uri)
	if e == nil {
		return fmt.Errorf("didChange of a document that is not open: %s", uri)
	}
	changes := make([]source.Change, len(p.ContentChanges))
	for i, c := range p.ContentChanges {
		changes[i] = source.Change{Range: c.Range, Text: c.Text}
	}
	s.update(uri, e, e.snap.doc.Apply(p.TextDocument.Version, changes...))
	return nil
}

func didClose(_ context.Context, s *server, params []byte) error {
	var p didCloseParams
	if err := decodeParams(params, &p); err != nil {
		return err
	}
	if e := s.docs.get(p.TextDocument.URI); e != nil {
		e.closeSemantic()
	}
	s.docs.set(p.TextDocument.URI, nil)
	s.publish(p.TextDocument.URI, nil, []protocol.Diagnostic{})
	return nil
}

// update analyses doc, makes it the current snapshot of the document,
// publishes its diagnostics (the directive-level ones of doc and the last
// semantic ones carried over to doc's text, see semantic.go) and schedules
// the semantic run.
func (s *server) update(uri string, e *docEntry, doc *source.Document) {
	snap := &snapshot{uri: uri, doc: doc, cxx: e.cxx}
	text := doc.Text()
	switch {
	case isBinary(text):
		snap.binary = true
		if !e.warnedBinary {
			e.warnedBinary = true
			s.showMessage(protocol.MessageTypeWarning,
				fmt.Sprintf("accls: %s looks like a binary file (it contains NUL bytes); it is not analysed.", displayName(uri)))
		}
	default:
		if len(text) > maxAnalysed {
			text = cutAtLine(text, maxAnalysed)
			snap.truncated = true
			if !e.warnedLarge {
				e.warnedLarge = true
				s.showMessage(protocol.MessageTypeWarning,
					fmt.Sprintf("accls: %s is larger than %d MiB; only its first %d MiB are analysed.",
						displayName(uri), maxAnalysed>>20, maxAnalysed>>20))
			}
		}
		snap.text = text
		snap.file, snap.dirDiags = s.analyse(uri, text)
	}
	v := doc.Version()
	e.sem.mu.Lock()
	defer e.sem.mu.Unlock()
	var diags []protocol.Diagnostic
	if snap.file != nil {
		diags = s.merged(uri, snap, e.sem.res)
	}
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	s.docs.store(uri, e, snap)
	s.publish(uri, &v, diags)
	s.scheduleSemantic(uri, e, snap)
}

// merged is the diagnostics of snap: its directive-level ones and those of
// the last semantic run, res, carried over to its text. A panic is logged
// and yields the directive diagnostics alone.
func (s *server) merged(uri string, snap *snapshot, res *semResult) (diags []protocol.Diagnostic) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic while carrying semantic diagnostics", "uri", uri, "panic", p, "stack", string(debug.Stack()))
			diags = mergeDiagnostics(snap, snap.dirDiags, nil)
		}
	}()
	return mergeDiagnostics(snap, snap.dirDiags, carried(res, snap.text))
}

// analyse scans text and runs the directive checks. A panic in either is
// logged and yields what was computed before it.
func (s *server) analyse(uri string, text []byte) (f *acc.File, diags []analysis.Diagnostic) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic while analysing", "uri", uri, "panic", p, "stack", string(debug.Stack()))
			diags = nil
		}
	}()
	f = acc.Scan(text)
	return f, analysis.CheckDirectives(text, f)
}

func (s *server) publish(uri string, version *int32, diags []protocol.Diagnostic) {
	err := s.conn.Notify(s.ctx, "textDocument/publishDiagnostics",
		&publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags})
	if err != nil {
		s.log.Warn("publishing diagnostics", "uri", uri, "error", err)
	}
}

func (s *server) showMessage(typ protocol.MessageType, msg string) {
	if err := s.conn.Notify(s.ctx, "window/showMessage", &protocol.ShowMessageParams{Type: typ, Message: msg}); err != nil {
		s.log.Warn("showing a message", "error", err)
	}
}

// isBinary reports whether text has a NUL byte in its first binaryProbe bytes.
func isBinary(text []byte) bool {
	return bytes.IndexByte(text[:min(len(text), binaryProbe)], 0) >= 0
}

// cutAtLine returns the longest prefix of text of at most n bytes that ends
// at a line boundary (after a line break), or the first n bytes when the
// prefix has no line break.
func cutAtLine(text []byte, n int) []byte {
	if len(text) <= n {
		return text
	}
	if i := bytes.LastIndexAny(text[:n], "\r\n"); i >= 0 {
		return text[:i+1]
	}
	return text[:n]
}

// displayName is the last element of a URI, for messages.
func displayName(uri string) string {
	if i := strings.LastIndexByte(uri, '/'); i >= 0 && i+1 < len(uri) {
		return uri[i+1:]
	}
	return uri
}
