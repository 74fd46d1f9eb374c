package compiler

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Error is a problem that stops the translation, at a place in the source:
// printed gcc-style as "file.c:12:9: message".
type Error struct {
	File      string
	Line, Col int // 1-based; Col counts bytes
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.File + ": " + e.Msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is every Error of one translation, in source order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

func (l ErrorList) sorted() ErrorList {
	// Each file's errors together, the files in the order they first
	// report (the translated file, then the files of routines it calls).
	rank := map[string]int{}
	for _, e := range l {
		if _, ok := rank[e.File]; !ok {
			rank[e.File] = len(rank)
		}
	}
	sort.SliceStable(l, func(i, j int) bool {
		if l[i].File != l[j].File {
			return rank[l[i].File] < rank[l[j].File]
		}
		if l[i].Line != l[j].Line {
			return l[i].Line < l[j].Line
		}
		return l[i].Col < l[j].Col
	})
	// Drop exact duplicates (one construct reached twice).
	out := l[:0]
	for i, e := range l {
		if i > 0 && *e == *l[i-1] {
			continue
		}
		out = append(out, e)
	}
	return out
}

// lines converts byte offsets of one text to 1-based lines and columns.
type lines struct {
	starts []int
}

func newLines(text []byte) *lines {
	l := &lines{starts: []int{0}}
	for i := 0; i < len(text); {
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		l.starts = append(l.starts, i)
	}
	return l
}

// pos returns the line and column of byte offset off.
func (l *lines) pos(off int) (line, col int) {
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	return i + 1, off - l.starts[i] + 1
}

// line returns the 1-based line of byte offset off.
func (l *lines) line(off int) int {
	n, _ := l.pos(off)
	return n
}
