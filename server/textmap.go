package server

import (
	"bytes"

	"github.com/accls/accls/acc"
)

// textMap maps byte offsets between two versions of a document's text, old
// and new, through the one region in which they differ: old and new have a
// common prefix of pre bytes and a common suffix after oldEnd / newEnd.
// Offsets in the prefix stay, offsets in the suffix move by the change of
// length, offsets in the changed region map to nothing. It is how results of
// the last semantic run (computed for an older text) are shown on the
// current text until the next run: whatever touches an edited byte is
// dropped, the rest is exact.
type textMap struct {
	pre            int
	oldEnd, newEnd int
	identical      bool
}

// diffTexts computes the map from old to new.
func diffTexts(old, new []byte) textMap {
	n := min(len(old), len(new))
	pre := commonPrefix(old[:n], new[:n])
	if pre == len(old) && pre == len(new) {
		return textMap{pre: pre, oldEnd: pre, newEnd: pre, identical: true}
	}
	// The suffix may not overlap the prefix in either text.
	m := n - pre
	suf := commonSuffix(old[len(old)-m:], new[len(new)-m:])
	return textMap{pre: pre, oldEnd: len(old) - suf, newEnd: len(new) - suf}
}

// commonPrefix is the length of the common prefix of a and b (same length).
func commonPrefix(a, b []byte) int {
	const chunk = 256
	i := 0
	for i+chunk <= len(a) && bytes.Equal(a[i:i+chunk], b[i:i+chunk]) {
		i += chunk
	}
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix is the length of the common suffix of a and b (same length).
func commonSuffix(a, b []byte) int {
	const chunk = 256
	n := len(a)
	i := 0
	for i+chunk <= n && bytes.Equal(a[n-i-chunk:n-i], b[n-i-chunk:n-i]) {
		i += chunk
	}
	for i < n && a[n-1-i] == b[n-1-i] {
		i++
	}
	return i
}

// span maps a span of the old text to the new one; ok is false when it
// overlaps or touches the changed region (an insertion right at its edge
// counts: it may extend the word the span covers).
func (m textMap) span(s acc.Span) (acc.Span, bool) {
	if m.identical {
		return s, true
	}
	switch {
	case s.End < m.pre:
		return s, true
	case s.Start > m.oldEnd:
		d := m.newEnd - m.oldEnd
		return acc.Span{Start: s.Start + d, End: s.End + d}, true
	}
	return acc.Span{}, false
}

// start maps the start of something in the old text to the new one: at
// the point of a pure insertion it moves with the text that follows. ok is
// false when it lies in the replaced bytes.
func (m textMap) start(off int) (int, bool) {
	switch {
	case m.identical || off < m.pre:
		return off, true
	case off >= m.oldEnd:
		return off + m.newEnd - m.oldEnd, true
	}
	return 0, false
}

// end maps the end of something in the old text to the new one: at the
// point of a pure insertion it stays with the text that precedes. ok is
// false when it lies in the replaced bytes.
func (m textMap) end(off int) (int, bool) {
	switch {
	case m.identical || off <= m.pre:
		return off, true
	case off > m.oldEnd:
		return off + m.newEnd - m.oldEnd, true
	}
	return 0, false
}

// back maps an offset of the new text to the old one; ok is false inside the
// changed region.
func (m textMap) back(off int) (int, bool) {
	switch {
	case m.identical || off <= m.pre:
		return off, true
	case off >= m.newEnd:
		return off - m.newEnd + m.oldEnd, true
	}
	return 0, false
}

// clampSpan maps a span that may enclose the changed region (a function, a
// construct being edited): its ends are mapped separately, and an end inside
// the changed region goes to that region's edge in the new text, so that the
// span takes in the edited text. ok is false when the span lies entirely
// inside the changed region.
func (m textMap) clampSpan(s acc.Span) (acc.Span, bool) {
	if m.identical {
		return s, true
	}
	start, ok1 := m.start(s.Start)
	end, ok2 := m.end(s.End)
	if !ok1 && !ok2 {
		return acc.Span{}, false
	}
	if !ok1 {
		start = m.pre
	}
	if !ok2 {
		end = m.newEnd
	}
	return acc.Span{Start: start, End: max(start, end)}, true
}
