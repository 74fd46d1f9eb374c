package cfacts

// A light C lexer over the document text. It does not preprocess: it skips
// comments, literals and preprocessor lines and yields the tokens the error
// recovery reasons about (braces, parentheses, semicolons, identifiers), with
// the spans of comments and preprocessor lines on the side.

type tokKind uint8

const (
	tPunct  tokKind = iota // one punctuation byte, in ch
	tIdent                 // identifier or keyword
	tNumber                // preprocessing number
	tString                // string or character literal
)

type ltok struct {
	off, end int32
	kind     tokKind
	ch       byte // tPunct: the byte
}

// lexed is the result of lexing one text.
type lexed struct {
	text     []byte
	toks     []ltok
	ppLines  []span32 // preprocessor lines, from '#' to the end of the logical line (newline excluded)
	lineCmts []span32 // `//` comments, newline excluded
	blockEnd int      // the offset of an unterminated block comment or literal at the end of the text, or -1
}

type span32 struct{ start, end int32 }

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

// atLineStart reports whether only blanks precede text[i] on its line.
func atLineStart(text []byte, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch c := text[j]; {
		case c == '\n':
			return true
		case isBlank(c):
		default:
			return false
		}
	}
	return true
}

// lex tokenizes text. The token slice of l is reused.
func (l *lexed) lex(text []byte) {
	l.text = text
	l.toks = l.toks[:0]
	l.ppLines = l.ppLines[:0]
	l.lineCmts = l.lineCmts[:0]
	l.blockEnd = -1
	n := len(text)
	bol := true // only blanks since the last newline
	for i := 0; i < n; {
		c := text[i]
		switch {
		case c == '\n':
			bol = true
			i++
			continue
		case isBlank(c):
			i++
			continue
		case c == '\\' && i+1 < n && (text[i+1] == '\n' || text[i+1] == '\r'):
			i++ // a stray line splice
			continue
		case c == '/' && i+1 < n && text[i+1] == '/':
			e := lineEnd(text, i)
			l.lineCmts = append(l.lineCmts, span32{int32(i), int32(e)})
			i = e
			continue
		case c == '/' && i+1 < n && text[i+1] == '*':
			e := blockCommentEnd(text, i)
			if e < 0 {
				l.blockEnd = i
				return
			}
			i = e
			continue
		case c == '#' && bol:
			e := l.ppLineEnd(text, i)
			l.ppLines = append(l.ppLines, span32{int32(i), int32(e)})
			if isIfZero(text[i:e]) {
				// #if 0 ... #endif: the lines in between are not code;
				// they count as one preprocessor line.
				e = skipIfZero(l, text, e)
				l.ppLines[len(l.ppLines)-1].end = int32(e)
			}
			i = e
			continue
		}
		bol = false
		switch {
		case isIdentStart(c):
			j := i + 1
			for j < n && isIdentChar(text[j]) {
				j++
			}
			// String and character prefixes: L"", u8"", u'', U''.
			if j < n && (text[j] == '"' || text[j] == '\'') && isLiteralPrefix(text[i:j]) {
				e := literalEnd(text, j)
				l.toks = append(l.toks, ltok{off: int32(i), end: int32(e), kind: tString})
				i = e
				continue
			}
			l.toks = append(l.toks, ltok{off: int32(i), end: int32(j), kind: tIdent})
			i = j
		case '0' <= c && c <= '9' || c == '.' && i+1 < n && '0' <= text[i+1] && text[i+1] <= '9':
			j := i + 1
			for j < n {
				d := text[j]
				if isIdentChar(d) || d == '.' || d == '\'' && j+1 < n && isIdentChar(text[j+1]) {
					j++
					continue
				}
				if (d == '+' || d == '-') && (text[j-1]|0x20 == 'e' || text[j-1]|0x20 == 'p') {
					j++
					continue
				}
				break
			}
			l.toks = append(l.toks, ltok{off: int32(i), end: int32(j), kind: tNumber})
			i = j
		case c == '"' || c == '\'':
			e := literalEnd(text, i)
			l.toks = append(l.toks, ltok{off: int32(i), end: int32(e), kind: tString})
			i = e
		default:
			l.toks = append(l.toks, ltok{off: int32(i), end: int32(i + 1), kind: tPunct, ch: c})
			i++
		}
	}
}

func isLiteralPrefix(b []byte) bool {
	switch string(b) {
	case "L", "u", "U", "u8":
		return true
	}
	return false
}

// lineEnd returns the offset of the newline ending the logical line that
// contains text[i] (backslash-newlines continue it), or len(text).
func lineEnd(text []byte, i int) int {
	n := len(text)
	for i < n {
		if text[i] == '\n' {
			if spliced(text, i) {
				i++
				continue
			}
			return i
		}
		i++
	}
	return n
}

// spliced reports whether the newline at text[nl] is preceded by a backslash
// (blanks allowed in between, as gcc does).
func spliced(text []byte, nl int) bool {
	j := nl - 1
	for j >= 0 && (text[j] == '\r' || text[j] == ' ' || text[j] == '\t') {
		j--
	}
	return j >= 0 && text[j] == '\\'
}

// blockCommentEnd returns the offset after the `*/` closing the comment that
// starts at text[i], or -1 when it is not closed.
func blockCommentEnd(text []byte, i int) int {
	n := len(text)
	for j := i + 2; j+1 < n; j++ {
		if text[j] == '*' && text[j+1] == '/' {
			return j + 2
		}
	}
	return -1
}

// literalEnd returns the offset after the string or character literal whose
// quote is text[i]. An unterminated literal ends at the end of its line.
func literalEnd(text []byte, i int) int {
	q := text[i]
	n := len(text)
	for j := i + 1; j < n; j++ {
		switch text[j] {
		case q:
			return j + 1
		case '\\':
			j++
			if j < n && text[j] == '\r' && j+1 < n && text[j+1] == '\n' {
				j++
			}
		case '\n':
			return j
		}
	}
	return n
}

// ppLineEnd returns the end of the preprocessor line starting at text[i]
// (the '#'): the newline that ends it, skipping block comments that span
// lines, or len(text).
func (l *lexed) ppLineEnd(text []byte, i int) int {
	n := len(text)
	for j := i + 1; j < n; {
		switch c := text[j]; {
		case c == '\n':
			if spliced(text, j) {
				j++
				continue
			}
			return j
		case c == '/' && j+1 < n && text[j+1] == '*':
			e := blockCommentEnd(text, j)
			if e < 0 {
				return n
			}
			j = e
		case c == '/' && j+1 < n && text[j+1] == '/':
			return lineEnd(text, j)
		case c == '"' || c == '\'':
			j = literalEnd(text, j)
		default:
			j++
		}
	}
	return n
}

// inSpans reports whether off lies in one of the sorted spans [start, end].
func inSpans(spans []span32, off int) (span32, bool) {
	lo, hi := 0, len(spans)
	for lo < hi {
		m := (lo + hi) / 2
		if int(spans[m].end) < off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(spans) && int(spans[lo].start) <= off && off <= int(spans[lo].end) {
		return spans[lo], true
	}
	return span32{}, false
}

// tokenAt returns the index of the first token that ends after off, or len(toks).
func (l *lexed) tokenAt(off int) int {
	lo, hi := 0, len(l.toks)
	for lo < hi {
		m := (lo + hi) / 2
		if int(l.toks[m].end) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func (l *lexed) is(i int, c byte) bool {
	return i >= 0 && i < len(l.toks) && l.toks[i].kind == tPunct && l.toks[i].ch == c
}

func (l *lexed) word(i int) string {
	t := l.toks[i]
	return string(l.text[t.off:t.end])
}

// An item is one top-level declaration or function definition of the text.
type item struct {
	start, end  int // [start, end): first token to the ';' or '}' that ends it
	first, last int // token indexes [first, last)
	open, close int // a function's body braces; close is -1 when the body is not closed
	fn          bool
	missing     int // closing braces missing at the end of a function body
}

// items splits the lexed text into top-level items. With heuristics set, a
// `}` in column 0 ends a function body (or a struct, an initializer)
// whatever the brace depth, and so does a line starting in column 0 with an
// identifier that is not a label: that is how half-typed code in one
// function is kept from swallowing the next ones.
func (l *lexed) items(heuristics bool) (items []item, stray []int) {
	text := l.text
	depth := 0
	cur := -1 // index into items
	for i := 0; i < len(l.toks); i++ {
		t := l.toks[i]
		if depth == 0 {
			if t.kind == tPunct && t.ch == '}' {
				stray = append(stray, int(t.off))
				continue
			}
			if cur < 0 {
				items = append(items, item{start: int(t.off), first: i, open: -1, close: -1})
				cur = len(items) - 1
			}
			it := &items[cur]
			if it.close >= 0 && !it.fn && t.off > 0 && text[t.off-1] == '\n' && t.kind == tIdent && !l.is(i+1, ';') && !l.is(i+1, ',') {
				// `struct s { ... }` or `x = { ... }` with its ';'
				// missing, and a new declaration in column 0.
				it.end, it.last = int(t.off), i
				items = append(items, item{start: int(t.off), first: i, open: -1, close: -1})
				cur = len(items) - 1
				continue
			}
			if t.kind != tPunct {
				continue
			}
			switch t.ch {
			case ';':
				it.end, it.last = int(t.end), i+1
				cur = -1
			case '{':
				depth = 1
				if it.open < 0 {
					it.open = int(t.off)
					it.fn = l.looksLikeFunc(it.first, i)
				}
			}
			continue
		}
		it := &items[cur]
		if heuristics && int(t.off) > 0 && text[t.off-1] == '\n' {
			switch {
			case t.kind == tPunct && t.ch == '}' && depth > 1:
				it.missing = depth - 1
				depth = 1
			case t.kind == tIdent && !l.is(i+1, ':') && !isStmtKeyword(l.word(i)):
				it.missing = depth
				it.end, it.last = int(t.off), i
				depth = 0
				items = append(items, item{start: int(t.off), first: i, open: -1, close: -1})
				cur = len(items) - 1
				continue
			}
		}
		if t.kind != tPunct {
			continue
		}
		switch t.ch {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				if it.close < 0 && it.open >= 0 {
					it.close = int(t.off)
				}
				if it.fn {
					it.end, it.last = int(t.end), i+1
					cur = -1
				}
			}
		}
	}
	if cur >= 0 {
		it := &items[cur]
		it.end, it.last = len(text), len(l.toks)
		if depth > 0 {
			it.missing += depth
		}
	}
	return items, stray
}

// isStmtKeyword reports whether w starts a statement or a declaration inside
// a function body, which some styles write in column 0 (labels aside).
func isStmtKeyword(w string) bool {
	switch w {
	case "case", "default", "return", "break", "continue", "goto", "if", "else", "for", "while", "do", "switch":
		return true
	}
	return false
}

// itemAt returns the index of the item containing off, the last item when
// off is after all of them (an error at the end of the text), or -1.
func itemAt(items []item, off int) int {
	lo, hi := 0, len(items)
	for lo < hi {
		m := (lo + hi) / 2
		if items[m].end <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(items) && items[lo].start <= off {
		return lo
	}
	if lo == len(items) && lo > 0 {
		return lo - 1
	}
	return -1
}

var cKeywords = map[string]bool{
	"auto": true, "break": true, "case": true, "char": true, "const": true, "continue": true,
	"default": true, "do": true, "double": true, "else": true, "enum": true, "extern": true,
	"float": true, "for": true, "goto": true, "if": true, "inline": true, "int": true, "long": true,
	"register": true, "restrict": true, "return": true, "short": true, "signed": true,
	"sizeof": true, "static": true, "struct": true, "switch": true, "typedef": true,
	"union": true, "unsigned": true, "void": true, "volatile": true, "while": true,
	"_Alignas": true, "_Alignof": true, "_Atomic": true, "_Bool": true, "_Complex": true,
	"_Generic": true, "_Imaginary": true, "_Noreturn": true, "_Static_assert": true,
	"_Thread_local": true, "__restrict": true, "__restrict__": true, "__inline": true,
	"__inline__": true, "__const": true, "__volatile__": true, "__attribute__": true,
	"__extension__": true, "typeof": true, "__typeof__": true, "asm": true, "__asm__": true,
}

// qualifierWords may precede a type name in a declaration.
var qualifierWords = map[string]bool{
	"const": true, "volatile": true, "restrict": true, "static": true, "extern": true,
	"register": true, "auto": true, "inline": true, "_Thread_local": true, "__restrict": true,
	"__restrict__": true, "_Atomic": true, "typedef": true, "__const": true,
}

// looksLikeFunc reports whether the tokens [first, brace) before a '{' at
// file scope are a function header: a '(' and no '=' outside parentheses,
// and not a struct, union or enum. A header that is being typed (its ')'
// missing) still counts.
func (l *lexed) looksLikeFunc(first, brace int) bool {
	paren, pd := false, 0
	for k := first; k < brace; k++ {
		t := l.toks[k]
		if t.kind == tIdent && pd == 0 {
			switch l.word(k) {
			case "struct", "union", "enum":
				if !paren {
					// struct s *f(...) is a function; struct s { is not.
					if k+2 < brace || k+2 == brace && !l.is(k+1, '{') {
						continue
					}
					return false
				}
			}
		}
		if t.kind != tPunct {
			continue
		}
		switch t.ch {
		case '(':
			paren = true
			pd++
		case ')':
			pd--
		case '=':
			if pd <= 0 {
				return false
			}
		}
	}
	return paren
}

// isIfZero reports whether a preprocessor line is `#if 0`.
func isIfZero(line []byte) bool {
	w, rest := ppWord(line)
	if w != "if" {
		return false
	}
	i := skipBlanksComments(rest, 0)
	j := i
	for j < len(rest) && isIdentChar(rest[j]) {
		j++
	}
	return string(rest[i:j]) == "0" && !hasCodeBytes(rest[j:])
}

func hasCodeBytes(b []byte) bool {
	i := skipBlanksComments(b, 0)
	return i < len(b) && !(b[i] == '/' && i+1 < len(b) && b[i+1] == '/')
}

// skipIfZero returns the offset of the line of the #else, #elif or #endif
// that ends the #if 0 group whose line ends at i (the preprocessor line
// that follows is lexed as usual).
func skipIfZero(l *lexed, text []byte, i int) int {
	depth := 0
	for i < len(text) {
		// i is at a newline (or the start of a line after it).
		ls := i
		if text[ls] == '\n' {
			ls++
		}
		j := ls
		for j < len(text) && isBlank(text[j]) {
			j++
		}
		if j < len(text) && text[j] == '#' {
			e := l.ppLineEnd(text, j)
			w, _ := ppWord(text[j:e])
			switch w {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				if depth == 0 {
					return ls
				}
				depth--
			case "else", "elif", "elifdef", "elifndef":
				if depth == 0 {
					return ls
				}
			}
			i = e
			continue
		}
		e := lineEnd(text, ls)
		if e <= i {
			e = i + 1
		}
		i = e
	}
	return len(text)
}
