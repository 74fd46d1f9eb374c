package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Sub-arrays of multi-dimensional arrays whose inner subscripts do not all
// cover whole dimensions. Two kinds are translated here:
//
//   - contiguous ones that start inside a row: indexes first, then one
//     dimension with several elements, then whole dimensions (C[2][1:3],
//     D[1][0:2][:]): a plain item for any clause;
//   - rectangles that are not contiguous (u[0:n][m-1:1], a halo column), in
//     update directives only: OpenACC 3.3 §2.14.4 lets an update name them,
//     while data clauses need contiguous data (§2.7.1; the analysis reports
//     them). One rectangular copy moves up to two levels of pieces
//     (accrt_update_rect_*).

// Rect is an update's non-contiguous sub-array: Slices × Rows pieces of
// Width bytes from the item's Start, RowPitch and SlicePitch bytes apart
// (host C expressions; "1" and "0" for a level that is not there).
type Rect struct {
	Width, Rows, RowPitch, Slices, SlicePitch string
}

// dimSel is what one subscript selects of its dimension.
type dimSel struct {
	lo, n   string // first element and count, host C text
	section bool   // a lo:n section (else one element, an index)
	partial bool   // not (as far as the compiler knows) the whole dimension
	elem    string // one element of this dimension, host C text: a[0][0] for the second of a
}

// sectionItem fills di for a sub-array with inner subscripts that are not
// whole dimensions; handled is false when every inner subscript covers its
// dimension (the caller's plain first-dimension sub-array). update: the
// item is an update's, which may be non-contiguous.
func sectionItem(di *DataItem, it *acc.Arg, t *cfacts.Type, update bool) (handled bool, err error) {
	name := di.Var.Name
	subs := it.Var.Subscripts
	sels := make([]dimSel, len(subs))
	dt := t
	last := -1 // the innermost partial dimension after the first
	for k, s := range subs {
		if dt == nil || dt.Kind != cfacts.TypeArray && (k > 0 || dt.Kind != cfacts.TypePointer) {
			return true, fmt.Errorf("'%s' has more subscripts than dimensions", it.Text)
		}
		prefix := name + strings.Repeat("[0]", k)
		lo, n, ok := subscriptBounds(s, arrayLength(dt, prefix))
		if !ok {
			return true, fmt.Errorf("'%s' is a pointer: its sub-array needs a length (%s[lo:length])", name, name)
		}
		sels[k] = dimSel{lo: lo, n: n, section: s.Section, partial: k > 0 && !wholeDimension(s, dt, update), elem: prefix + "[0]"}
		if sels[k].partial {
			last = k
		}
		dt = dt.Elem
	}
	if last < 0 {
		return false, nil
	}
	var levels []int // dimensions before last with several elements, outermost first
	for k := 0; k < last; k++ {
		if sels[k].section {
			levels = append(levels, k)
		}
	}
	var idx strings.Builder
	for _, s := range sels[:last+1] {
		fmt.Fprintf(&idx, "[%s]", strings.TrimSpace(s.lo))
	}
	di.Start = "&" + name + idx.String()
	di.Lo = fmt.Sprintf("(size_t)((const char *)(%s) - (const char *)(%s))", di.Start, name)
	width := fmt.Sprintf("(size_t)(%s) * sizeof(%s)", sels[last].n, sels[last].elem)
	switch {
	case len(levels) == 0: // contiguous: one piece
		di.Bytes = width
		return true, nil
	case !update:
		return true, fmt.Errorf("'%s' is not contiguous: after a dimension that selects several elements, every dimension must be whole (OpenACC 3.3 §2.7.1); an update may move such a part of each row", it.Text)
	case len(levels) > 2:
		return true, fmt.Errorf("'%s': an update of a sub-array that is not contiguous in more than three dimensions is not supported by the compiler (name the whole of one of them)", it.Text)
	}
	r := &Rect{Width: width, Rows: "1", RowPitch: "0", Slices: "1", SlicePitch: "0"}
	rows := levels[len(levels)-1]
	r.Rows, r.RowPitch = sizeArg(sels[rows].n), "sizeof("+sels[rows].elem+")"
	if len(levels) == 2 {
		r.Slices, r.SlicePitch = sizeArg(sels[levels[0]].n), "sizeof("+sels[levels[0]].elem+")"
	}
	di.Rect = r
	di.Bytes = width
	return true, nil
}

// wholeDimension reports whether subscript s covers all of its dimension
// (array type dt). For data clauses it is what the analysis accepts
// (analysis.PartialDimension: bounds that are not constants may cover the
// dimension, a[0:n][0:m] of a variable-length a[][m]), except that a lower
// bound must be 0, since the item then starts at its row. An update needs
// to know, and leaves the doubt to the run time: a rectangle whose pieces
// touch is one plain copy.
func wholeDimension(s acc.Subscript, dt *cfacts.Type, update bool) bool {
	if analysis.PartialDimension(s, dt.Len) {
		return false
	}
	if s.Lower != nil && strings.TrimSpace(s.Lower.Text) != "" {
		if v, ok := s.Lower.Int(); !ok || v != 0 {
			return false
		}
	}
	if !update {
		return true
	}
	if !s.Section {
		return dt.Len == 1
	}
	if s.Length == nil || strings.TrimSpace(s.Length.Text) == "" {
		return true
	}
	v, ok := s.Length.Int()
	return ok && v == dt.Len
}
