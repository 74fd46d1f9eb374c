package acc

import (
	"bytes"
	"sync"
)

// Scan finds every OpenACC directive of a C document and parses it. It never
// fails: whatever a directive does not get right ends up in its Errors, and
// every span of the result lies inside text.
//
// A directive is `#pragma acc …` at the start of a line (blanks and comments
// may precede and separate `#`, `pragma` and `acc`; backslash-newlines
// continue it; a `/* */` comment may span lines; a `//` comment ends it), or
// `_Pragma("acc …")` anywhere in C code outside preprocessor lines. Nothing is
// found inside comments, string or character literals, or other preprocessor
// lines (a `_Pragma` inside a `#define` is not a directive of the document:
// it has no place in the code until the macro is used).
//
// Scan is fast enough to run on every keystroke: plain C code is skimmed by a
// byte loop that only stops at '#', '_', '/', quotes and braces.
func Scan(text []byte) *File {
	s := scannerPool.Get().(*scanner)
	s.text = text
	s.depth = 0
	s.commentEnd = -1
	s.conds = s.conds[:0]
	s.macros, s.skipped = nil, s.skipped[:0]
	clear(s.defs)
	s.run()
	f := &File{Directives: s.dirs}
	s.dirs = nil
	s.text, s.line = nil, nil
	scannerPool.Put(s)
	return f
}

var scannerPool = sync.Pool{New: func() any { return new(scanner) }}

// scanner holds the state of one Scan, and scratch buffers reused between
// directives (and, through scannerPool, between scans).
type scanner struct {
	text  []byte
	dirs  []*Directive
	depth int // brace depth of the C code

	// Conditional groups (cond.go): the open ones, innermost last, and the
	// macros the document defines or undefines (true, false) so far.
	conds   []condGroup
	defs    map[string]bool
	macros  *Macros // what the preprocessor knows (ActiveDirectives), nil for Scan
	skipped []int   // where the directives of skipped groups start

	// The last block comment skipped in C code is text[commentStart:
	// commentEnd]; commentBOL tells whether only blanks and comments precede
	// it on its line. A `#` right after it is still at the start of a line,
	// as it is after a comment that contains a newline (C11 6.10p2).
	commentStart int
	commentEnd   int
	commentBOL   bool
	spliced      bool // set by readLine

	// line is the logical text of the directive being read: continuation
	// lines removed (#pragma) or the string literal destringized (_Pragma).
	// When off >= 0, line is text[off:off+len(line)] itself; otherwise it is
	// buf, and logical byte i came from text[st[i]:en[i]]. lineStr is line
	// as a string, made once per directive, from which names and texts are
	// cut without further allocation.
	line    []byte
	off     int
	lineStr string
	buf     []byte
	st      []int
	en      []int

	// The tokens of buf, and what lexing found out.
	toks       []token
	cut        int  // logical offset of a `//` comment that ends the directive, or -1
	hasComment bool // a block comment is among the tokens
	lexErrs    []lexError

	// parser scratch
	stack []int
	cuts  []int
	match []int
	items []item
	subs  []Subscript
	mems  []Member
	cls   []*Clause

	// slabs from which the nodes of the trees are allocated
	slabs slabs
}

// lineSpecial marks the bytes at which the end of a preprocessor line may
// not be simply the next newline.
var lineSpecial = [256]bool{'\\': true, '/': true, '"': true, '\'': true, '\n': true}

// special marks the bytes at which the C-level scan has something to do.
var special = [256]bool{'#': true, '_': true, '/': true, '"': true, '\'': true, '{': true, '}': true}

func (s *scanner) run() {
	t := s.text
	n := len(t)
	i := 0
	for i < n {
		// The hot loop: skip plain code four bytes at a time.
		for i+4 <= n && !special[t[i]] && !special[t[i+1]] && !special[t[i+2]] && !special[t[i+3]] {
			i += 4
		}
		for i < n && !special[t[i]] {
			i++
		}
		if i >= n {
			break
		}
		switch t[i] {
		case '{':
			s.depth++
			i++
		case '}':
			if s.depth > 0 {
				s.depth--
			}
			i++
		case '/':
			i = s.slash(i)
		case '"':
			i = skipLiteral(t, i)
		case '\'':
			if i > 0 && isDigit(t[i-1]) && !(i >= 2 && t[i-2] == 'u' && t[i-1] == '8') {
				i++ // a C23 digit separator: 1'000'000
			} else {
				i = skipLiteral(t, i)
			}
		case '#':
			if s.atLineStart(i) {
				i = s.hash(i)
			} else {
				i++
			}
		case '_':
			i = s.underscore(i)
		default:
			i++
		}
	}
}

// slash skips a comment starting at t[i] == '/', if any.
func (s *scanner) slash(i int) int {
	t := s.text
	if i+1 >= len(t) {
		return i + 1
	}
	switch t[i+1] {
	case '*':
		bol := s.atLineStart(i)
		k := bytes.Index(t[i+2:], commentClose)
		if k < 0 {
			return len(t)
		}
		s.commentStart = i
		s.commentEnd = i + 2 + k + 2
		s.commentBOL = bol
		return s.commentEnd
	case '/':
		return lineCommentEnd(t, i+2)
	}
	return i + 1
}

var commentClose = []byte("*/")

// lineCommentEnd returns the offset of the newline that ends a `//` comment
// whose text starts at i (backslash-newlines continue it).
func lineCommentEnd(t []byte, i int) int {
	for {
		k := bytes.IndexByte(t[i:], '\n')
		if k < 0 {
			return len(t)
		}
		nl := i + k
		if !spliced(t, nl) {
			return nl
		}
		i = nl + 1
	}
}

// skipLiteral skips a string or character literal starting at t[i]. An
// unterminated literal ends at the end of its line.
func skipLiteral(t []byte, i int) int {
	q := t[i]
	n := len(t)
	for j := i + 1; j < n; {
		switch t[j] {
		case q:
			return j + 1
		case '\\':
			if k := splice(t, j); k > 0 {
				j = k
			} else {
				j += 2
			}
		case '\n':
			return j
		default:
			j++
		}
	}
	return n
}

// splice returns the offset after the backslash-newline starting at t[i] ==
// '\\' (blanks and a '\r' may come between, as gcc and clang accept), or 0
// when the backslash does not continue the line.
func splice(t []byte, i int) int {
	j := i + 1
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if j < len(t) && t[j] == '\r' {
		j++
	}
	if j < len(t) && t[j] == '\n' {
		return j + 1
	}
	return 0
}

// spliced reports whether the newline t[nl] is part of a backslash-newline.
func spliced(t []byte, nl int) bool {
	p := nl - 1
	if p >= 0 && t[p] == '\r' {
		p--
	}
	for p >= 0 && (t[p] == ' ' || t[p] == '\t') {
		p--
	}
	return p >= 0 && t[p] == '\\'
}

// atLineStart reports whether only blanks, comments and line continuations
// precede offset i on its line.
func (s *scanner) atLineStart(i int) bool {
	t := s.text
	j := i - 1
	for j >= 0 {
		switch t[j] {
		case ' ', '\t', '\f', '\v', '\r':
			j--
		case '\n':
			k := j - 1
			if k >= 0 && t[k] == '\r' {
				k--
			}
			for k >= 0 && (t[k] == ' ' || t[k] == '\t') {
				k--
			}
			if k >= 0 && t[k] == '\\' {
				j = k - 1
				continue
			}
			return true
		case '/':
			return j+1 == s.commentEnd && j > 0 && t[j-1] == '*' &&
				(s.commentBOL || bytes.IndexByte(t[s.commentStart:s.commentEnd], '\n') >= 0)
		default:
			return false
		}
	}
	return true
}

// hash handles a preprocessor line whose '#' is at t[i]; it returns the
// offset of the newline that ends the line.
func (s *scanner) hash(i int) int {
	t := s.text
	j := i + 1
	for j < len(t) && (t[j] == ' ' || t[j] == '\t') {
		j++
	}
	if j >= len(t) {
		return j
	}
	switch t[j] {
	case 'p', '\\', '/':
	case 'i', 'e', 'd', 'u':
		end := s.readLine(j, false)
		s.conditional(t[j:end]) // cond.go
		return end
	default:
		return s.readLine(j, false)
	}
	end, spliced := s.readLine(i+1, false), s.spliced
	if spliced {
		s.resetBuf()
		s.readLine(i+1, true)
		s.line, s.off = s.buf, -1
	} else {
		s.line, s.off = t[i+1:end], i+1
	}
	s.lex()
	if len(s.toks) < 2 || !s.isWord(0, "pragma") || !s.isWord(1, "acc") {
		return end
	}
	if s.skipping() {
		s.skipped = append(s.skipped, i)
		return end
	}
	d := s.slabs.directive()
	*d = Directive{Form: FormPragma, Span: Span{i, end}, Depth: s.depth}
	bodyEnd := end
	if s.cut >= 0 {
		bodyEnd = s.start(s.cut)
	}
	d.Body = Span{s.end(s.toks[1].e - 1), bodyEnd}
	s.parse(d, 2)
	s.dirs = append(s.dirs, d)
	return end
}

// readLine finds the end of the preprocessor line whose text starts at from:
// the first newline outside block comments that is not a continuation, or the
// end of text. With keep, the line's bytes (less the backslash-newlines) are
// appended to the logical buffer. It returns the offset of the newline, or of
// the '\r' of a CRLF, and sets s.spliced when the line has continuations.
func (s *scanner) readLine(from int, keep bool) int {
	t := s.text
	n := len(t)
	s.spliced = false
	const (
		code = iota
		block
		line
		str
		chr
	)
	state := code
	i := from
	if !keep {
		// Fast path: up to the first byte that needs the state machine.
		for i < n && !lineSpecial[t[i]] {
			i++
		}
		if i >= n {
			return n
		}
		if t[i] == '\n' {
			if i > from && t[i-1] == '\r' {
				return i - 1
			}
			return i
		}
	}
	for i < n {
		c := t[i]
		switch c {
		case '\\':
			if k := splice(t, i); k > 0 {
				i = k
				s.spliced = true
				continue
			}
		case '\n':
			if state != block {
				return i
			}
		case '\r':
			if state != block && i+1 < n && t[i+1] == '\n' {
				return i
			}
		}
		w := 1
		switch state {
		case code:
			switch c {
			case '/':
				if i+1 < n {
					switch t[i+1] {
					case '*':
						state, w = block, 2
					case '/':
						state, w = line, 2
					}
				}
			case '"':
				state = str
			case '\'':
				state = chr
			}
		case block:
			if c == '*' && i+1 < n && t[i+1] == '/' {
				state, w = code, 2
			}
		case str, chr:
			if c == '\\' && i+1 < n && t[i+1] != '\n' && !(t[i+1] == '\r' && i+2 < n && t[i+2] == '\n') {
				w = 2
			} else if c == '"' && state == str || c == '\'' && state == chr {
				state = code
			}
		}
		if keep {
			for k := i; k < i+w; k++ {
				s.emit(t[k], k, k+1)
			}
		}
		i += w
	}
	return n
}

// start returns the offset in text of the first byte of logical byte i.
func (s *scanner) start(i int) int {
	if s.off >= 0 {
		return s.off + i
	}
	return s.st[i]
}

// end returns the offset in text just after logical byte i.
func (s *scanner) end(i int) int {
	if s.off >= 0 {
		return s.off + i + 1
	}
	return s.en[i]
}

func (s *scanner) resetBuf() {
	s.buf = s.buf[:0]
	s.st = s.st[:0]
	s.en = s.en[:0]
}

func (s *scanner) emit(c byte, start, end int) {
	s.buf = append(s.buf, c)
	s.st = append(s.st, start)
	s.en = append(s.en, end)
}

// underscore handles t[i] == '_': a `_Pragma` operator or part of a name.
func (s *scanner) underscore(i int) int {
	t := s.text
	const kw = "_Pragma"
	if i+len(kw) > len(t) || t[i+1] != 'P' || string(t[i:i+len(kw)]) != kw ||
		i > 0 && isIdentByte(t[i-1]) || i+len(kw) < len(t) && isIdentByte(t[i+len(kw)]) {
		// Skip the rest of the name so that its other underscores cost nothing.
		j := i + 1
		for j < len(t) && isIdentByte(t[j]) {
			j++
		}
		return j
	}
	return s.pragmaOp(i)
}

// pragmaOp handles `_Pragma ( "acc …" )` starting at t[i]. It returns where
// the C-level scan resumes.
func (s *scanner) pragmaOp(i int) int {
	t := s.text
	n := len(t)
	open := s.skipBlanks(i + len("_Pragma"))
	if open >= n || t[open] != '(' {
		return i + len("_Pragma")
	}
	q := s.skipBlanks(open + 1)
	if q+1 < n && t[q] == 'L' && t[q+1] == '"' {
		q++ // a wide string literal is allowed too
	}
	if q >= n || t[q] != '"' {
		return open + 1
	}
	// Destringize: \" and \\ stand for one byte each (C11 6.10.9). Without
	// backslashes, the logical text is the literal's text itself.
	k := q + 1
	for k < n && t[k] != '"' && t[k] != '\\' && t[k] != '\n' && t[k] != '\r' {
		k++
	}
	closed := k < n && t[k] == '"'
	if closed || k >= n || t[k] == '\n' || t[k] == '\r' && k+1 < n && t[k+1] == '\n' {
		s.line, s.off = t[q+1:k], q+1
		goto lex
	}
	s.resetBuf()
	k = q + 1
loop:
	for k < n {
		switch c := t[k]; c {
		case '\\':
			if m := splice(t, k); m > 0 {
				k = m
				continue
			}
			if k+1 < n && (t[k+1] == '"' || t[k+1] == '\\') {
				s.emit(t[k+1], k, k+2)
				k += 2
				continue
			}
		case '"':
			closed = true
			break loop
		case '\n':
			break loop
		case '\r':
			if k+1 < n && t[k+1] == '\n' {
				break loop
			}
		}
		s.emit(t[k], k, k+1)
		k++
	}
	s.line, s.off = s.buf, -1
lex:
	strEnd := k // the closing quote, or where the literal stops
	s.lex()
	if len(s.toks) >= 1 && s.isWord(0, "acc") && s.skipping() {
		s.skipped = append(s.skipped, i)
	}
	if len(s.toks) < 1 || !s.isWord(0, "acc") || s.skipping() {
		if closed {
			return strEnd + 1
		}
		return strEnd
	}
	d := s.slabs.directive()
	*d = Directive{Form: FormOperator, Depth: s.depth}
	bodyEnd := strEnd
	if s.cut >= 0 {
		bodyEnd = s.start(s.cut)
	}
	d.Body = Span{s.end(s.toks[0].e - 1), bodyEnd}
	end := strEnd
	resume := strEnd
	var errs []SyntaxError
	if !closed {
		errs = append(errs, SyntaxError{Span{q, q + 1}, `missing closing '"'`})
	} else {
		end = strEnd + 1
		resume = end
		if c := s.skipBlanks(end); c < n && t[c] == ')' {
			end = c + 1
			resume = end
		} else {
			errs = append(errs, SyntaxError{Span{open, open + 1}, "missing ')'"})
		}
	}
	d.Span = Span{i, end}
	d.Errors = errs
	s.parse(d, 1)
	s.dirs = append(s.dirs, d)
	return resume
}

// skipBlanks skips white space (newlines included), continuations and
// comments in C code.
func (s *scanner) skipBlanks(i int) int {
	t := s.text
	n := len(t)
	for i < n {
		switch t[i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			i++
		case '\\':
			k := splice(t, i)
			if k == 0 {
				return i
			}
			i = k
		case '/':
			if i+1 < n && t[i+1] == '*' {
				k := bytes.Index(t[i+2:], commentClose)
				if k < 0 {
					return n
				}
				i += 2 + k + 2
			} else if i+1 < n && t[i+1] == '/' {
				i = lineCommentEnd(t, i+2)
			} else {
				return i
			}
		default:
			return i
		}
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isIdentByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '$' || c >= 0x80
}
