package acc

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// tokKind classifies the preprocessing tokens of a directive.
type tokKind uint8

const (
	tIdent  tokKind = iota + 1 // a name (keywords included)
	tNumber                    // a pp-number
	tString                    // a string literal, quotes included
	tChar                      // a character constant, quotes included
	tPunct                     // a punctuator, or any other single character
)

// token is one token of the logical directive text buf[s:e].
type token struct {
	s, e int
	kind tokKind
	// bad is set on a closing bracket that matches nothing and on an
	// unterminated literal: they have been reported already.
	bad bool
}

type lexError struct {
	s, e int // logical offsets
	msg  string
}

// lex splits the logical buffer into tokens. Block comments are white space;
// a `//` comment ends the text (s.cut).
func (s *scanner) lex() {
	b := s.line
	n := len(b)
	s.toks = s.toks[:0]
	s.cut = -1
	s.hasComment = false
	s.lexErrs = s.lexErrs[:0]
	for i := 0; i < n; {
		c := b[i]
		start := i
		nerr := len(s.lexErrs)
		var kind tokKind
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '/' && i+1 < n && b[i+1] == '*':
			s.hasComment = true
			k := bytes.Index(b[i+2:], commentClose)
			if k < 0 {
				s.lexErrs = append(s.lexErrs, lexError{i, i + 2, "unterminated comment"})
				i = n
			} else {
				i += 2 + k + 2
			}
			continue
		case c == '/' && i+1 < n && b[i+1] == '/':
			s.cut = i
			return
		case c == '"' || c == '\'':
			i = s.quoted(b, i, i)
			kind = tString
			if c == '\'' {
				kind = tChar
			}
		case isDigit(c) || c == '.' && i+1 < n && isDigit(b[i+1]):
			i = numberEnd(b, i)
			kind = tNumber
		case c < utf8.RuneSelf && isIdentByte(c) || c >= utf8.RuneSelf && identRune(b[i:], true) > 0:
			i = identEnd(b, i)
			kind = tIdent
			// String prefixes: L"", u"", U"", u8"".
			if i < n && (b[i] == '"' || b[i] == '\'') {
				if w := string(b[start:i]); w == "L" || w == "u" || w == "U" || w == "u8" {
					kind = tString
					if b[i] == '\'' {
						kind = tChar
					}
					i = s.quoted(b, i, start)
				}
			}
		case c >= utf8.RuneSelf:
			_, size := utf8.DecodeRune(b[i:])
			i += size
			kind = tPunct
		default:
			i += punctLen(b, i)
			kind = tPunct
		}
		s.toks = append(s.toks, token{s: start, e: i, kind: kind, bad: len(s.lexErrs) > nerr})
	}
}

// quoted returns the end of the literal whose opening quote is b[q]; an
// unterminated literal runs to the end of the text and is reported.
func (s *scanner) quoted(b []byte, q, start int) int {
	for j := q + 1; j < len(b); j++ {
		switch b[j] {
		case b[q]:
			return j + 1
		case '\\':
			j++
		}
	}
	msg := `missing closing '"'`
	if b[q] == '\'' {
		msg = `missing closing "'"`
	}
	s.lexErrs = append(s.lexErrs, lexError{start, q + 1, msg})
	return len(b)
}

// identRune returns the size of the identifier character (a letter, or with
// !first also a digit or mark) encoded at the start of b, or 0.
func identRune(b []byte, first bool) int {
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError {
		return 0
	}
	if unicode.IsLetter(r) || !first && (unicode.IsDigit(r) || unicode.IsMark(r)) {
		return size
	}
	return 0
}

func identEnd(b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		if c < utf8.RuneSelf {
			if !isIdentByte(c) {
				return i
			}
			i++
			continue
		}
		size := identRune(b[i:], false)
		if size == 0 {
			return i
		}
		i += size
	}
	return i
}

// numberEnd returns the end of the pp-number starting at b[i].
func numberEnd(b []byte, i int) int {
	i++
	for i < len(b) {
		c := b[i]
		switch {
		case (c == '+' || c == '-') && (b[i-1]|0x20 == 'e' || b[i-1]|0x20 == 'p'):
			i++
		case c == '.' || c < utf8.RuneSelf && isIdentByte(c):
			i++
		case c == '\'' && i+1 < len(b) && isIdentByte(b[i+1]) && b[i+1] < utf8.RuneSelf:
			i += 2 // C23 digit separator
		default:
			return i
		}
	}
	return i
}

// punctLen returns the length of the punctuator starting at b[i].
func punctLen(b []byte, i int) int {
	c := b[i]
	if i+1 >= len(b) {
		return 1
	}
	d := b[i+1]
	if i+2 < len(b) {
		e := b[i+2]
		if (c == '<' && d == '<' || c == '>' && d == '>') && e == '=' || c == '.' && d == '.' && e == '.' {
			return 3
		}
	}
	switch c {
	case '-':
		if d == '>' || d == '-' || d == '=' {
			return 2
		}
	case '+':
		if d == '+' || d == '=' {
			return 2
		}
	case '&':
		if d == '&' || d == '=' {
			return 2
		}
	case '|':
		if d == '|' || d == '=' {
			return 2
		}
	case '<':
		if d == '<' || d == '=' {
			return 2
		}
	case '>':
		if d == '>' || d == '=' {
			return 2
		}
	case ':':
		if d == ':' {
			return 2
		}
	case '#':
		if d == '#' {
			return 2
		}
	case '=', '!', '*', '/', '%', '^':
		if d == '=' {
			return 2
		}
	}
	return 1
}

// isWord reports whether token i is the identifier w.
func (s *scanner) isWord(i int, w string) bool {
	t := s.toks[i]
	return t.kind == tIdent && string(s.line[t.s:t.e]) == w
}
