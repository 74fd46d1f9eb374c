package server

// The semantic pipeline: the slow speed of DESIGN.md §1.
//
// Directive diagnostics are computed and published synchronously on every
// didOpen/didChange (documents.go). Each change also (re)schedules, per
// document, a debounced background run (with a leading edge, see
// scheduleSemantic, whose delay adapts to the pipeline's speed): C parse
// (cfacts, given the last File of the document: an edit inside one function
// re-parses that function alone, and a function that no longer parses keeps
// its last facts) → region model
// (analysis.BuildModel) → semantic checks (analysis.CheckSemantics). A newer
// change stops the timer and cancels the running job through its context; a
// job never starts before the previous one of its document has ended. When
// a run finishes and its snapshot is still the current one, ONE
// publishDiagnostics carries the directive diagnostics of that version and the
// semantic ones; a run that finishes for an older version publishes nothing.
//
// Between a change and the end of the next run, the diagnostics published
// with the directive ones are those of the last run, carried over to the
// new text through the edit (textMap): a semantic diagnostic whose range,
// related locations or fix edits touch an edited byte is dropped, every other
// one keeps its exact, shifted range. So nothing flickers while the user
// types (VS Code replaces all diagnostics of a document on each publish; if
// the semantic ones went away on each keystroke and came back 200 ms later
// the whole file would blink), and no range ever points at text that
// changed. What can be briefly out of date is a diagnostic elsewhere whose
// cause was edited (a declaration far away); the next run, a debounce later,
// corrects it.
//
// Semantic diagnostics inside functions whose facts are stale (their current
// text does not parse) are never published; the user is told once per
// document, through window/logMessage, that checks are paused there. The C
// front end's own errors are not published (clangd does that); its notes
// go to window/logMessage once each.

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/diagnostics"
	"github.com/accls/accls/source"
	"github.com/accls/accls/source/cfacts"
)

// maxSemantic is the largest document (bytes) that gets the semantic run;
// larger ones get the directive-level results only.
var maxSemantic = 8 << 20

// semantics is the server-wide state of the pipeline.
type semantics struct {
	// delay is the debounce; negative turns the semantic run off.
	delay     time.Duration
	newParser func(cOptions) cParser
	slots     chan struct{} // bounds the parses that run at once

	mu       sync.Mutex
	settings settings
	root     string // workspace root directory, "" when unknown
	db       *compileDB
	parsers  map[string]cParser // by cOptions.key: one per configuration
	// refresh: the client takes workspace/inlayHint/refresh.
	refresh bool
	// warned: the user was told that the C front end failed.
	warned bool
}

func newSemantics(newParser func(cOptions) cParser) *semantics {
	if newParser == nil {
		newParser = newCParser
	}
	return &semantics{
		delay:     defaultSemanticDelay,
		newParser: newParser,
		slots:     make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-1)),
		parsers:   map[string]cParser{},
	}
}

// parserFor returns the parser for a document (shared by all documents with
// the same options: it holds the prelude cache) and the document's path.
func (sm *semantics) parserFor(uri string) (cParser, string) {
	path := uriPath(uri)
	sm.mu.Lock()
	defer sm.mu.Unlock()
	o := optionsFor(sm.settings, sm.root, sm.db, path)
	k := o.key()
	p := sm.parsers[k]
	if p == nil {
		p = sm.newParser(o)
		sm.parsers[k] = p
	}
	return p, path
}

// semResult is the outcome of one semantic run.
type semResult struct {
	version int32
	doc     *source.Document
	text    []byte // the analysed text (doc's, or its analysed prefix)
	model   *analysis.Model
	// diags are the semantic diagnostics that are published (none inside
	// stale functions), spans in text.
	diags []analysis.Diagnostic
	// settled is closed when everything the run sends is sent (the inlay hint
	// refresh included).
	settled chan struct{}
}

// semDoc is the per-document state of the pipeline; mu also orders the
// document's publishDiagnostics.
type semDoc struct {
	mu     sync.Mutex
	gen    uint64 // counts schedules; a job publishes only if it is the newest
	timer  *time.Timer
	cancel context.CancelFunc
	// running is closed when the last job started has ended.
	running chan struct{}
	// pending is closed when the run for version pendingVersion (the newest
	// snapshot) has ended or is superseded; nil when no run is pending.
	pending        chan struct{}
	pendingVersion int32
	cfile          *cfacts.File  // the last File: prev of the next parse
	res            *semResult    // the last run's result, nil before the first
	lastRun        time.Duration // how long the last completed run took (parse to publish)
	toldStale      bool
	toldNotes      map[string]bool
	closed         bool
}

// stopLocked stops the timer and the running job and releases the
// waiters of the pending run. sd.mu is held.
func (sd *semDoc) stopLocked() {
	sd.gen++
	if sd.timer != nil {
		sd.timer.Stop()
		sd.timer = nil
	}
	if sd.cancel != nil {
		sd.cancel()
		sd.cancel = nil
	}
	if sd.pending != nil {
		close(sd.pending)
		sd.pending = nil
	}
}

// scheduleSemantic (re)starts the debounce of the document's semantic run
// for snap. e.sem.mu is held.
//
// The debounce has a leading edge: a change that comes when the document is
// idle (the run of the previous version has ended: its results are shown)
// starts its run at once. So a lone edit (a quick fix, a paste, an undo, the
// document's opening) gets its semantic results after the pipeline's own
// time, while a burst of typing still waits for a pause of one delay after
// its last keystroke: from the second keystroke on, a run is pending and
// each change restarts the delay. The run started by a burst's first
// keystroke is cancelled by the second (at most one parse per burst is
// wasted).
//
// The delay adapts to the speed of the pipeline (adaptiveDelay): after a
// quick run (an edit inside one function re-parses only that function,
// see cfacts' incremental.go) the pause that ends a burst is shorter.
func (s *server) scheduleSemantic(uri string, e *docEntry, snap *snapshot) {
	sd := &e.sem
	now := time.Now()
	// A job that has published but not yet returned counts as ended.
	idle := sd.pending == nil
	sd.stopLocked()
	if sd.closed || s.sem.delay < 0 || snap.file == nil || snap.truncated || snap.cxx || len(snap.text) > maxSemantic {
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	done := make(chan struct{})
	sd.cancel, sd.pending, sd.pendingVersion = cancel, done, snap.doc.Version()
	gen := sd.gen
	delay := adaptiveDelay(s.sem.delay, sd.lastRun)
	if idle {
		delay = 0
	}
	sd.timer = time.AfterFunc(delay, func() { s.runSemantic(ctx, uri, e, snap, gen, done, now) })
}

// minSemanticDelay is the shortest debounce adaptiveDelay gives: a little
// more than the time between two keystrokes of quick typing, so that a
// burst does not start a run on every keystroke.
const minSemanticDelay = 100 * time.Millisecond

// adaptiveDelay is the debounce after a change: one and a half times the
// document's last run, at least minSemanticDelay, at most the configured
// delay (all of it before the first run). The debounce is there so that a
// burst of typing does not start runs that the next keystroke cancels; a
// run that is quick wastes little when it is cancelled, and waiting longer
// than it takes only delays the results.
func adaptiveDelay(configured, lastRun time.Duration) time.Duration {
	if lastRun <= 0 {
		return configured
	}
	return min(configured, max(minSemanticDelay, lastRun*3/2))
}

// runSemantic is one job: parse, model, checks, publish.
func (s *server) runSemantic(ctx context.Context, uri string, e *docEntry, snap *snapshot, gen uint64, done chan struct{}, scheduled time.Time) {
	sd := &e.sem
	sd.mu.Lock()
	prevJob := sd.running
	mine := make(chan struct{})
	sd.running = mine
	prevFile, prevRes := sd.cfile, sd.res
	sd.mu.Unlock()
	defer close(mine)
	// end releases the waiters when this run was not superseded.
	end := func() {
		sd.mu.Lock()
		if sd.pending == done {
			close(done)
			sd.pending = nil
		}
		sd.mu.Unlock()
	}
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in the semantic run", "uri", uri, "version", snap.doc.Version(), "panic", p, "stack", string(debug.Stack()))
			end()
		}
	}()
	if prevJob != nil {
		select {
		case <-prevJob:
		case <-ctx.Done():
			return
		}
	}
	select {
	case s.sem.slots <- struct{}{}:
		defer func() { <-s.sem.slots }()
	case <-ctx.Done():
		return
	}
	if ctx.Err() != nil {
		return
	}
	start := time.Now()
	parser, path := s.sem.parserFor(uri)
	cf, err := parser.Parse(ctx, path, snap.text, prevFile)
	if ctx.Err() != nil {
		return
	}
	if cf == nil {
		s.frontEndFailed(uri, err)
		end()
		return
	}
	parsed := time.Since(start)
	var model *analysis.Model
	var sdiags []analysis.Diagnostic
	if cf == prevFile && prevRes != nil && bytes.Equal(prevRes.text, snap.text) {
		// the same text and facts (an edit undone): the same model and checks
		model, sdiags = prevRes.model, prevRes.diags
	} else {
		model = analysis.BuildModel(snap.text, snap.file, cf)
		sdiags = publishable(cf, analysis.CheckSemantics(model))
	}
	s.log.Debug("semantic run", "uri", uri, "version", snap.doc.Version(), "waited", start.Sub(scheduled),
		"parse", parsed, "total", time.Since(start), "diagnostics", len(sdiags), "stale", cf.Stale)

	res := &semResult{version: snap.doc.Version(), doc: snap.doc, text: snap.text, model: model, diags: sdiags, settled: make(chan struct{})}
	merged := mergeDiagnostics(snap, analysis.ActiveOnly(snap.dirDiags, snap.file, model), sdiags)
	sd.mu.Lock()
	if gen != sd.gen || sd.closed || s.docs.get(uri) != e || s.docs.snapshot(uri) != snap {
		// A newer version exists (its run is scheduled) or the document closed.
		sd.mu.Unlock()
		return
	}
	sd.cfile, sd.res, sd.lastRun = cf, res, time.Since(start)
	v := snap.doc.Version()
	s.publish(uri, &v, merged)
	var tell []string
	if !sd.toldStale && hasStale(cf) {
		sd.toldStale = true
		tell = append(tell, staleMessage(uri, cf))
	}
	for _, n := range cf.Notes {
		msg := noteMessage(uri, snap.doc, n)
		if sd.toldNotes == nil {
			sd.toldNotes = map[string]bool{}
		}
		if !sd.toldNotes[msg] {
			sd.toldNotes[msg] = true
			tell = append(tell, msg)
		}
	}
	if sd.pending == done {
		close(done)
		sd.pending = nil
	}
	sd.mu.Unlock()
	for _, m := range tell {
		s.logMessage(protocol.MessageTypeInfo, m)
	}
	s.refreshInlayHints()
	close(res.settled)
}

// publishable drops the diagnostics inside functions whose facts are stale or
// missing (analysis does too; the server does not rely on it), and inside
// functions with holes: statements being typed that error recovery left
// out, whose absence the checks would otherwise report (a `loop` directive
// "followed by nothing" while its `for` is half-typed).
func publishable(cf *cfacts.File, ds []analysis.Diagnostic) []analysis.Diagnostic {
	var skip []acc.Span
	for _, f := range cf.Funcs {
		if f.Stale || f.Body == nil || len(f.Holes) > 0 {
			skip = append(skip, f.Span)
		}
	}
	if len(skip) == 0 {
		return ds
	}
	return slices.DeleteFunc(slices.Clone(ds), func(d analysis.Diagnostic) bool {
		for _, sp := range skip {
			if sp.Start <= d.Span.Start && d.Span.Start < sp.End {
				return true
			}
		}
		return false
	})
}

// mergeDiagnostics converts the directive and semantic diagnostics of one
// text into one sorted list without duplicates.
func mergeDiagnostics(snap *snapshot, dir, sem []analysis.Diagnostic) []protocol.Diagnostic {
	all := make([]analysis.Diagnostic, 0, len(dir)+len(sem))
	all = append(all, dir...)
	type key struct {
		span       acc.Span
		rule, text string
	}
	seen := make(map[key]bool, len(dir))
	for _, d := range dir {
		seen[key{d.Span, d.Rule, d.Message}] = true
	}
	for _, d := range sem {
		if !seen[key{d.Span, d.Rule, d.Message}] {
			all = append(all, d)
		}
	}
	return diagnostics.Convert(snap.doc, protocol.DocumentURI(snap.uri), all)
}

// carried returns the last run's diagnostics moved onto text (see the
// comment at the top of the file); nil when there are none.
func carried(res *semResult, text []byte) []analysis.Diagnostic {
	if res == nil || len(res.diags) == 0 {
		return nil
	}
	m := diffTexts(res.text, text)
	var out []analysis.Diagnostic
	for _, d := range res.diags {
		if md, ok := mapDiagnostic(m, d); ok {
			out = append(out, md)
		}
	}
	return out
}

// mapDiagnostic moves d through m; ok is false when its span, a related
// location or an edit of one of its fixes touches the changed region.
func mapDiagnostic(m textMap, d analysis.Diagnostic) (analysis.Diagnostic, bool) {
	if m.identical {
		return d, true
	}
	var ok bool
	if d.Span, ok = m.span(d.Span); !ok {
		return d, false
	}
	if len(d.Related) > 0 {
		rel := make([]analysis.Related, len(d.Related))
		for i, r := range d.Related {
			if r.Span, ok = m.span(r.Span); !ok {
				return d, false
			}
			rel[i] = r
		}
		d.Related = rel
	}
	if len(d.Fixes) > 0 {
		fixes := make([]analysis.SuggestedFix, len(d.Fixes))
		for i, f := range d.Fixes {
			edits := make([]analysis.TextEdit, len(f.Edits))
			for j, ed := range f.Edits {
				if ed.Span, ok = m.span(ed.Span); !ok {
					return d, false
				}
				edits[j] = ed
			}
			f.Edits = edits
			fixes[i] = f
		}
		d.Fixes = fixes
	}
	return d, true
}

// frontEndFailed logs a failed parse, telling the user once per server.
func (s *server) frontEndFailed(uri string, err error) {
	s.log.Warn("C front end failed", "uri", uri, "error", err)
	s.sem.mu.Lock()
	tell := !s.sem.warned
	s.sem.warned = true
	s.sem.mu.Unlock()
	if tell {
		s.logMessage(protocol.MessageTypeWarning,
			fmt.Sprintf("accls: the C front end failed (%v); only directive-level results are available.", err))
	}
}

// hasStale reports whether some function's facts are stale, missing or
// have holes.
func hasStale(cf *cfacts.File) bool {
	for _, f := range cf.Funcs {
		if f.Stale || f.Body == nil || len(f.Holes) > 0 {
			return true
		}
	}
	return cf.Stale
}

func staleMessage(uri string, cf *cfacts.File) string {
	var names []string
	for _, f := range cf.Funcs {
		if f.Stale || f.Body == nil || len(f.Holes) > 0 {
			names = append(names, f.Name)
		}
	}
	where := "some functions"
	if len(names) > 0 {
		if len(names) > 5 {
			names = append(names[:5], "…")
		}
		where = "function(s) " + strings.Join(names, ", ")
	}
	return fmt.Sprintf("accls: the C code of %s does not parse in %s; the semantic OpenACC checks there are paused until it does (the other functions are still checked).",
		displayName(uri), where)
}

func noteMessage(uri string, doc *source.Document, n cfacts.Note) string {
	if n.Span == (acc.Span{}) {
		return fmt.Sprintf("accls: %s: %s", displayName(uri), n.Message)
	}
	return fmt.Sprintf("accls: %s:%d: %s", displayName(uri), doc.Line(n.Span.Start)+1, n.Message)
}

// refreshInlayHints asks the client to request inlay hints again, when it
// takes workspace/inlayHint/refresh; it returns when the client answered (or
// after a while).
func (s *server) refreshInlayHints() {
	s.sem.mu.Lock()
	ok := s.sem.refresh
	s.sem.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 2*time.Second)
	defer cancel()
	if _, err := s.conn.Call(ctx, "workspace/inlayHint/refresh", nil, nil); err != nil {
		s.log.Debug("workspace/inlayHint/refresh", "error", err)
	}
}

func (s *server) logMessage(typ protocol.MessageType, msg string) {
	if err := s.conn.Notify(s.ctx, "window/logMessage", &protocol.LogMessageParams{Type: typ, Message: msg}); err != nil {
		s.log.Warn("logging a message", "error", err)
	}
}

// lastModel returns the document's last semantic result for a request on
// snap. When a run for snap's version is pending it waits for it, at most
// wait (or until ctx ends). The result may be of an older text: map its
// spans with diffTexts(res.text, snap.text). nil when there is none.
func (s *server) lastModel(ctx context.Context, snap *snapshot, wait time.Duration) *semResult {
	if snap == nil {
		return nil
	}
	e := s.docs.get(snap.uri)
	if e == nil {
		return nil
	}
	sd := &e.sem
	sd.mu.Lock()
	ch := sd.pending
	if sd.pendingVersion != snap.doc.Version() {
		ch = nil
	}
	sd.mu.Unlock()
	if ch != nil && wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-ch:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
	}
	sd.mu.Lock()
	defer sd.mu.Unlock()
	return sd.res
}

// closeSemantic stops the document's pipeline for good (didClose).
func (e *docEntry) closeSemantic() {
	e.sem.mu.Lock()
	defer e.sem.mu.Unlock()
	e.sem.closed = true
	e.sem.stopLocked()
}

// rerunAll restarts the semantic run of every open document from scratch
// (the settings changed).
func (s *server) rerunAll() {
	s.docs.mu.Lock()
	entries := make(map[string]*docEntry, len(s.docs.m))
	for uri, e := range s.docs.m {
		entries[uri] = e
	}
	s.docs.mu.Unlock()
	for uri, e := range entries {
		e.sem.mu.Lock()
		e.sem.cfile = nil
		if snap := s.docs.snapshot(uri); snap != nil && s.docs.get(uri) == e {
			s.scheduleSemantic(uri, e, snap)
		}
		e.sem.mu.Unlock()
	}
}

// semanticState is what the test hook accls/test/semanticWait answers.
type semanticState struct {
	Version int32 `json:"version"`
	// Ran is false when no semantic result exists for the version (the run
	// is off, failed, or the document is not analysed).
	Ran         bool `json:"ran"`
	Diagnostics int  `json:"semanticDiagnostics"`
	Stale       bool `json:"stale,omitempty"`
}

// waitSemantic waits until the semantic run for the current version of uri
// has ended and everything it sends is sent (tests: accls/test/semanticWait).
func (s *server) waitSemantic(ctx context.Context, uri string) (*semanticState, error) {
	for {
		e, snap := s.docs.get(uri), s.docs.snapshot(uri)
		if e == nil || snap == nil {
			return nil, fmt.Errorf("%s is not open", uri)
		}
		v := snap.doc.Version()
		e.sem.mu.Lock()
		res, pending := e.sem.res, e.sem.pending
		e.sem.mu.Unlock()
		if res != nil && res.version == v && s.docs.snapshot(uri) == snap {
			select {
			case <-res.settled:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			st := &semanticState{Version: v, Ran: true, Diagnostics: len(res.diags)}
			if res.model != nil && res.model.C != nil {
				st.Stale = hasStale(res.model.C)
			}
			return st, nil
		}
		if pending == nil {
			return &semanticState{Version: v}, nil
		}
		select {
		case <-pending:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// semanticWaitRequest is accls/test/semanticWait {textDocument: {uri}}.
func semanticWaitRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p struct {
		TextDocument textDocumentID `json:"textDocument"`
	}
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	return s.waitSemantic(ctx, p.TextDocument.URI)
}
