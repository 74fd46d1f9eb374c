package completion

import (
	"bytes"

	"github.com/accls/accls/acc"
)

type tokKind int

const (
	tWord  tokKind = iota // an identifier
	tGroup                // a closed parenthesised group
	tComma
	tOther
)

type token struct {
	kind tokKind
	text string
	span acc.Span
}

// lexState is what the raw text of a directive body says about the cursor.
type lexState struct {
	// comment is set when the cursor is inside a comment or a literal.
	comment bool
	// depth is the parenthesis depth at the cursor.
	depth int
	// top are the tokens outside parentheses before the cursor; a closed
	// group is one token.
	top []token
	// open is the offset of the '(' of the outermost open group, and owner
	// the index in top of the word right before it (-1 when none).
	open, owner int
	// inner is the text from after that '(' to the cursor, with comments and
	// line continuations removed.
	inner []byte
}

// lex reads text[start:end] (end is the cursor): a tolerant tokenizer for
// half-typed directives, which the scanner's parse may not describe yet.
func lex(text []byte, start, end int) lexState {
	st := lexState{owner: -1}
	i := start
	for i < end {
		ch := text[i]
		switch {
		case ch == '\\' && i+1 < len(text) && (text[i+1] == '\n' || text[i+1] == '\r'):
			i += 2
			if text[i-1] == '\r' && i < len(text) && text[i] == '\n' {
				i++
			}
			continue
		case ch == '/' && i+1 < end && text[i+1] == '/':
			st.comment = true // a line comment runs to the end of the directive
			return st
		case ch == '/' && i+1 < end && text[i+1] == '*':
			j := bytes.Index(text[i+2:], []byte("*/"))
			if j < 0 || i+2+j+2 > end {
				st.comment = true
				return st
			}
			i += 2 + j + 2
			if st.depth > 0 {
				st.inner = append(st.inner, ' ')
			}
			continue
		case ch == '"' || ch == '\'':
			j := i + 1
			for j < end && text[j] != ch {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			if j >= end {
				st.comment = true // inside a literal
				return st
			}
			if st.depth > 0 {
				st.inner = append(st.inner, text[i:j+1]...)
			} else {
				st.top = append(st.top, token{kind: tOther, text: string(text[i : j+1]), span: acc.Span{Start: i, End: j + 1}})
			}
			i = j + 1
			continue
		}
		if st.depth > 0 {
			switch ch {
			case '(':
				st.depth++
			case ')':
				st.depth--
				if st.depth == 0 {
					st.top = append(st.top, token{kind: tGroup, text: string(text[st.open : i+1]), span: acc.Span{Start: st.open, End: i + 1}})
					st.inner = nil
					i++
					continue
				}
			}
			st.inner = append(st.inner, ch)
			i++
			continue
		}
		switch {
		case isIdent(ch):
			j := i
			for j < end && isIdent(text[j]) {
				j++
			}
			st.top = append(st.top, token{kind: tWord, text: string(text[i:j]), span: acc.Span{Start: i, End: j}})
			i = j
			continue
		case ch == '(':
			st.depth = 1
			st.open = i
			st.owner = -1
			if n := len(st.top); n > 0 && st.top[n-1].kind == tWord {
				st.owner = n - 1
			}
			st.inner = st.inner[:0]
		case ch == ',':
			st.top = append(st.top, token{kind: tComma, text: ",", span: acc.Span{Start: i, End: i + 1}})
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v':
		default:
			st.top = append(st.top, token{kind: tOther, text: string(ch), span: acc.Span{Start: i, End: i + 1}})
		}
		i++
	}
	return st
}
