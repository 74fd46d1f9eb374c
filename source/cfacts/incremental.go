package cfacts

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"slices"
	"sync/atomic"
	"time"

	"github.com/accls/accls/acc"
	"modernc.org/cc/v4"
)

// Incremental re-parse. Most edits fall inside one function body. Then the
// rest of the document is unchanged and, C being a one-pass language, so are
// the facts of everything else: only the edited function needs cc/v4.
// Parse then
//
//  1. prepares the whole new text as usual (directives blanked, prelude
//     pruned for all the names of the document: the same prelude as a full
//     parse),
//  2. gives cc/v4 a reduced text (reduce): the file-scope text before the
//     function with the other bodies and the blank lines removed, the
//     function itself, and the preprocessor lines after it; with the error
//     recovery of a full parse as long as it stays in that body
//     (recoverIn),
//  3. converts that, and builds the File from the previous one (splice):
//     the functions and globals before the function shared, those after it
//     copied shifted by the edit's length, the edited function new (shifted
//     from the reduced text's offsets), every reference redirected to the
//     new File's variables.
//
// Anything else parses the whole text (parseFull): a previous File whose
// parse needed stub typedefs or repairs outside the edited function, an
// edit that touches file scope, a preprocessor line or a function's braces,
// a text whose braces do not balance, a user header saved since, an error
// that recovery would look for elsewhere, or facts that do not line up
// with the previous ones. TestIncrementalSame (random edits of every test
// program), TestIncrementalCases and analysis' TestIncrementalDiagnostics
// compare both ways.

// incBase is what a File keeps of its parse for the next incremental one.
// Only a parse that needed no recovery outside one function body has one:
// no stub typedefs, balanced braces, the prelude in use, and every change
// error recovery made to the text inside the body of the function `dirty`
// (then the next parse can be incremental only if it edits that function).
type incBase struct {
	parser  *Parser
	path    string
	text    []byte   // a copy of the parsed text
	ppLines []span32 // the preprocessor lines of the prepared text
	bodies  []span32 // the functions' bodies: the offsets of their '{' and '}'
	dirty   int      // the '{' of the function that error recovery changed, -1 when none
	// headers are the user headers the document includes, as they were on
	// disk: a header saved since makes the next parse a full one (the
	// functions it would not re-parse may use what changed).
	headers []headerStamp
	// declared: every name the parsed File declares (globals, functions,
	// parameters, locals); after incremental parses a superset.
	declared map[string]bool
}

// declaredNames adds the names fn declares (parameters, locals) to set.
func declaredNames(set map[string]bool, fn *Func) {
	for _, v := range fn.Params {
		set[v.Name] = true
	}
	Walk(fn.Body, func(s *Stmt) bool {
		for _, v := range s.Decls {
			set[v.Name] = true
		}
		return true
	})
}

// addUse records in *m that function user uses name undeclared.
func addUse(m *map[string]map[string]bool, name, user string) {
	if *m == nil {
		*m = map[string]map[string]bool{}
	}
	if (*m)[name] == nil {
		(*m)[name] = map[string]bool{}
	}
	(*m)[name][user] = true
}

// statHeaders stamps the headers of hs again, as they are on disk now.
func statHeaders(hs []headerStamp) []headerStamp {
	out := make([]headerStamp, len(hs))
	for i, h := range hs {
		out[i] = headerStamp{path: h.path}
		if fi, err := os.Stat(h.path); err == nil {
			out[i].mod, out[i].size = fi.ModTime(), fi.Size()
		}
	}
	return out
}

func sameStamp(a, b headerStamp) bool {
	return a.path == b.path && a.mod.Equal(b.mod) && a.size == b.size
}

type headerStamp struct {
	path string
	mod  time.Time
	size int64
}

// userHeaders returns the stamps of the user headers the document
// includes (directly: a header included by one is not followed).
func (st *state) userHeaders() []headerStamp {
	var out []headerStamp
	for _, inc := range st.includes {
		if inc.system || inc.path == "" {
			continue
		}
		h := headerStamp{path: inc.path}
		if fi, err := os.Stat(inc.path); err == nil {
			h.mod, h.size = fi.ModTime(), fi.Size()
		}
		out = append(out, h)
	}
	return out
}

// incrementalBase returns the incBase of a full parse, nil when it cannot
// have one.
func (st *state) incrementalBase(f *File) *incBase {
	if st.stubs.Len() > 0 || st.heur || st.direct || st.wholePrelude || len(st.dropped) > 0 ||
		len(st.work) != len(st.text) || len(st.prepared) != len(st.text) {
		return nil
	}
	lx := &st.lx
	if st.attempts != 1 {
		lx = &lexed{}
		lx.lex(st.prepared)
	}
	if lx.blockEnd >= 0 {
		return nil
	}
	items, stray := lx.items(false)
	if len(stray) > 0 {
		return nil
	}
	base := &incBase{parser: st.p, path: st.path, dirty: -1}
	for _, it := range items {
		if it.fn && it.open >= 0 && it.close > it.open {
			base.bodies = append(base.bodies, span32{int32(it.open), int32(it.close)})
		}
	}
	for _, users := range f.undeclared {
		if users[""] {
			return nil
		}
	}
	base.declared = map[string]bool{}
	for _, v := range f.Globals {
		base.declared[v.Name] = true
	}
	for n := range f.Decls {
		base.declared[n] = true
	}
	for _, fn := range f.Funcs {
		declaredNames(base.declared, fn)
	}
	// What error recovery changed must lie in one body.
	if lo, hi := commonPrefix(st.work, st.prepared), len(st.work)-commonSuffix(st.work, st.prepared); lo < hi {
		k, ok := bodyAt(base.bodies, lo)
		if !ok || hi > int(base.bodies[k].end) {
			return nil
		}
		base.dirty = int(base.bodies[k].start)
	}
	for _, fn := range f.Funcs {
		if fn.Body == nil || fn.Stale || len(fn.Holes) > 0 {
			if base.dirty < 0 || !(fn.Span.Start < base.dirty && base.dirty < fn.Span.End) {
				return nil
			}
		}
	}
	base.text = bytes.Clone(st.text)
	base.ppLines = livePPLines(st.prepared, lx.ppLines)
	base.headers = st.userHeaders()
	return base
}

// bodyAt returns the index of the body whose inside (between its braces)
// holds off.
func bodyAt(bodies []span32, off int) (int, bool) {
	k, found := slices.BinarySearchFunc(bodies, off, func(b span32, off int) int {
		switch {
		case int(b.end) < off:
			return -1
		case int(b.start) >= off:
			return 1
		}
		return 0
	})
	return k, found
}

// incrementalStats counts the parses by kind (tests and benchmarks).
var incrementalStats struct{ incremental, full atomic.Int64 }

// fullParseWhy, when set (by tests), is told why a parse was not incremental.
var fullParseWhy func(why string)

// parseIncremental is the incremental parse of text after prev. When it
// does not apply, f is nil and why says why (then a full parse must be
// made). err is set only when ctx is done.
func (p *Parser) parseIncremental(ctx context.Context, path string, text []byte, prev *File) (f *File, why string, err error) {
	if prev == nil || prev.inc == nil || prev.inc.parser != p || prev.inc.path != path {
		return nil, "no base", nil
	}
	old := prev.inc.text
	// The edit: old[pre:oldEnd] became text[pre:newEnd].
	pre := commonPrefix(old, text)
	suf := commonSuffix(old[pre:], text[pre:])
	oldEnd, newEnd := len(old)-suf, len(text)-suf
	delta := newEnd - oldEnd
	if pre == len(old) && pre == len(text) {
		// The same text (an edit undone): the same facts, unless a user
		// header was saved since. prev is never modified, so it can be the
		// result.
		if !slices.EqualFunc(statHeaders(prev.inc.headers), prev.inc.headers, sameStamp) {
			return nil, "header changed", nil
		}
		return prev, "", nil
	}
	// The function whose body (between its braces) contains the edit.
	base := prev.inc
	kb, found := bodyAt(base.bodies, pre)
	if !found {
		return nil, "not in a body", nil
	}
	open, oldClose := int(base.bodies[kb].start), int(base.bodies[kb].end)
	if oldEnd > oldClose || base.dirty >= 0 && base.dirty != open || touchesPPLine(base.ppLines, pre, oldEnd) {
		return nil, "not in a body", nil
	}
	k := slices.IndexFunc(prev.Funcs, func(fn *Func) bool { return fn.Span.Start < open && open < fn.Span.End })
	if k < 0 {
		return nil, "no function", nil
	}
	pf := prev.Funcs[k]
	for name, d := range prev.Decls {
		// A function declared inside the body (block scope): leave it to
		// the full parse.
		if !d.FromHeader && d.NameSpan.Start > open && d.NameSpan.Start < oldClose && name != pf.Name {
			return nil, "block-scope function", nil
		}
	}

	st := &state{p: p, e: p.environment(), path: path, name: sourceName(path), text: text, guessed: map[string]bool{}}
	if st.e.note != "" {
		st.noteIncomplete(0, 0, st.e.note)
	}
	st.prepare()
	if st.heur || len(st.work) != len(text) || st.lx.blockEnd >= 0 {
		return nil, "prepare", nil
	}
	// the identifiers of the whole text's directives and #if lines
	directiveNames, condNames := slices.Clone(st.directiveNames), slices.Clone(st.condNames)
	ppLines := livePPLines(st.work, st.lx.ppLines)
	if touchesPPLine(ppLines, pre, newEnd) || !samePPLines(old, text, base.ppLines, ppLines, oldEnd, delta) {
		return nil, "preprocessor lines", nil
	}
	items, stray := st.lx.items(false)
	if len(stray) > 0 {
		return nil, "stray brace", nil
	}
	headers := st.userHeaders()
	if !slices.EqualFunc(headers, base.headers, sameStamp) {
		return nil, "header changed", nil
	}
	newClose := oldClose + delta
	it := slices.IndexFunc(items, func(it item) bool { return it.open == open })
	if it < 0 || !items[it].fn || items[it].close != newClose {
		return nil, "items", nil
	}
	if err := st.loadPrelude(ctx); err != nil {
		return nil, "", err
	}
	if st.direct || st.e.cfg == nil {
		return nil, "no prelude", nil
	}
	next := &incBase{parser: p, path: path, text: bytes.Clone(text), ppLines: ppLines, dirty: -1, headers: headers}
	for _, x := range items {
		if x.fn && x.open >= 0 && x.close > x.open {
			next.bodies = append(next.bodies, span32{int32(x.open), int32(x.close)})
		}
	}

	// The reduced text (see reduce); shift maps its offsets in the edited
	// function to the document's.
	work, shift := reduce(&st.lx, st.work, items, it)
	st.text, st.work = work, work
	nNotes := len(st.notes)
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	ast, why, err := st.recoverIn(ctx, open-shift, newClose-shift)
	if ast == nil {
		return nil, why, err
	}
	part := convert(st, ast, prev)
	for name, users := range part.undeclared {
		if users[""] || base.declared[name] {
			return nil, "undeclared name", nil
		}
		for user := range prev.undeclared[name] {
			if user != pf.Name {
				return nil, "undeclared name", nil
			}
		}
	}
	// Notes of the recovery (and of convert) are about the edited function.
	for i := nNotes; i < len(st.notes); i++ {
		n := &st.notes[i]
		if n.Span.Start <= open-shift || n.Span.End > newClose-shift {
			return nil, "note outside the body", nil
		}
		n.Span = acc.Span{Start: n.Span.Start + shift, End: n.Span.End + shift}
	}
	f = splice(prev, part, k, shift, pre, oldEnd, newClose+1, delta)
	if f == nil {
		return nil, "splice", nil
	}
	f.Notes = st.notes
	f.Stale = part.Stale
	// The reduced text lacks the declarations after the function: an
	// enumeration constant declared there keeps its earlier value.
	f.Consts = part.Consts
	// The macros the #if lines test and the directives name, and the names
	// the file scope declares: prev's, from the whole text (the reduced
	// one lacks what is defined or declared after the function), and for
	// the names only the edited function has, the reduced text's; only
	// the names the text has now.
	f.Macros = mergeNames(prev.Macros, part.Macros, directiveNames, condNames)
	f.ScopeNames = mergeNames(prev.ScopeNames, part.ScopeNames, directiveNames)
	// the conditions likewise: prev's, and those only the function tests
	f.Conds = prev.Conds
	for key, v := range part.Conds {
		if _, ok := prev.Conds[key]; ok {
			continue
		}
		if len(f.Conds) == len(prev.Conds) {
			f.Conds = maps.Clone(prev.Conds)
			if f.Conds == nil {
				f.Conds = map[string]bool{}
			}
		}
		f.Conds[key] = v
	}
	for name, v := range prev.Consts {
		if _, ok := f.Consts[name]; !ok {
			if f.Consts == nil {
				f.Consts = acc.Consts{}
			}
			f.Consts[name] = v
		}
	}
	// the other functions' undeclared names, and the edited one's now
	for name, users := range prev.undeclared {
		for user := range users {
			if user != pf.Name {
				addUse(&f.undeclared, name, user)
			}
		}
	}
	for name, users := range part.undeclared {
		for user := range users {
			addUse(&f.undeclared, name, user)
		}
	}
	next.declared = maps.Clone(base.declared)
	declaredNames(next.declared, f.Funcs[k])
	if nf := f.Funcs[k]; st.attempts > 1 || nf.Stale || nf.Body == nil || len(nf.Holes) > 0 {
		next.dirty = open
	}
	f.inc = next
	return f, "", nil
}

// reduce returns the text cc/v4 parses for the function items[it] of the
// prepared text work: what comes before it with every function body
// replaced by its preprocessor lines (macros defined there stay defined)
// and the blank lines removed (cc/v4 takes ~10 µs a blank line, more than
// the function itself), the function as it is, then the preprocessor lines
// after it (a user header included further down declares the same header
// functions as in a full parse). Offsets in the function are shift bytes
// lower than in the document; the rest has no place in the document.
func reduce(lx *lexed, work []byte, items []item, it int) (reduced []byte, shift int) {
	out := make([]byte, 0, 4096+items[it].end-items[it].start)
	pps := lx.ppLines
	pos := 0
	for _, x := range items[:it] {
		if !x.fn || x.open < 0 || x.close <= x.open {
			continue
		}
		out = appendNonBlankLines(out, work[pos:x.open+1])
		for _, pl := range pps {
			if int(pl.start) > x.open && int(pl.end) < x.close {
				out = append(out, '\n')
				out = append(out, work[pl.start:pl.end]...)
				out = append(out, '\n')
			}
		}
		out = append(out, '}')
		pos = x.close + 1
	}
	start := items[it].start
	out = appendNonBlankLines(out, work[pos:start])
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	shift = start - len(out)
	end := items[it].close + 1
	out = append(out, work[start:end]...)
	for _, pl := range pps {
		if int(pl.start) >= end {
			out = append(out, '\n')
			out = append(out, work[pl.start:pl.end]...)
		}
	}
	return append(out, '\n'), shift
}

// appendNonBlankLines appends b to out without its lines of blanks (a line
// spliced to the one before it by a backslash stays).
func appendNonBlankLines(out, b []byte) []byte {
	lineStart := len(out) // where the current line begins in out, when it began in b
	for _, c := range b {
		if c == '\n' && lineStart > 0 && out[lineStart-1] == '\n' && isBlankRun(out[lineStart:]) && !spliced(out, lineStart-1) {
			out = out[:lineStart]
			continue
		}
		out = append(out, c)
		if c == '\n' {
			lineStart = len(out)
		}
	}
	return out
}

func isBlankRun(b []byte) bool {
	for _, c := range b {
		if !isBlank(c) {
			return false
		}
	}
	return true
}

// recoverIn parses the reduced text with the error recovery of a full parse
// (recover.go) as long as it stays inside the body between the braces at
// open and close: it then makes the same repairs as the full parse, whose
// earliest error is the same. Past the rounds that repair the first error only,
// or for an error anywhere else, ast is nil and why says why.
func (st *state) recoverIn(ctx context.Context, open, close int) (*cc.AST, string, error) {
	before := bytes.Clone(st.work)
	var ast *cc.AST
	for round := 0; ast == nil; round++ {
		if err := ctx.Err(); err != nil {
			return nil, "", err
		}
		if round == firstOnly {
			return nil, "too many errors", nil
		}
		a, perr := st.attempt()
		if perr == nil {
			ast = a
			break
		}
		if errors.Is(perr, errPanic) {
			return nil, "cc/v4 panicked", nil
		}
		docErrs, other := st.parseErrors(perr)
		if len(other) > 0 || len(docErrs) == 0 {
			return nil, "error outside the document", nil
		}
		// These rounds repair the earliest error only; those after it
		// can be its cascade, in the full text elsewhere.
		first := slices.MinFunc(docErrs, func(a, b docError) int { return a.off - b.off })
		if first.off <= open || first.off > close {
			return nil, "error outside the body", nil
		}
		if !st.repair(docErrs, round) {
			return nil, "no repair", nil
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	// The repairs must have stayed in the body.
	if st.stubs.Len() > 0 || len(st.dropped) > 0 || st.heur || len(st.work) != len(before) {
		return nil, "repair outside the body", nil
	}
	if lo, hi := commonPrefix(st.work, before), len(st.work)-commonSuffix(st.work, before); lo < hi && (lo <= open || hi > close) {
		return nil, "repair outside the body", nil
	}
	return ast, "", nil
}

// splice builds the File of the new text from prev, whose function k was
// edited (old[pre:oldEnd] replaced, delta bytes longer; it now ends at
// end), and part, the facts of the reduced text, whose offsets in the
// function are shift bytes lower than the document's. prev gives everything
// but the function, shifted by delta after it. nil when the two do not
// line up.
func splice(prev, part *File, k, shift, pre, oldEnd, end, delta int) *File {
	pf := prev.Funcs[k]
	if len(part.Funcs) != k+1 {
		return nil
	}
	names := make(map[string]bool, len(prev.Funcs))
	for i, of := range prev.Funcs {
		if i != k && (of.Body == nil || of.Stale || len(of.Holes) > 0) || names[of.Name] {
			return nil // (a function defined twice: cc/v4 links its parameters to the last one)
		}
		names[of.Name] = true
	}
	for i, fn := range part.Funcs[:k] {
		if fn.Name != prev.Funcs[i].Name {
			return nil
		}
	}
	// The globals, from prev; part's, before the function, are the ones
	// the edited function refers to.
	nBefore := 0
	for nBefore < len(prev.Globals) && prev.Globals[nBefore].Span.Start < pf.Span.Start {
		nBefore++
	}
	if len(part.Globals) != nBefore {
		return nil
	}
	f := &File{Decls: make(map[string]*FuncDecl, len(prev.Decls)+len(part.Decls))}
	vars := make(map[*Var]*Var, len(prev.Globals)+nBefore)
	// Before the function, prev's globals and functions are the new ones
	// (nothing in a File changes once made); after it, they are shifted
	// copies.
	f.Globals = append(f.Globals, prev.Globals[:nBefore]...)
	for i, v := range part.Globals {
		ov := prev.Globals[i]
		if v.Name != ov.Name || v.Storage != ov.Storage {
			return nil
		}
		vars[ov], vars[v] = ov, ov
	}
	after := &copier{delta: delta, vars: vars, byName: func(string) *Var { return nil }}
	for _, ov := range prev.Globals[nBefore:] {
		f.Globals = append(f.Globals, after.globalVar(ov))
	}

	nf := reuseFunc(part.Funcs[k], shift, vars, !part.Funcs[k].Stale)
	nf.Stale = part.Funcs[k].Stale
	for _, h := range part.Funcs[k].Holes {
		nf.Holes = append(nf.Holes, acc.Span{Start: h.Start + shift, End: h.End + shift})
	}
	if nf.Name != pf.Name || nf.NameSpan != pf.NameSpan || nf.Span.Start != pf.Span.Start || nf.Span.End != end ||
		nf.Body != nil && !nf.Stale && nf.Body.Span.End != end {
		return nil
	}
	funcs := make(map[*Func]*Func, len(prev.Funcs))
	f.Funcs = make([]*Func, 0, len(prev.Funcs))
	for i, of := range prev.Funcs {
		var fn *Func
		switch {
		case i == k:
			fn = nf
		case i < k:
			fn = of
		default:
			fn = reuseFunc(of, delta, vars, true)
		}
		funcs[of] = fn
		f.Funcs = append(f.Funcs, fn)
	}

	// Declared functions: those of the document from prev (shifted when
	// after the edit), those of headers from part (the same prelude as a
	// full parse, the same user headers).
	bodyStart, bodyEnd := pf.Span.Start-shift, end-shift
	for name, d := range part.Decls {
		if d.FromHeader {
			f.Decls[name] = d
			continue
		}
		if od := prev.Decls[name]; od == nil || od.FromHeader ||
			name != nf.Name && d.NameSpan.Start >= bodyStart && d.NameSpan.Start < bodyEnd {
			return nil // declared in the edited function, or a header/document mix-up
		}
	}
	for name, od := range prev.Decls {
		if od.FromHeader {
			continue // part has the header functions the document mentions now
		}
		if pd := part.Decls[name]; pd != nil && pd.FromHeader {
			return nil
		}
		nd := &FuncDecl{Name: od.Name, NameSpan: od.NameSpan}
		if od.NameSpan.Start >= oldEnd {
			nd.NameSpan = acc.Span{Start: od.NameSpan.Start + delta, End: od.NameSpan.End + delta}
		} else if od.NameSpan.Start >= pre {
			return nil
		}
		if od.Def != nil {
			if nd.Def = funcs[od.Def]; nd.Def == nil {
				return nil
			}
		}
		f.Decls[name] = nd
	}
	return f
}

// reuseFunc copies a function, shifted by delta, its references to globals
// redirected through globals. shiftUnknown: see copier. A stale body (which
// convert copied from the previous File) keeps the previous File's unknown
// variables, as in a full parse.
func reuseFunc(of *Func, delta int, globals map[*Var]*Var, shiftUnknown bool) *Func {
	cp := &copier{delta: delta, globals: globals, byName: func(string) *Var { return nil }, shiftUnknown: shiftUnknown}
	fn := &Func{Name: of.Name, NameSpan: cp.span(of.NameSpan), Span: cp.span(of.Span), Result: of.Result}
	cp.fn = fn
	cp.vars = make(map[*Var]*Var, len(of.Params)+8)
	for _, v := range of.Params {
		nv := *v
		nv.Func = fn
		nv.NameSpan, nv.Span = cp.span(v.NameSpan), cp.span(v.Span)
		nv.Type = cp.typ(v.Type)
		fn.Params = append(fn.Params, &nv)
		cp.vars[v] = &nv
	}
	fn.Body = cp.stmt(of.Body, nil)
	return fn
}

// globalVar copies a global of the previous File, shifted.
func (cp *copier) globalVar(v *Var) *Var {
	nv := *v
	nv.NameSpan, nv.Span = cp.span(v.NameSpan), cp.span(v.Span)
	cp.vars[v] = &nv
	nv.Init = cp.expr(v.Init)
	nv.Type = cp.typ(v.Type)
	return &nv
}

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && string(a[i:i+8]) == string(b[i:i+8]) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// touchesPPLine reports whether the edit text[a:b] touches a preprocessor
// line: overlaps it or its newline, or ends at the newline before it (a
// backslash added there joins the two lines). A
// line edited beside a preprocessor line is no concern of its own (the
// edited function is parsed again, its #if lines included); what else can
// change them (a comment opened above) samePPLines sees.
func touchesPPLine(pps []span32, a, b int) bool {
	k, _ := slices.BinarySearchFunc(pps, a, func(p span32, off int) int { return int(p.end) - off })
	return k < len(pps) && int(pps[k].start) <= b+1
}

// livePPLines returns the preprocessor lines of pps that the prepared text
// work still holds (prepare blanks system includes, #line lines and
// directives: whether a lexing of the text saw them depends on when it ran).
func livePPLines(work []byte, pps []span32) []span32 {
	var out []span32
	for _, p := range pps {
		if work[p.start] == '#' {
			out = append(out, p)
		}
	}
	return out
}

// samePPLines reports whether the preprocessor lines of the new text are
// those of the old one, the ones after the edit shifted by its length
// (old[pre:oldEnd] became new[pre:oldEnd+delta]): a function the
// incremental parse does not parse again may depend on any of them.
func samePPLines(oldText, newText []byte, old, cur []span32, oldEnd, delta int) bool {
	if len(old) != len(cur) {
		return false
	}
	for i, o := range old {
		n := cur[i]
		d := 0
		if int(o.start) >= oldEnd {
			d = delta
		}
		if int(n.start) != int(o.start)+d || int(n.end) != int(o.end)+d ||
			!bytes.Equal(oldText[o.start:o.end], newText[n.start:n.end]) {
			return false
		}
	}
	return true
}

// mergeNames is the map of the names of the lists, each with prev's value
// when prev has one, else part's; nil when none has a value.
func mergeNames(prev, part map[string]bool, lists ...[]string) map[string]bool {
	var out map[string]bool
	for _, l := range lists {
		for _, n := range l {
			d, ok := prev[n]
			if !ok {
				d, ok = part[n]
			}
			if !ok {
				continue
			}
			if out == nil {
				out = map[string]bool{}
			}
			out[n] = d
		}
	}
	return out
}
