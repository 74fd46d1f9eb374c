package source

import (
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
)

// Document is an immutable snapshot of one document's text: the bytes as the
// client sent them (not necessarily UTF-8), a version number and an index of
// line starts. Edits return a new Document and leave the receiver untouched,
// so a snapshot may be read from any goroutine.
//
// Lines end at "\n", "\r\n" or a lone "\r", as LSP defines. Positions count
// UTF-16 code units; a byte that is not part of valid UTF-8 counts as one unit
// (it reads as U+FFFD).
type Document struct {
	text    []byte
	lines   []int32 // byte offset of the start of each line; lines[0] == 0
	version int32
}

// Change is one edit of a document: the text of Range is replaced by Text.
// A nil Range replaces the whole document.
type Change struct {
	Range *protocol.Range
	Text  string
}

// New returns a document holding text, which it takes ownership of: the
// caller must not modify text afterwards.
func New(text []byte, version int32) *Document {
	return &Document{text: text, lines: lineStarts(text, make([]int32, 0, 16)), version: version}
}

// Text returns the document's text. The caller must not modify it.
func (d *Document) Text() []byte { return d.text }

// Version is the version number the client gave this text.
func (d *Document) Version() int32 { return d.version }

// Len is the length of the text in bytes.
func (d *Document) Len() int { return len(d.text) }

// LineCount is the number of lines; an empty document has one (empty) line,
// and a document ending in a line break has an empty last line.
func (d *Document) LineCount() int { return len(d.lines) }

// LineStart is the byte offset where line (0-based) starts; lines past the
// end of the document start at the end of the text.
func (d *Document) LineStart(line int) int {
	if line < 0 {
		return 0
	}
	if line >= len(d.lines) {
		return len(d.text)
	}
	return int(d.lines[line])
}

// LineEnd is the byte offset where the content of line ends, before its line
// break.
func (d *Document) LineEnd(line int) int {
	return lineEnd(d.text, d.lines, line)
}

// Line is the (0-based) line that contains offset; offsets are clamped into
// the text.
func (d *Document) Line(offset int) int {
	return lineOf(d.lines, clamp(offset, len(d.text)))
}

// Position converts a byte offset to an LSP position. Offsets outside the
// text are clamped to it; an offset inside a line break or inside a
// multi-byte character is moved back to the start of that break or character.
func (d *Document) Position(offset int) protocol.Position {
	offset = clamp(offset, len(d.text))
	line := lineOf(d.lines, offset)
	start := int(d.lines[line])
	if end := lineEnd(d.text, d.lines, line); offset > end {
		offset = end
	}
	return protocol.Position{Line: uint32(line), Character: uint32(unitsBefore(d.text[start:], offset-start))}
}

// Offset converts an LSP position to a byte offset. A line past the last one
// gives the end of the text, a character past the end of its line gives the
// end of the line (before the line break), and a character in the middle of
// a surrogate pair gives the start of that character.
func (d *Document) Offset(p protocol.Position) int {
	return offset(d.text, d.lines, p)
}

// Range converts a span of byte offsets to an LSP range.
func (d *Document) Range(s acc.Span) protocol.Range {
	start, end := s.Start, s.End
	if end < start {
		end = start
	}
	return protocol.Range{Start: d.Position(start), End: d.Position(end)}
}

// Span converts an LSP range to a span of byte offsets; a range whose end
// comes before its start is swapped.
func (d *Document) Span(r protocol.Range) acc.Span {
	s, e := d.Offset(r.Start), d.Offset(r.End)
	if e < s {
		s, e = e, s
	}
	return acc.Span{Start: s, End: e}
}

// Apply returns a new document with the changes applied in order (each
// change's range refers to the text left by the changes before it) and the
// given version. The receiver is not modified.
func (d *Document) Apply(version int32, changes ...Change) *Document {
	text, lines := d.text, d.lines
	owned := false // whether text and lines are private to this call
	for i, c := range changes {
		more := i+1 < len(changes)
		if c.Range == nil {
			text = []byte(c.Text)
			lines = lineStarts(text, make([]int32, 0, len(lines)+1))
			owned = true
			continue
		}
		s, e := offset(text, lines, c.Range.Start), offset(text, lines, c.Range.End)
		if e < s {
			s, e = e, s
		}
		text, lines = splice(text, lines, s, e, c.Text, owned, more)
		owned = true
	}
	// With no changes the new snapshot shares the (immutable) text.
	return &Document{text: text, lines: lines, version: version}
}

// splice replaces text[s:e] by repl and updates the line index. When owned is
// false, text and lines belong to another snapshot and are copied; otherwise
// they are edited in place where capacity allows. With more set, further
// edits follow and new buffers get some room to grow.
func splice(text []byte, lines []int32, s, e int, repl string, owned, more bool) ([]byte, []int32) {
	oldLen := len(text)
	delta := len(repl) - (e - s)
	newLen := oldLen + delta

	// The text.
	var out []byte
	if owned && cap(text) >= newLen {
		out = text[:max(oldLen, newLen)]
		copy(out[s+len(repl):], text[e:oldLen])
		out = out[:newLen]
	} else {
		out = make([]byte, newLen, newLen+headroom(newLen, more))
		copy(out, text[:s])
		copy(out[s+len(repl):], text[e:])
	}
	copy(out[s:], repl)

	// The line index. Line starts at or before lo (the start of the line that
	// holds s-1) depend only on bytes before s and stay; those after hiOld
	// (one byte past the replaced range, so that a "\r" + "\n" joined or split
	// at either edge is seen) depend only on bytes after e and shift by delta;
	// the ones in between are found again in the new text.
	lo := 0
	if s > 0 {
		lo = int(lines[lineOf(lines, s-1)])
	}
	hiOld := min(e+1, oldLen)
	hiNew := min(s+len(repl)+1, newLen)
	keep := lineOf(lines, lo) + 1 // lines[:keep] are <= lo
	tail := upperBound(lines, hiOld)
	var mid []int32
	for p := lo + 1; p <= hiNew; p++ {
		if isLineStart(out, p) {
			mid = append(mid, int32(p))
		}
	}
	n := keep + len(mid) + len(lines) - tail
	var nl []int32
	if owned && cap(lines) >= n {
		nl = lines[:max(len(lines), n)]
		copy(nl[keep+len(mid):], lines[tail:])
		nl = nl[:n]
	} else {
		nl = make([]int32, n, n+headroom(n, more))
		copy(nl, lines[:keep])
		copy(nl[keep+len(mid):], lines[tail:])
	}
	copy(nl[keep:], mid)
	for i := keep + len(mid); i < n; i++ {
		nl[i] += int32(delta)
	}
	return out, nl
}

func headroom(n int, more bool) int {
	if more {
		return n/16 + 64
	}
	return 0
}

// isLineStart reports whether a line starts at offset p > 0 of text.
func isLineStart(text []byte, p int) bool {
	switch text[p-1] {
	case '\n':
		return true
	case '\r':
		return p == len(text) || text[p] != '\n'
	}
	return false
}

// lineStarts appends the start offsets of the lines of text to dst.
func lineStarts(text []byte, dst []int32) []int32 {
	dst = append(dst[:0], 0)
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			dst = append(dst, int32(i+1))
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			dst = append(dst, int32(i+1))
		}
	}
	return dst
}

// lineOf is the index of the line that holds offset.
func lineOf(lines []int32, offset int) int {
	return upperBound(lines, offset) - 1
}

// upperBound is the index of the first line start greater than offset.
func upperBound(lines []int32, offset int) int {
	lo, hi := 0, len(lines)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(lines[m]) <= offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

func lineEnd(text []byte, lines []int32, line int) int {
	if line < 0 {
		return 0
	}
	if line+1 >= len(lines) {
		return len(text)
	}
	end := int(lines[line+1]) - 1 // the last byte of the line break
	if text[end] == '\n' && end > int(lines[line]) && text[end-1] == '\r' {
		end--
	}
	return end
}

func offset(text []byte, lines []int32, p protocol.Position) int {
	line := int(p.Line)
	if line >= len(lines) || p.Line > 1<<31 {
		return len(text)
	}
	start, end := int(lines[line]), lineEnd(text, lines, line)
	want := int(p.Character)
	if want >= end-start && asciiOnly(text[start:end]) {
		return end
	}
	units := 0
	i := start
	for i < end && units < want {
		b := text[i]
		if b < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, size := utf8.DecodeRune(text[i:end])
		u := 1
		if r >= 0x10000 {
			u = 2
		}
		if units+u > want {
			break // inside a surrogate pair: stay at the character's start
		}
		units += u
		i += size
	}
	return i
}

// unitsBefore is the number of UTF-16 code units of the characters of line
// that end at or before byte n; each byte of an invalid UTF-8 sequence counts
// as one unit (U+FFFD).
func unitsBefore(line []byte, n int) int {
	units := 0
	for i := 0; i < n; {
		if line[i] < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, size := utf8.DecodeRune(line[i:])
		if i+size > n {
			break // n is inside this character
		}
		if r >= 0x10000 {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return units
}

func asciiOnly(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func clamp(off, n int) int {
	if off < 0 {
		return 0
	}
	if off > n {
		return n
	}
	return off
}

// LineColumn is the 1-based line and 1-based byte column of offset, the
// way gcc and clang print locations (`accls check` prints them too).
func (d *Document) LineColumn(offset int) (line, col int) {
	offset = clamp(offset, len(d.text))
	l := d.Line(offset)
	return l + 1, offset - d.LineStart(l) + 1
}

// OffsetAt converts a 1-based line and byte column, as compilers print
// them, to an offset; 0 when the line does not exist, the line's start for
// a column below 1.
func (d *Document) OffsetAt(line, col int) int {
	if line < 1 || line > d.LineCount() {
		return 0
	}
	return d.LineStart(line-1) + max(col-1, 0)
}
