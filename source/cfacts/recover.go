package cfacts

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
)

// Error recovery. cc/v4 returns no AST at all when the text has one syntax
// error, so every error is removed from the text (replaced by blanks) and the
// text parsed again, from the smallest repair to the largest:
//
//  1. an identifier used as a type name that no header declares (a missing
//     header) becomes `typedef int NAME;` in a stub;
//  2. inside a function body, the statement around the error is blanked
//     (Func.Holes records it): the rest of the function keeps its facts;
//  3. after maxStmtTries statements of one function, or when the statement
//     cannot be delimited, the whole body is blanked (the function keeps its
//     signature; its body comes from the previous parse, see Func.Stale);
//  4. at file scope, the lines of the declaration before the error line are
//     blanked (a half-typed declaration followed by a good one), then the
//     whole declaration.
//
// Each round handles the first error only (later ones are often cascades of
// the first), except in the last rounds, which handle all of them.

const (
	maxRounds     = 10 // parses per document
	firstOnly     = 6  // rounds that repair the first error only
	maxStmtTries  = 4  // statements blanked in one function before its body goes
	maxTypeGuesss = 16 // typedef names guessed per document
)

// repair changes st.work so that the errors reported by cc go away. It
// reports whether it changed anything.
func (st *state) repair(errs []docError, round int) bool {
	st.lx.lex(st.work)
	items, _ := st.lx.items(st.heur || st.heuristics())
	if round < firstOnly && len(errs) > 1 {
		first := errs[0]
		for _, e := range errs[1:] {
			if e.off < first.off {
				first = e
			}
		}
		errs = []docError{first}
	}
	changed := false
	done := map[int]bool{} // items repaired this round
	for _, e := range errs {
		i := itemAt(items, e.off)
		if done[i] {
			continue
		}
		if st.repairAt(items, i, e) {
			changed = true
			done[i] = true
		}
	}
	return changed
}

func (st *state) heuristics() bool {
	items, stray := st.lx.items(false)
	return len(stray) > 0 || len(items) > 0 && items[len(items)-1].missing > 0
}

func (st *state) repairAt(items []item, i int, e docError) bool {
	off := e.off
	if pl, ok := inSpans(st.lx.ppLines, off); ok && off < int(pl.end) {
		// An error in a preprocessor line (#error, a bad #if): the line goes.
		if st.hasCode(int(pl.start), int(pl.end)) {
			st.blankRaw(int(pl.start), int(pl.end))
			st.note(int(pl.start), int(pl.end), "preprocessor line ignored: "+e.msg)
			return true
		}
	}
	if st.lx.blockEnd >= 0 && off >= st.lx.blockEnd {
		// A comment that does not end (being typed): what follows it is
		// not code for cc, but its functions keep their earlier facts.
		st.dropFuncsInText(st.lx.blockEnd+2, len(st.text))
		st.blankRaw(st.lx.blockEnd, len(st.work))
		return true
	}
	if len(st.missing) > 0 && st.guessType(off) {
		return true
	}
	if i < 0 {
		return false
	}
	if i > 0 && off <= items[i].start && !st.lx.terminated(&items[i-1]) {
		// An error at the first token of a declaration: the one before
		// it lacks its ';' (`struct s {...}` then a new line).
		prev := &items[i-1]
		if st.hasCode(prev.start, prev.end) {
			st.dropFuncs(prev, prev.end)
			st.blankCode(prev.start, prev.end)
			return true
		}
	}
	it := &items[i]
	if it.fn && it.open >= 0 && off > it.open {
		if !st.blanked[it.open] && st.tries[it.open] < maxStmtTries {
			if a, b, semi, ok := st.statementAt(it, off); ok {
				st.tries[it.open]++
				st.blankCode(a, b)
				// A null statement keeps the place: `for (...) <hole>`
				// stays a loop.
				for semi < b && st.work[semi] != ' ' {
					semi++
				}
				if semi < b {
					st.work[semi] = ';'
				}
				st.holes[it.open] = append(st.holes[it.open], acc.Span{Start: min(a, len(st.text)), End: min(b, len(st.text))})
				return true
			}
		}
		if !st.blanked[it.open] {
			end := it.close
			if end < 0 {
				end = it.end
			}
			st.blankCode(it.open+1, end)
			st.blanked[it.open] = true
			if it.close < 0 {
				st.work = append(st.work, "\n}\n"...)
			}
			return true
		}
	}
	// File scope, or the header of a function: first the lines before the
	// error's (the rest of a half-typed declaration that runs into the
	// next one), unless the error is in a function header that begins
	// before its line.
	ls := lineStartOf(st.work, off)
	if it.fn && it.open >= 0 && off <= it.open && !st.lx.parenIn(ls, it.open) {
		ls = it.start
	}
	if ls > it.start && st.hasCode(it.start, ls) && !st.tried[[2]int{it.start, ls}] {
		st.tried[[2]int{it.start, ls}] = true
		st.dropFuncs(it, ls)
		st.blankCode(it.start, ls)
		return true
	}
	if st.hasCode(it.start, it.end) {
		st.dropFuncs(it, it.end)
		st.blankCode(it.start, it.end)
		return true
	}
	return false
}

func lineStartOf(text []byte, off int) int {
	off = min(off, len(text))
	for off > 0 && text[off-1] != '\n' {
		off--
	}
	return off
}

// dropFuncs records the function definitions in the part of an item before
// `to` about to be blanked, so that their facts can come from the previous
// File: the item's own header (`name(` before its body), and, since a broken
// item can swallow the functions after it, any `name(...) {` inside it whose
// name the previous File defines.
func (st *state) dropFuncs(it *item, to int) {
	l := &st.lx
	add := func(k, open int) {
		name := l.word(k)
		for _, d := range st.dropped {
			if d.name == name {
				return
			}
		}
		d := droppedFunc{name: name, nameOff: int(l.toks[k].off), start: lineStartOf(st.work, int(l.toks[k].off)), end: min(it.end, len(st.text)), open: open}
		if open >= 0 {
			if c := l.matching(l.tokenAt(open)); c >= 0 {
				d.end = min(int(l.toks[c].end), len(st.text))
			}
		}
		if d.start < it.start {
			d.start = it.start
		}
		st.dropped = append(st.dropped, d)
	}
	named := !it.fn // the header's name was found
	for k := it.first; k < it.last && k < len(l.toks) && int(l.toks[k].off) < to; k++ {
		if l.toks[k].kind != tIdent || !l.is(k+1, '(') || cKeywords[l.word(k)] {
			continue
		}
		inHeader := it.fn && (it.open < 0 || int(l.toks[k].off) < it.open)
		open := -1
		if c := l.matching(k + 1); c >= 0 && l.is(c+1, '{') {
			open = int(l.toks[c+1].off)
		}
		switch {
		case inHeader && !named:
			named = true
			if st.prevFuncs[l.word(k)] {
				add(k, it.open)
			} else {
				st.dropNameless(it)
			}
		case !inHeader && open >= 0 && st.prevFuncs[l.word(k)]:
			add(k, open)
		}
	}
	if !named || !it.fn && it.open >= 0 && it.open < to && atLineStart(st.work, it.open) {
		// A header whose name is being edited, or a body in column 0
		// under a header that no longer looks like one.
		st.dropNameless(it)
	}
}

// dropNameless records a function definition whose name cannot be told:
// its facts come from a function of the previous File with a body of the
// same length, if one is missing from the new File.
func (st *state) dropNameless(it *item) {
	if it.open < 0 || it.close < 0 {
		return
	}
	for _, d := range st.dropped {
		if d.open == it.open {
			return
		}
	}
	st.dropped = append(st.dropped, droppedFunc{
		nameOff: -1, start: it.start, end: min(it.end, len(st.text)),
		open: it.open, bodyLen: it.close + 1 - it.open,
	})
}

// dropFuncsInText records the functions of the previous File whose
// definitions lie in work[a:b], lexed as code.
func (st *state) dropFuncsInText(a, b int) {
	if len(st.prevFuncs) == 0 || a >= b {
		return
	}
	var l lexed
	l.lex(st.work[a:b])
	items, _ := l.items(true)
	for _, it := range items {
		if !it.fn || it.open < 0 {
			continue
		}
		for k := it.first; k < it.last; k++ {
			if l.toks[k].kind == tIdent && l.is(k+1, '(') {
				name := l.word(k)
				if st.prevFuncs[name] {
					st.dropped = append(st.dropped, droppedFunc{
						name: name, nameOff: a + int(l.toks[k].off),
						start: a + it.start, end: min(a+it.end, len(st.text)), open: a + it.open,
					})
				}
				break
			}
		}
	}
}

// matching returns the index of the token that closes the '(' or '{' at
// token k, or -1.
func (l *lexed) matching(k int) int {
	if k < 0 || k >= len(l.toks) || l.toks[k].kind != tPunct {
		return -1
	}
	open := l.toks[k].ch
	var close byte
	switch open {
	case '(':
		close = ')'
	case '{':
		close = '}'
	default:
		return -1
	}
	depth := 0
	for j := k; j < len(l.toks); j++ {
		if l.toks[j].kind != tPunct {
			continue
		}
		switch l.toks[j].ch {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// statementAt delimits the statement around off in the body of function it:
// from the token after the last ';', '{' or '}' before it (a ';' inside
// parentheses, as in a for header, does not count; the header of a
// for/while/if/switch and else/do end a statement too, so that a loop keeps
// its place when its body is broken) to the ';' that ends it or to the next
// brace. A declaration whose initializer is broken loses the initializer
// only. semi is where a ';' goes to keep a null statement in the hole's
// place (-1 for none).
func (st *state) statementAt(it *item, off int) (a, b, semi int, ok bool) {
	l := &st.lx
	toks := l.toks
	ti := l.tokenAt(off)
	first := l.tokenAt(it.open) + 1 // the token after '{'
	if ti < first {
		return 0, 0, 0, false
	}
	// Forward from the body's start to the error, tracking where the
	// current statement began.
	start, pd, header := first, 0, -1
	for k := first; k < ti && k < len(toks); k++ {
		t := toks[k]
		if t.kind == tIdent && k == start {
			switch l.word(k) {
			case "for", "while", "if", "switch":
				if l.is(k+1, '(') {
					header = pd
				}
			case "else", "do":
				start = k + 1
			}
			continue
		}
		if t.kind != tPunct {
			continue
		}
		switch t.ch {
		case '(':
			pd++
		case ')':
			pd = max(pd-1, 0)
			if header >= 0 && pd == header {
				start, header = k+1, -1
			}
		case ';':
			if pd == 0 {
				start, header = k+1, -1
			}
		case '{', '}':
			start, pd, header = k+1, 0, -1
		}
	}
	if start >= len(toks) || start > ti {
		return 0, 0, 0, false
	}
	if start == ti && ti < len(toks) && toks[ti].kind == tPunct && (toks[ti].ch == '{' || toks[ti].ch == '}') {
		// The error is at a brace right after a statement boundary:
		// there is nothing before it to remove.
		return 0, 0, 0, false
	}
	a = int(toks[start].off)
	b, semi = -1, -1
	end := ti
	for k := ti; k < len(toks); k++ {
		t := toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.ch {
		case '(':
			pd++
		case ')':
			pd--
		case ';':
			if pd <= 0 {
				b, semi, end = int(t.end), int(t.off), k
			}
		case '{', '}':
			b, end = int(t.off), k
		}
		if b >= 0 {
			break
		}
	}
	if b < 0 {
		b, end = len(st.work), len(toks)
	}
	if it.close >= 0 && b > it.close {
		b, semi = it.close, -1
	}
	if eq := l.declInit(start, min(ti, end)); eq >= 0 {
		// type name = <broken>; : the declaration stays.
		a = eq
	}
	if a >= b || !st.hasCode(a, b) || st.tried[[2]int{a, b}] {
		return 0, 0, 0, false
	}
	st.tried[[2]int{a, b}] = true
	if semi < 0 {
		semi = a
	}
	return a, b, semi, true
}

// declInit returns the offset of the '=' of a declaration's initializer
// when tokens [from, to) start a declaration (a type keyword first, or a
// name followed by a name or '*') and the '=' comes before token to, or -1.
func (l *lexed) declInit(from, to int) int {
	if from >= len(l.toks) || l.toks[from].kind != tIdent {
		return -1
	}
	w := l.word(from)
	if !typeWords[w] && !qualifierWords[w] {
		if cKeywords[w] || from+1 >= len(l.toks) || !(l.toks[from+1].kind == tIdent || l.is(from+1, '*')) {
			return -1
		}
	}
	pd := 0
	for k := from + 1; k < to && k < len(l.toks); k++ {
		t := l.toks[k]
		if t.kind != tPunct {
			continue
		}
		switch t.ch {
		case '(', '[':
			pd++
		case ')', ']':
			pd--
		case '=':
			prevAdj := k > 0 && l.toks[k-1].end == t.off && l.toks[k-1].kind == tPunct && strings.IndexByte("=!<>+-*/%&|^", l.toks[k-1].ch) >= 0
			nextAdj := k+1 < len(l.toks) && l.toks[k+1].off == t.end && l.is(k+1, '=')
			if pd == 0 && !prevAdj && !nextAdj {
				return int(t.off)
			}
		}
	}
	return -1
}

var typeWords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "_Complex": true, "struct": true, "union": true,
	"enum": true, "bool": true, "__int128": true, "size_t": true,
}

// guessType handles the error of an unknown type name: at off, cc found an
// identifier (or '*', '=', ')') where the identifier before it, not a
// keyword, would have to be a type: `mytype x;`, `f(mytype a)`,
// `mytype *p = 0;`, `(mytype)x`. With a header missing, that name most likely
// comes from it: it is declared `typedef int NAME;` in a stub and the text
// parsed again.
func (st *state) guessType(off int) bool {
	if len(st.guessed) >= maxTypeGuesss {
		return false
	}
	l := &st.lx
	ti := l.tokenAt(off)
	if ti >= len(l.toks) || int(l.toks[ti].off) > off+1 {
		return false
	}
	isIdent := func(k int) bool {
		return k >= 0 && k < len(l.toks) && l.toks[k].kind == tIdent && !cKeywords[l.word(k)]
	}
	boundary := func(k int) bool {
		if k < 0 {
			return true
		}
		t := l.toks[k]
		if t.kind == tIdent {
			return qualifierWords[l.word(k)]
		}
		return t.kind == tPunct && (t.ch == ';' || t.ch == '{' || t.ch == '}' || t.ch == '(' || t.ch == ',')
	}
	cand := -1
	k := ti - 1
	switch {
	case l.toks[ti].kind == tIdent && isIdent(k):
		// mytype x
		cand = k
	case l.is(k, ')'):
		// (mytype)x, (mytype *)x
		k--
		for l.is(k, '*') {
			k--
		}
		if isIdent(k) && l.is(k-1, '(') {
			cand = k
		}
	case isIdent(k):
		// mytype *p = ..., mytype **p;
		k--
		if !l.is(k, '*') {
			break
		}
		for l.is(k, '*') {
			k--
		}
		if isIdent(k) {
			cand = k
		}
	}
	if cand < 0 || !boundary(skipQualifiers(l, cand-1)) {
		return false
	}
	name := l.word(cand)
	if st.guessed[name] {
		return false
	}
	st.guessed[name] = true
	fmt.Fprintf(&st.stubs, "typedef int %s;\n", name)
	t := l.toks[cand]
	st.noteIncomplete(int(t.off), int(t.end), fmt.Sprintf("'%s' is not declared (missing header?); assumed to be a type", name))
	return true
}

// skipQualifiers returns the index of the token before the qualifier and
// storage class words that end at token k.
func skipQualifiers(l *lexed, k int) int {
	for k >= 0 && l.toks[k].kind == tIdent && qualifierWords[l.word(k)] {
		k--
	}
	return k
}

// parenIn reports whether a '(' token starts in [a, b).
func (l *lexed) parenIn(a, b int) bool {
	for k := l.tokenAt(a); k < len(l.toks) && int(l.toks[k].off) < b; k++ {
		if l.is(k, '(') {
			return true
		}
	}
	return false
}

// terminated reports whether an item ends with a ';' or is a function
// definition with its body closed.
func (l *lexed) terminated(it *item) bool {
	if it.last <= 0 || it.last > len(l.toks) {
		return false
	}
	return l.is(it.last-1, ';') || it.fn && it.close >= 0 && l.is(it.last-1, '}')
}
