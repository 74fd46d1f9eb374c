package codeactions

// A small lexical view of C, enough to find where a statement ends without
// the C front end: the refactorings work on the text as it is typed, and
// the loop after a directive is all they need to delimit.

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\f' || b == '\v' }

func isSpace(b byte) bool { return isBlank(b) || b == '\n' || b == '\r' }

func isIdent(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b >= 0x80
}

// lineStart is the offset of the start of the line containing off.
func lineStart(text []byte, off int) int {
	for off > 0 && text[off-1] != '\n' {
		off--
	}
	return off
}

// lineEnd is the offset of the line break ending the line containing off
// (len(text) on the last line); a "\r\n" ends at its '\r'.
func lineEnd(text []byte, off int) int {
	for off < len(text) && text[off] != '\n' {
		off++
	}
	if off > 0 && text[off-1] == '\r' {
		return off - 1
	}
	return off
}

// indentAt is the leading blanks of the line containing off.
func indentAt(text []byte, off int) string {
	s := lineStart(text, off)
	e := s
	for e < len(text) && isBlank(text[e]) {
		e++
	}
	return string(text[s:e])
}

// onlyBlanksBefore reports whether the line of off has only blanks before off.
func onlyBlanksBefore(text []byte, off int) bool {
	for i := lineStart(text, off); i < off; i++ {
		if !isBlank(text[i]) {
			return false
		}
	}
	return true
}

// newline is the document's line break: "\r\n" when its first line ends so.
func newline(text []byte) string {
	for i, b := range text {
		if b == '\n' {
			if i > 0 && text[i-1] == '\r' {
				return "\r\n"
			}
			return "\n"
		}
	}
	return "\n"
}

// skipComment returns the end of the comment starting at i, or i when none
// starts there.
func skipComment(text []byte, i int) int {
	if i+1 >= len(text) || text[i] != '/' {
		return i
	}
	switch text[i+1] {
	case '*':
		for j := i + 2; j+1 < len(text); j++ {
			if text[j] == '*' && text[j+1] == '/' {
				return j + 2
			}
		}
		return len(text)
	case '/':
		j := i + 2
		for j < len(text) {
			if text[j] == '\n' && text[j-1] != '\\' && !(text[j-1] == '\r' && j >= 2 && text[j-2] == '\\') {
				return j
			}
			j++
		}
		return j
	}
	return i
}

// skipLiteral returns the end of the string or character literal starting
// at i (its opening quote).
func skipLiteral(text []byte, i int) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j // unterminated: stop at the line's end
		}
	}
	return len(text)
}

// skipPPLine returns the end of the preprocessor line starting at i (its
// '#'), backslash continuations and comments included; the line break is
// not included.
func skipPPLine(text []byte, i int) int {
	for i < len(text) {
		switch c := text[i]; {
		case c == '\\' && i+1 < len(text) && (text[i+1] == '\n' || text[i+1] == '\r'):
			i += 2
			if i < len(text) && text[i-1] == '\r' && text[i] == '\n' {
				i++
			}
		case c == '/' && skipComment(text, i) > i:
			i = skipComment(text, i)
		case c == '"' || c == '\'':
			i = skipLiteral(text, i)
		case c == '\n':
			return i
		default:
			i++
		}
	}
	return i
}

// skipTrivia skips what skipSpaces skips and also whole preprocessor lines
// (a `#` first on its line).
func skipTrivia(text []byte, i int) int {
	for {
		i = skipSpaces(text, i)
		if i >= len(text) || text[i] != '#' || !onlyBlanksBefore(text, i) {
			return i
		}
		i = skipPPLine(text, i)
	}
}

// skipSpaces skips blanks, line breaks, comments and backslash-newlines but
// stops at a preprocessor line.
func skipSpaces(text []byte, i int) int {
	for i < len(text) {
		switch c := text[i]; {
		case isSpace(c):
			i++
		case c == '\\' && i+1 < len(text) && (text[i+1] == '\n' || text[i+1] == '\r'):
			i += 2
		case c == '/' && skipComment(text, i) > i:
			i = skipComment(text, i)
		default:
			return i
		}
	}
	return i
}

// wordAt returns the identifier or keyword starting at i, "" when none.
func wordAt(text []byte, i int) string {
	if i >= len(text) || !isIdent(text[i]) || '0' <= text[i] && text[i] <= '9' {
		return ""
	}
	if i > 0 && isIdent(text[i-1]) {
		return ""
	}
	j := i
	for j < len(text) && isIdent(text[j]) {
		j++
	}
	return string(text[i:j])
}

// matching returns the offset after the bracket closing the one at i
// ('(', '[' or '{'); ok is false when the text ends first or a bracket of
// another kind closes it.
func matching(text []byte, i int) (int, bool) {
	var stack []byte
	for i < len(text) {
		switch c := text[i]; {
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
			i++
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 || opener(c) != stack[len(stack)-1] {
				return i, false
			}
			stack = stack[:len(stack)-1]
			i++
			if len(stack) == 0 {
				return i, true
			}
		case c == '"' || c == '\'':
			i = skipLiteral(text, i)
		case c == '/' && skipComment(text, i) > i:
			i = skipComment(text, i)
		case c == '#' && onlyBlanksBefore(text, i):
			i = skipPPLine(text, i)
		default:
			i++
		}
	}
	return i, false
}

func opener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// stmtEnd returns the end of the C statement starting at i (after trivia):
// a compound statement, a for/while/switch/if(-else)/do statement, or an
// expression, declaration or jump statement up to its ';'. ok is false
// when the text does not read as a statement.
func stmtEnd(text []byte, i int) (int, bool) {
	i = skipTrivia(text, i)
	if i >= len(text) {
		return i, false
	}
	if text[i] == '{' {
		return matching(text, i)
	}
	switch w := wordAt(text, i); w {
	case "for", "while", "switch":
		j := skipSpaces(text, i+len(w))
		if j >= len(text) || text[j] != '(' {
			return j, false
		}
		j, ok := matching(text, j)
		if !ok {
			return j, false
		}
		return stmtEnd(text, j)
	case "if":
		j := skipSpaces(text, i+len(w))
		if j >= len(text) || text[j] != '(' {
			return j, false
		}
		j, ok := matching(text, j)
		if !ok {
			return j, false
		}
		end, ok := stmtEnd(text, j)
		if !ok {
			return end, false
		}
		if k := skipTrivia(text, end); wordAt(text, k) == "else" {
			return stmtEnd(text, k+len("else"))
		}
		return end, true
	case "do":
		j, ok := stmtEnd(text, i+len(w))
		if !ok {
			return j, false
		}
		j = skipTrivia(text, j)
		if wordAt(text, j) != "while" {
			return j, false
		}
		return exprEnd(text, j)
	}
	return exprEnd(text, i)
}

// exprEnd returns the offset after the ';' that ends the statement at i,
// brackets balanced.
func exprEnd(text []byte, i int) (int, bool) {
	for i < len(text) {
		switch c := text[i]; {
		case c == ';':
			return i + 1, true
		case c == '(' || c == '[' || c == '{':
			j, ok := matching(text, i)
			if !ok {
				return j, false
			}
			i = j
		case c == ')' || c == ']' || c == '}':
			return i, false
		case c == '"' || c == '\'':
			i = skipLiteral(text, i)
		case c == '/' && skipComment(text, i) > i:
			i = skipComment(text, i)
		case c == '#' && onlyBlanksBefore(text, i):
			i = skipPPLine(text, i)
		default:
			i++
		}
	}
	return i, false
}
