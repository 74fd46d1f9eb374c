package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// subarrayBoundsCheck checks sub-arrays in var-lists against the declared
// types (OpenACC 3.3 §2.7.1; openacc-rules.md §4): a section of a pointer
// needs an explicit length, and constant bounds must lie inside an array of
// known length. (Negative constants are reported by the argument check.)
var subarrayBoundsCheck = &Check{
	Name:  "subarray-bounds",
	Rules: []string{"subarray-invalid"},
	Model: checkSubarrayBounds,
}

func checkSubarrayBounds(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		check := func(d *acc.Directive, items []*acc.Arg) {
			for _, it := range items {
				if it.Var == nil || len(it.Var.Members) == 0 && len(it.Var.Subscripts) == 0 {
					continue
				}
				if d.Spec.Name == "declare" { // OpenACC 3.3 §2.13: whole variables only
					p.Report(Diagnostic{
						Span: it.Span, Rule: "subarray-invalid",
						Message: fmt.Sprintf("'declare' takes whole variables and arrays, not sub-arrays, elements or members (%s): its data lives as long as the variable; map a part with a data construct or enter data",
							quote(it.Text)),
					})
					continue
				}
				if len(it.Var.Members) > 0 {
					continue
				}
				v := m.C.Lookup(fm.Func, d.Span.Start, it.Var.Name)
				if v == nil || v.Type == nil {
					continue
				}
				// a cache window may be any rectangle (§2.10), and so
				// may what an update moves (§2.14.4: "noncontiguous
				// subarrays may be specified"): only data clauses must
				// be contiguous (§2.7.1)
				checkSubscripts(p, it, v, d.Spec.Name != "cache" && d.Spec.Name != "update")
			}
		}
		for _, d := range fm.Directives {
			if d.Spec == nil || len(d.Errors) > 0 {
				continue
			}
			if d.Paren != nil && d.Spec.Paren == acc.ArgVarList {
				check(d, d.Paren.Items)
			}
			for _, c := range d.Clauses {
				if c.Spec == nil || c.Args == nil {
					continue
				}
				switch c.Spec.ArgFor(d.Spec.Name) {
				case acc.ArgVarList, acc.ArgReduction:
					check(d, c.Args.Items)
				}
			}
		}
	}
}

func checkSubscripts(p *Pass, it *acc.Arg, v *cfacts.Var, contiguous bool) {
	if extentsAsIndexes(p, it, v) {
		return
	}
	t := v.Type
	for _, s := range it.Var.Subscripts {
		if t == nil {
			return
		}
		switch t.Kind {
		case cfacts.TypePointer:
			if s.Section && s.Length == nil {
				p.Report(Diagnostic{
					Span: s.Span, Rule: "subarray-invalid",
					Message: fmt.Sprintf("sub-array of pointer %s needs an explicit length: the extent of the data a pointer points to is unknown (write %s[lower:length])",
						quote(v.Name), v.Name),
				})
				return
			}
		case cfacts.TypeArray:
			if t.Len >= 0 && checkSection(p, s, v, t.Len) {
				return
			}
		default:
			return
		}
		t = t.Elem
	}
	if contiguous {
		checkContiguous(p, it, v)
	}
}

// extentsAsIndexes reports an item of indexes only, one of which is its
// dimension's extent (present(occupancy[n][n]) of `int occupancy[n][n]`,
// copy(a[N]) of `float a[N]`): the element after the last, where the
// program meant the whole array; the fix makes each index a sub-array from
// 0 of that length. It reports whether it found one.
func extentsAsIndexes(p *Pass, it *acc.Arg, v *cfacts.Var) bool {
	subs := it.Var.Subscripts
	if len(subs) == 0 || len(it.Var.Members) > 0 {
		return false
	}
	t, hit := v.Type, -1
	for k, s := range subs {
		if s.Section || s.Lower == nil || t == nil || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
			return false
		}
		if t.Kind == cfacts.TypeArray && hit < 0 {
			idx, isInt := s.Lower.Int()
			switch {
			case t.Len >= 0 && isInt && idx == t.Len:
				hit = k
			case t.LenExpr != nil && inSpan(v.Span, t.LenExpr.Span) && v.Span.End <= len(p.Text) &&
				sameText(s.Lower.Text, string(p.Text[t.LenExpr.Span.Start:t.LenExpr.Span.End])):
				// (the length as v's declaration writes it, in this file)
				hit = k
			}
		}
		t = t.Elem
	}
	if hit < 0 {
		return false
	}
	whole := it.Var.Name
	for _, s := range subs {
		whole += "[0:" + s.Lower.Text + "]"
	}
	p.Report(Diagnostic{
		Span: subs[hit].Span, Rule: "subarray-invalid",
		Message: fmt.Sprintf("%s names one element, after the last of %s (index %s of a dimension of %s elements); to map the whole array write %s",
			quote(it.Text), quote(v.Name), subs[hit].Lower.Text, subs[hit].Lower.Text, whole),
		Fixes: []SuggestedFix{{Title: "Map " + whole, Edits: []TextEdit{{Span: it.Span, NewText: whole}}, Preferred: true}},
	})
	return true
}

// sameText reports whether two expressions are written alike, blanks aside.
func sameText(a, b string) bool {
	return strings.Join(strings.Fields(a), "") == strings.Join(strings.Fields(b), "")
}

// checkSection checks one subscript against an array dimension of length n
// and reports whether it found a problem.
func checkSection(p *Pass, s acc.Subscript, v *cfacts.Var, n int64) bool {
	lo, loOK := int64(0), true
	if s.Lower != nil {
		lo, loOK = s.Lower.Int()
	}
	length, lenOK := int64(1), !s.Section
	if s.Section && s.Length != nil {
		length, lenOK = s.Length.Int()
	}
	if (loOK && lo < 0) || (lenOK && length < 0) {
		return false // negative: the argument check reports it
	}
	report := func(format string, args ...any) bool {
		p.Report(Diagnostic{Span: s.Span, Rule: "subarray-invalid", Message: fmt.Sprintf(format, args...)})
		return true
	}
	switch {
	case loOK && lo >= n && (s.Section || s.Lower != nil):
		if !s.Section {
			return report("index %d is out of range of %s, which has %d elements", lo, quote(v.Name), n)
		}
		return report("sub-array lower bound %d is out of range of %s, which has %d elements", lo, quote(v.Name), n)
	case lenOK && s.Section && length > n:
		return report("sub-array length %d exceeds the %d elements of %s", length, n, quote(v.Name))
	case loOK && lenOK && s.Section && lo+length > n:
		return report("sub-array [%d:%d] would be out of the range of %s, which has %d elements", lo, length, quote(v.Name), n)
	}
	return false
}

// checkContiguous reports a multi-dimensional sub-array of an array that is
// not contiguous (OpenACC 3.3 §2.7.1): once a dimension selects more than
// one element, every later one must be whole (a[0:n][0:4] of float a[][8]
// is not). Pointers to pointers are the exception: their rows are separate
// (a[0:n][2:4] of float **a maps part of each row).
func checkContiguous(p *Pass, it *acc.Arg, v *cfacts.Var) {
	t := v.Type
	several := false // an earlier dimension selects more than one element
	for k, s := range it.Var.Subscripts {
		if t == nil || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
			return
		}
		if t.Kind == cfacts.TypePointer && k > 0 {
			return // rows of a pointer to pointers
		}
		if several && t.Kind == cfacts.TypeArray && PartialDimension(s, t.Len) {
			p.Report(Diagnostic{
				Span: s.Span, Rule: "subarray-invalid",
				Message: fmt.Sprintf("sub-array %s is not contiguous: after a dimension that selects several elements, every dimension must be whole (all %s of this one, or omit the bounds); only a pointer to pointers may map a part of each row",
					quote(it.Text), elements(t.Len)),
			})
			return
		}
		// (a length that is not a constant counts as several: one row is
		// written a[i][0:4])
		if s.Section {
			n, ok := int64(-1), false
			switch {
			case s.Length != nil:
				n, ok = s.Length.Int()
			case t.Kind == cfacts.TypeArray && t.Len >= 0:
				n, ok = t.Len, true
				if lo, isInt := s.Lower.Int(); s.Lower != nil && isInt {
					n -= lo
				}
			}
			several = several || !ok || n != 1
		}
		t = t.Elem
	}
}

// PartialDimension reports whether s provably leaves out elements of a
// dimension of n elements (n < 0: unknown): a constant lower bound other
// than 0, a constant length other than n, one index of several. Bounds that
// are not constants may cover the dimension: not reported. The compiler
// uses it for the sub-arrays of data clauses (compiler/sections.go).
func PartialDimension(s acc.Subscript, n int64) bool {
	if !s.Section {
		return n > 1
	}
	if s.Lower != nil {
		if lo, ok := s.Lower.Int(); ok && lo != 0 {
			return true
		}
	}
	if s.Length != nil && n >= 0 {
		if l, ok := s.Length.Int(); ok && l != n {
			return true
		}
	}
	return false
}

func elements(n int64) string {
	if n < 0 {
		return "its elements"
	}
	if n == 1 {
		return "1 element"
	}
	return fmt.Sprintf("%d elements", n)
}
