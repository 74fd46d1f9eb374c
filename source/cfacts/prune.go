package cfacts

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"modernc.org/cc/v4"
)

// Prelude pruning. The declarations of <stdio.h>, <stdlib.h> and <math.h>
// are about 3300 lines, and cc/v4 parses and checks them on every parse:
// 80% of the time of a small document. A document uses a few of them, so
// the prelude it gets holds only the declarations it needs: those that
// declare a name the document (or an included user header) mentions, and,
// transitively, those that declare a name the kept declarations and macros
// mention. The macro definitions all stay (they are cheap, and include
// guards must survive). Which names a declaration declares comes from one
// cc/v4 parse of the whole prelude (its file scope), made once per prelude.
//
// Every name the document mentions keeps all the declarations of that name,
// so pruning changes nothing cc/v4 sees of the document; TestPruneSame
// checks that on the test files. Should the pruned prelude itself not parse
// (a declaration it keeps needs one it dropped), the whole one is used.

type preludeIndex struct {
	text   string
	items  []pitem
	byName map[string][]int32 // the declarations (item indexes) that declare a name
	macros map[string][]int32 // the macro definitions of a name
}

type pitem struct {
	start, end int32
	macro      bool     // a preprocessor line: always kept
	always     bool     // a declaration that declares no name cc/v4 reports: kept
	refs       []string // identifiers it mentions
}

// index returns the pruning index of a prelude, made on first use; nil when
// it cannot be made (then the whole prelude is used).
func (ent *preludeEntry) index(e *env) *preludeIndex {
	ent.ixOnce.Do(func() { ent.ix = buildIndex(e, ent.text) })
	return ent.ix
}

func buildIndex(e *env, text string) (ix *preludeIndex) {
	defer func() {
		if recover() != nil {
			ix = nil
		}
	}()
	srcs := []cc.Source{
		{Name: "<predefined>", Value: e.cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: preludeName, Value: text},
	}
	ast, err := cc.Parse(e.cfg, srcs)
	if err != nil || ast == nil {
		return nil
	}
	var l lexed
	b := []byte(text)
	l.lex(b)
	decls, _ := l.items(false)
	ix = &preludeIndex{text: text, byName: map[string][]int32{}, macros: map[string][]int32{}}
	// Declarations and preprocessor lines, in text order.
	pp := l.ppLines
	di, pi := 0, 0
	var declIdx []int32 // item index of each lexer item
	for di < len(decls) || pi < len(pp) {
		if pi < len(pp) && (di >= len(decls) || int(pp[pi].start) < decls[di].start) {
			p := pp[pi]
			pi++
			word, rest := ppWord(b[p.start:p.end])
			if word != "define" {
				continue // #undef and #pragma lines go
			}
			name := ppName(rest)
			it := pitem{start: p.start, end: p.end, macro: true, refs: identsIn(rest)}
			ix.macros[name] = append(ix.macros[name], int32(len(ix.items)))
			ix.items = append(ix.items, it)
			continue
		}
		d := decls[di]
		di++
		it := pitem{start: int32(d.start), end: int32(d.end)}
		for k := d.first; k < d.last; k++ {
			if l.toks[k].kind == tIdent && !cKeywords[l.word(k)] {
				it.refs = append(it.refs, l.word(k))
			}
		}
		declIdx = append(declIdx, int32(len(ix.items)))
		ix.items = append(ix.items, it)
	}
	// Which declaration declares which name: the file scope of cc/v4.
	declares := make([]bool, len(decls))
	for name, nodes := range ast.Scope.Nodes {
		for _, n := range nodes {
			p := n.Position()
			if p.Filename != preludeName {
				continue
			}
			k := sort.Search(len(decls), func(i int) bool { return decls[i].end > p.Offset })
			if k < len(decls) && decls[k].start <= p.Offset {
				ix.byName[name] = append(ix.byName[name], declIdx[k])
				declares[k] = true
			}
		}
	}
	for k, ok := range declares {
		if !ok {
			ix.items[declIdx[k]].always = true
		}
	}
	for _, list := range ix.byName {
		sort.Slice(list, func(i, j int) bool { return list[i] < list[j] })
	}
	return ix
}

// identsIn returns the identifiers of b (outside literals and comments).
func identsIn(b []byte) []string {
	var out []string
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '"' || c == '\'':
			i = literalEnd(b, i)
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			if e := blockCommentEnd(b, i); e > 0 {
				i = e
			} else {
				i = len(b)
			}
		case c == '/' && i+1 < len(b) && b[i+1] == '/':
			i = len(b)
		case isIdentStart(c):
			j := i + 1
			for j < len(b) && isIdentChar(b[j]) {
				j++
			}
			out = append(out, string(b[i:j]))
			i = j
		case '0' <= c && c <= '9':
			for i < len(b) && isIdentChar(b[i]) {
				i++
			}
		default:
			i++
		}
	}
	return out
}

// prune returns the prelude reduced to what the names need.
func (ix *preludeIndex) prune(names map[string]bool) string {
	keep := make([]bool, len(ix.items))
	work := make([]string, 0, len(names))
	seen := make(map[string]bool, len(names)*2)
	for n := range names {
		work = append(work, n)
		seen[n] = true
	}
	add := func(it *pitem) {
		for _, r := range it.refs {
			if !seen[r] {
				seen[r] = true
				work = append(work, r)
			}
		}
	}
	for i := range ix.items {
		if it := &ix.items[i]; it.always {
			keep[i] = true
			add(it)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		for _, k := range ix.macros[n] {
			add(&ix.items[k]) // macros are kept anyway; what they use is needed
		}
		for _, k := range ix.byName[n] {
			if !keep[k] {
				keep[k] = true
				add(&ix.items[k])
			}
		}
	}
	var b strings.Builder
	b.Grow(len(ix.text) / 4)
	for i := range ix.items {
		if it := &ix.items[i]; keep[i] || it.macro {
			b.WriteString(ix.text[it.start:it.end])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// docNames collects the identifiers of the document and of the user
// headers it includes (and they include, a few levels deep).
func (st *state) docNames() map[string]bool {
	names := make(map[string]bool, len(st.lx.toks)/8+16)
	l := &st.lx
	for k := range l.toks {
		if l.toks[k].kind == tIdent {
			t := l.toks[k]
			if s := st.work[t.off:t.end]; !cKeywords[string(s)] {
				names[string(s)] = true
			}
		}
	}
	for _, p := range l.ppLines {
		for _, n := range identsIn(st.work[p.start:p.end]) {
			names[n] = true
		}
	}
	// the directives' names (blanked in the work text): `async(acc_async_noval)`,
	// `collapse(N)` with an enumeration constant of a header
	for _, n := range st.directiveNames {
		names[n] = true
	}
	seen := map[string]bool{}
	var header func(path string, depth int)
	header = func(path string, depth int) {
		if depth > 8 || seen[path] {
			return
		}
		seen[path] = true
		b, err := os.ReadFile(path)
		if err != nil {
			return
		}
		var hl lexed
		hl.lex(b)
		for k := range hl.toks {
			if hl.toks[k].kind == tIdent {
				names[hl.word(k)] = true
			}
		}
		for _, p := range hl.ppLines {
			line := b[p.start:p.end]
			for _, n := range identsIn(line) {
				names[n] = true
			}
			word, rest := ppWord(line)
			var inc include
			if word == "include" && parseHeaderName(rest, &inc) && !inc.angled {
				st.e.resolve(&inc, filepath.Dir(path))
				if inc.path != "" && !inc.system {
					header(inc.path, depth+1)
				}
			}
		}
	}
	for _, inc := range st.includes {
		if inc.path != "" && (!inc.system || st.direct) {
			header(inc.path, 0)
		}
	}
	return names
}
