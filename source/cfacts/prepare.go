package cfacts

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
)

// The text cc/v4 parses is the document with some bytes replaced by spaces
// (never newlines): OpenACC directives, #include lines of system headers
// (their content comes from the prelude), missing headers, #line markers,
// and whatever error recovery removes. Byte offsets are therefore those of
// the document, and cc's positions map back without translation. Closing
// braces that a half-typed function lacks are appended after the end.

// prepare fills st.work from st.text: directives and include lines blanked,
// the prelude input collected, unbalanced braces mended.
func (st *state) prepare() {
	text := st.text
	st.work = append(st.work[:0], text...)
	st.includes = st.includes[:0]
	st.missing = st.missing[:0]
	// Repairs are made afresh (the typedefs guessed, in st.stubs, stay).
	st.blanked = map[int]bool{}
	st.holes = map[int][]acc.Span{}
	st.tries = map[int]int{}
	st.tried = map[[2]int]bool{}
	st.dropped = nil
	st.heur = false

	st.directiveNames = st.directiveNames[:0]
	for _, d := range acc.Scan(text).Directives {
		st.blankRaw(d.Span.Start, d.Span.End)
		// the body: a _Pragma's is inside its string literal
		st.directiveNames = append(st.directiveNames, identsIn(text[d.Body.Start:d.Body.End])...)
	}

	st.lx.lex(st.work)
	docDir := ""
	if st.path != "" {
		docDir = filepath.Dir(st.path)
	}
	var input strings.Builder
	lastInclude := 0 // length of input after the last system include
	seenHeaders := map[string]bool{}
	guards := map[string]bool{} // names of #ifndef lines: include guards
	st.condNames = st.condNames[:0]
	st.condTexts = st.condTexts[:0]
	for _, pl := range st.lx.ppLines {
		word, rest := ppWord(st.work[pl.start:pl.end])
		switch word {
		case "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef":
			// what the #if lines test (acc.ActiveDirectives)
			st.condNames = append(st.condNames, identsIn(rest)...)
			if word == "ifndef" {
				guards[ppName(rest)] = true
			}
			if word == "if" || word == "elif" {
				st.condTexts = append(st.condTexts, string(rest))
			}
			continue
		case "include", "include_next", "import":
			inc := include{span: pl}
			if !parseHeaderName(rest, &inc) {
				continue // a computed include: cc will tell
			}
			st.e.resolve(&inc, docDir)
			switch {
			case inc.path == "":
				st.blankRaw(int(pl.start), int(pl.end))
				if st.e.note != "" && inc.angled {
					continue // the environment note says it all
				}
				if !contains(st.missing, inc.name) {
					st.missing = append(st.missing, inc.name)
					st.noteIncomplete(int(pl.start), int(pl.end), fmt.Sprintf("header '%s' not found; parsed without it", inc.name))
				}
			case inc.system && !st.direct:
				st.blankRaw(int(pl.start), int(pl.end))
				fmt.Fprintf(&input, "#include <%s>\n", inc.name)
				lastInclude = input.Len()
			case !inc.system && !st.direct:
				if st.headerSystemIncludes(inc.path, &input, seenHeaders, 0) {
					lastInclude = input.Len()
				}
			}
			st.includes = append(st.includes, inc)
		case "define", "undef":
			// Feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE...) change
			// what the system headers declare: they go into the prelude
			// too, in their place among the includes. Not a document's
			// include guard (`#ifndef __XSBENCH_H__`, then `#define` and
			// system includes): defined in the prelude, it would hide the
			// document's own declarations.
			if name := ppName(rest); strings.HasPrefix(name, "_") && (!guards[name] || featureTestMacro(name)) {
				input.Write(bytes.ReplaceAll(st.work[pl.start:pl.end], []byte("\\\n"), nil))
				input.WriteByte('\n')
			}
		case "line":
			st.blankRaw(int(pl.start), int(pl.end))
		default:
			if word != "" && word[0] >= '0' && word[0] <= '9' {
				st.blankRaw(int(pl.start), int(pl.end)) // # 12 "file"
			}
		}
	}
	st.preludeInput = input.String()[:lastInclude]

	st.mendBraces()
}

// headerSystemIncludes adds to the prelude input the system includes of a
// user header and of the user headers it includes (and the feature-test
// macros before them), and reports whether it added an include. cc/v4
// reads user headers itself, so their system includes stay in their text;
// but the prelude, which comes first, defines the include guards of every
// system header it holds while pruning drops the declarations the document
// does not name. A user header's <stdio.h> after a document's <math.h>
// would then find bits/types.h already included and __off_t undeclared.
// With the header's includes in the prelude, their declarations are there
// (kept by the names docNames collects from the header) and cc/v4 skips
// the header's own includes by their guards.
func (st *state) headerSystemIncludes(path string, input *strings.Builder, seen map[string]bool, depth int) bool {
	if depth > 8 || seen[path] {
		return false
	}
	seen[path] = true
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	added := false
	var hl lexed
	hl.lex(b)
	for _, p := range hl.ppLines {
		line := b[p.start:p.end]
		word, rest := ppWord(line)
		switch word {
		case "include", "include_next", "import":
			var inc include
			if !parseHeaderName(rest, &inc) {
				continue
			}
			st.e.resolve(&inc, filepath.Dir(path))
			switch {
			case inc.path == "":
			case inc.system:
				fmt.Fprintf(input, "#include <%s>\n", inc.name)
				added = true
			default:
				added = st.headerSystemIncludes(inc.path, input, seen, depth+1) || added
			}
		case "define", "undef":
			// Only the feature-test macros: a header's own names (its
			// include guard) in the prelude would hide its text.
			if name := ppName(rest); featureTestMacro(name) {
				input.Write(bytes.ReplaceAll(line, []byte("\\\n"), nil))
				input.WriteByte('\n')
			}
		}
	}
	return added
}

// featureTestMacro reports whether name is one of the macros that select
// what the system headers declare (feature_test_macros(7)).
func featureTestMacro(name string) bool {
	switch name {
	case "_FILE_OFFSET_BITS", "_TIME_BITS", "_REENTRANT", "_THREAD_SAFE", "_FORTIFY_SOURCE":
		return true
	}
	return strings.HasPrefix(name, "_") && strings.HasSuffix(name, "_SOURCE")
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// ppWord returns the directive name of a preprocessor line (from its '#')
// and the text after it.
func ppWord(line []byte) (string, []byte) {
	i := skipBlanksComments(line, 1)
	j := i
	for j < len(line) && isIdentChar(line[j]) {
		j++
	}
	return string(line[i:j]), line[j:]
}

// ppName returns the first identifier of b.
func ppName(b []byte) string {
	i := skipBlanksComments(b, 0)
	j := i
	for j < len(b) && isIdentChar(b[j]) {
		j++
	}
	return string(b[i:j])
}

func skipBlanksComments(b []byte, i int) int {
	for i < len(b) {
		switch {
		case isBlank(b[i]):
			i++
		case b[i] == '\\' && i+1 < len(b) && (b[i+1] == '\n' || b[i+1] == '\r'):
			i += 2
		case b[i] == '\n':
			i++
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			e := blockCommentEnd(b, i)
			if e < 0 {
				return len(b)
			}
			i = e
		default:
			return i
		}
	}
	return i
}

func parseHeaderName(rest []byte, inc *include) bool {
	i := skipBlanksComments(rest, 0)
	if i >= len(rest) {
		return false
	}
	var close byte
	switch rest[i] {
	case '<':
		close, inc.angled = '>', true
	case '"':
		close = '"'
	default:
		return false
	}
	e := bytes.IndexByte(rest[i+1:], close)
	if e <= 0 {
		return false
	}
	inc.name = string(rest[i+1 : i+1+e])
	return true
}

// blankRaw replaces the bytes of work[a:b] by spaces, newlines excepted.
func (st *state) blankRaw(a, b int) {
	a, b = max(a, 0), min(b, len(st.work))
	for i := a; i < b; i++ {
		if c := st.work[i]; c != '\n' {
			st.work[i] = ' '
		}
	}
}

// blankCode is blankRaw that leaves preprocessor lines alone (an #if
// removed without its #endif would break the whole file).
func (st *state) blankCode(a, b int) {
	a, b = max(a, 0), min(b, len(st.work))
	pps := st.lx.ppLines
	k := 0
	for k < len(pps) && int(pps[k].end) <= a {
		k++
	}
	for i := a; i < b; i++ {
		for k < len(pps) && int(pps[k].end) <= i {
			k++
		}
		if k < len(pps) && int(pps[k].start) <= i && i < int(pps[k].end) {
			i = int(pps[k].end) - 1
			continue
		}
		if c := st.work[i]; c != '\n' {
			st.work[i] = ' '
		}
	}
}

// hasCode reports whether work[a:b] has anything but blanks.
func (st *state) hasCode(a, b int) bool {
	for i := max(a, 0); i < min(b, len(st.work)); i++ {
		if c := st.work[i]; c != '\n' && !isBlank(c) {
			return true
		}
	}
	return false
}

// mendBraces makes the braces of the text balance before the first parse: a
// stray '}' at file scope is removed; a function body that is not closed
// gets its closing braces, appended at the end of the text for the last
// item, put in place of blanks before the next item otherwise, or, when
// there is no room, the body is emptied.
func (st *state) mendBraces() {
	items, stray := st.lx.items(false)
	unbalanced := len(stray) > 0 || len(items) > 0 && items[len(items)-1].missing > 0
	if !unbalanced {
		return
	}
	st.heur = true
	items, stray = st.lx.items(true)
	for _, off := range stray {
		st.blankRaw(off, off+1)
	}
	n := len(st.text)
	for i := range items {
		it := &items[i]
		if it.missing == 0 || it.open < 0 {
			continue
		}
		if i == len(items)-1 && it.end >= n {
			// The half-typed end of the text: close what is open.
			st.work = append(st.work, '\n')
			for range it.missing {
				st.work = append(st.work, '}')
			}
			st.work = append(st.work, '\n')
			continue
		}
		// Before the item's last token when it is the '}' in column 0 that
		// ended it, else before the next item.
		at := it.end
		if l := it.last - 1; l >= 0 && st.lx.is(l, '}') && int(st.lx.toks[l].end) == it.end {
			at = int(st.lx.toks[l].off)
		}
		if !st.closeBefore(at, it.missing) {
			st.emptyBody(it, at)
		}
	}
	st.lx.lex(st.work)
}

// closeBefore puts k closing braces in the blanks just before work[at], using
// spaces and newlines that end neither a preprocessor line nor a `//`
// comment.
func (st *state) closeBefore(at, k int) bool {
	var spots []int
	for i := at - 1; i >= 0 && len(spots) < k; i-- {
		c := st.work[i]
		if i == at-1 && c == '\n' && at < len(st.work) && st.work[at] != '}' {
			continue // the next declaration stays in column 0
		}
		if c == ' ' || c == '\t' {
			spots = append(spots, i)
			continue
		}
		if c != '\n' {
			break
		}
		// A newline may go when what precedes it on its line is code.
		j := i - 1
		for j >= 0 && isBlank(st.work[j]) {
			j--
		}
		if j >= 0 && st.work[j] != '\n' {
			if _, ok := inSpans(st.lx.lineCmts, j); ok {
				continue
			}
			if _, ok := inSpans(st.lx.ppLines, j); ok {
				continue
			}
			if st.work[j] == '\\' {
				continue
			}
		}
		spots = append(spots, i)
	}
	if len(spots) < k {
		return false
	}
	for _, s := range spots {
		st.work[s] = '}'
	}
	return true
}

// emptyBody blanks the body of a function whose end is at `at` (a closing
// brace there or none) and closes it.
func (st *state) emptyBody(it *item, at int) {
	st.blankCode(it.open+1, at)
	st.blanked[it.open] = true
	if at < len(st.work) && st.work[at] == '}' {
		return
	}
	for i := it.open + 1; i < at; i++ {
		if st.work[i] == ' ' {
			st.work[i] = '}'
			return
		}
	}
	// No room at all: the brace goes at the very end (the function then
	// swallows what follows; better than nothing).
	st.work = append(st.work, "\n}\n"...)
}

// A docError is a position in the document that cc/v4 complained about.
type docError struct {
	off int
	msg string
}

// parseErrors sorts cc's error messages into positions in the document and
// the names of other files that have errors.
func (st *state) parseErrors(err error) (docErrs []docError, other []string) {
	lines := lineStarts(st.work)
	for _, m := range strings.Split(err.Error(), "\n") {
		file, line, col, msg, ok := splitPos(m)
		if !ok {
			continue
		}
		if file != st.name {
			if !contains(other, file) {
				other = append(other, file)
			}
			continue
		}
		off := len(st.work)
		if line-1 < len(lines) {
			off = min(lines[line-1]+col-1, len(st.work))
		}
		docErrs = append(docErrs, docError{off, msg})
	}
	return docErrs, other
}

// splitPos splits "file:line:col: message".
func splitPos(m string) (file string, line, col int, msg string, ok bool) {
	// The file name may contain colons; the position is the last
	// "N:N: " before the message.
	for i := len(m) - 1; i > 0; i-- {
		if m[i] != ':' {
			continue
		}
		// m[:i] ends with ":line:col"
		j := strings.LastIndexByte(m[:i], ':')
		if j <= 0 {
			continue
		}
		k := strings.LastIndexByte(m[:j], ':')
		if k <= 0 {
			continue
		}
		l, err1 := strconv.Atoi(m[k+1 : j])
		c, err2 := strconv.Atoi(m[j+1 : i])
		if err1 != nil || err2 != nil {
			continue
		}
		return m[:k], l, c, strings.TrimSpace(m[i+1:]), true
	}
	return "", 0, 0, "", false
}

// lineStarts returns the offset of the first byte of each line.
func lineStarts(text []byte) []int {
	lines := make([]int, 1, bytes.Count(text, []byte{'\n'})+1)
	for i, c := range text {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return lines
}
