package codeactions

import (
	"fmt"
	"slices"

	"github.com/accls/accls/analysis"
)

// sortEdits returns the edits ordered by position; insertions at one offset
// keep their order, before a replacement starting there.
func sortEdits(edits []analysis.TextEdit) []analysis.TextEdit {
	out := slices.Clone(edits)
	slices.SortStableFunc(out, func(a, b analysis.TextEdit) int {
		if a.Span.Start != b.Span.Start {
			return a.Span.Start - b.Span.Start
		}
		return a.Span.End - b.Span.End
	})
	return out
}

// Apply returns text with the edits applied. The edits' spans refer to text;
// they must lie inside it and must not overlap (two insertions at one
// offset are applied in the order given).
func Apply(text []byte, edits []analysis.TextEdit) ([]byte, error) {
	sorted := sortEdits(edits)
	out := make([]byte, 0, len(text))
	at := 0
	for _, e := range sorted {
		if !e.Span.IsValid() || e.Span.End > len(text) {
			return nil, fmt.Errorf("edit %d-%d outside the text (%d bytes)", e.Span.Start, e.Span.End, len(text))
		}
		if e.Span.Start < at {
			return nil, fmt.Errorf("overlapping edits at offset %d", e.Span.Start)
		}
		out = append(out, text[at:e.Span.Start]...)
		out = append(out, e.NewText...)
		at = e.Span.End
	}
	return append(out, text[at:]...), nil
}

// conflicts reports whether edit e overlaps one of the edits taken.
// Touching replacements do not conflict; an insertion conflicts with an
// edit that covers its offset or starts or ends at it (their order would
// be ambiguous).
func conflicts(taken []analysis.TextEdit, e analysis.TextEdit) bool {
	for _, t := range taken {
		a, b := t.Span, e.Span
		if a.Start < b.End && b.Start < a.End {
			return true
		}
		if (a.Len() == 0 || b.Len() == 0) && a.Start <= b.End && b.Start <= a.End {
			return true
		}
	}
	return false
}

// composition accumulates rounds of edits: each round's edits refer to the
// text the earlier rounds produced; the composition expresses them all as
// edits of the original text.
type composition struct {
	orig  []byte
	cur   []byte
	edits []analysis.TextEdit // of orig, sorted, not overlapping
}

func newComposition(text []byte) *composition {
	return &composition{orig: text, cur: text}
}

// add applies the edits of the current text (non-overlapping) and merges
// them into the composition.
func (c *composition) add(edits []analysis.TextEdit) error {
	next, err := Apply(c.cur, edits)
	if err != nil {
		return err
	}
	// Last first: an edit changes no position before it.
	sorted := sortEdits(edits)
	for i := len(sorted) - 1; i >= 0; i-- {
		c.addOne(sorted[i])
	}
	c.cur = next
	if got, _ := Apply(c.orig, c.edits); string(got) != string(next) {
		return fmt.Errorf("internal error: composed edits do not reproduce the text")
	}
	return nil
}

// addOne merges one edit of the text that c.edits currently produce (with
// the edits after it already merged).
func (c *composition) addOne(e analysis.TextEdit) {
	cur, _ := Apply(c.orig, c.edits)
	// Where each composed edit lies in cur.
	type placed struct{ start, end int }
	pos := make([]placed, len(c.edits))
	delta := 0
	for i, x := range c.edits {
		s := x.Span.Start + delta
		pos[i] = placed{s, s + len(x.NewText)}
		delta += len(x.NewText) - x.Span.Len()
	}
	// The composed edits that e overlaps or touches are merged with it.
	first, last := -1, -1
	for i, p := range pos {
		if p.start <= e.Span.End && e.Span.Start <= p.end {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	// toOrig maps an offset of cur outside every composed edit to orig.
	toOrig := func(off int) int {
		d := 0
		for i, x := range c.edits {
			if pos[i].end <= off {
				d += len(x.NewText) - x.Span.Len()
			}
		}
		return off - d
	}
	if first < 0 {
		o := analysis.TextEdit{Span: spanOf(toOrig(e.Span.Start), toOrig(e.Span.End)), NewText: e.NewText}
		i, _ := slices.BinarySearchFunc(c.edits, o, func(a, b analysis.TextEdit) int { return a.Span.Start - b.Span.Start })
		c.edits = slices.Insert(c.edits, i, o)
		return
	}
	a, b := min(e.Span.Start, pos[first].start), max(e.Span.End, pos[last].end)
	start := c.edits[first].Span.Start
	if a < pos[first].start {
		start = toOrig(a)
	}
	end := c.edits[last].Span.End
	if b > pos[last].end {
		end = c.edits[last].Span.End + (b - pos[last].end)
	}
	text := string(cur[a:e.Span.Start]) + e.NewText + string(cur[e.Span.End:b])
	merged := analysis.TextEdit{Span: spanOf(start, end), NewText: text}
	c.edits = slices.Replace(c.edits, first, last+1, merged)
}
