package analysis

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// Data copied out of which the device writes only part. copyout gives
// the data a new, uninitialized device copy and copies all of it back at
// the region's end: the elements no device code writes overwrite the
// host's with undefined values. The common form is a stencil's result
// written for its interior (for i from 1 to n - 2) and copied out whole,
// which loses the host's boundary values; copy keeps them. Part of the
// data-clauses check (check_data.go): the construct's writes' index boxes
// (index_boxes.go) against the box of the clause's section.

// reportPartialCopyout reports copyout item it of v when a face of its
// section (a first or last element, a row) lies outside every write of
// du, whose compute constructs are the region's.
func reportPartialCopyout(p *Pass, m *Model, fm *FuncModel, d *acc.Directive, c *acc.Clause, it *acc.Arg, v *cfacts.Var, du *dataUse, construct string) {
	if du.aliasWrite || len(du.computes) == 0 {
		return
	}
	var writes []box
	var first *Ref
	for _, r := range du.computes {
		env := &linEnv{defs: scalarDefs(r.Stmt)}
		for _, ref := range du.refs {
			if !inSpan(r.Stmt.Span, ref.Span) || ref.Elem&AccWrite == 0 {
				continue
			}
			if !ref.Deref && ref.Access&AccWrite != 0 {
				return // the whole array assigned (a struct's)
			}
			b, ok := env.accessBox(ref)
			if !ok {
				return // a write of another form: it may write anything
			}
			writes = append(writes, b)
			if first == nil {
				first = ref
			}
		}
	}
	if len(writes) == 0 {
		return
	}
	sect, ok := sectionBox(m, fm.Func, it, v)
	if !ok {
		return
	}
	dim, hi, ok := outsideFace(sect, writes)
	if !ok {
		return
	}
	face, wb := sect.lo[dim], writes[0].lo[dim]
	bound := "start at"
	if hi {
		face, wb, bound = sect.hi[dim], writes[0].hi[dim], "end at"
	}
	read, overwritten := hostReadOfFace(m, fm, m.ByDirective[d], v, dim, face)
	related := []Related{{Span: first.Site(), Message: writtenHere(v.Name, first)}}
	switch {
	case read != nil:
		related = append(related, Related{Span: read.Site(), Message: "the host reads it here"})
	case !overwritten && v.Storage == cfacts.StorageParam && v.Type != nil && v.Type.Kind == cfacts.TypePointer && !usedAfter(m, fm, m.ByDirective[d], v):
		// the data is the caller's, the function hands all of it back
		// (a Sobel filter's dst, whose border the caller had zeroed)
		related = append(related, Related{Span: v.NameSpan, Message: "the caller's data: the function returns it with those values"})
	default:
		return // the host never looks at those elements
	}
	p.Report(Diagnostic{
		Span: it.Var.NameSpan, Rule: "copyout-partly-written",
		Message: fmt.Sprintf("%s is copied out, but this %s writes only part of it: %s, which no compute construct writes (the writes %s %s), goes back to the host with the uninitialized device copy's value; use copy to keep the host's values there",
			quote(v.Name), construct, faceWords(sect, v.Name, dim, face), bound, faceWords(writes[0], v.Name, dim, wb)),
		Related: related,
		Fixes:   []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copy"))},
	})
}

// usedAfter reports whether the function refers to v after region r.
func usedAfter(m *Model, fm *FuncModel, r *Region, v *cfacts.Var) bool {
	used := false
	refsAfter(m, fm, r, v, func(*Ref) bool {
		used = true
		return false
	})
	return used
}

// hostReadOfFace finds the host's first reference after region r that
// may read v's elements whose coordinate dim is face: an unconditional
// element read whose box reaches it, or a use that may read anything (a
// call, an address). nil when the host never reads there in the function;
// overwritten is set when the host writes there first.
func hostReadOfFace(m *Model, fm *FuncModel, r *Region, v *cfacts.Var, dim int, face lin) (found *Ref, overwritten bool) {
	if r == nil {
		return nil, false
	}
	refsAfter(m, fm, r, v, func(ref *Ref) bool {
		if ref.Call || ref.Addr || ref.Escape {
			found = ref
			return false
		}
		if ref.Elem == 0 || underCondition(fm.Func.Body, ref.Span) {
			return true // (a use under a condition may skip those elements)
		}
		b, ok := (&linEnv{}).accessBox(ref)
		reaches := !ok || len(b.lo) <= dim || b.stride != nil || !face.less(b.lo[dim]) && !b.hi[dim].less(face)
		switch {
		case !reaches:
			return true
		case ref.Elem&AccRead != 0:
			found = ref
			return false
		}
		overwritten = true // the host writes there first (b[0] = 0)
		return false
	})
	return found, overwritten
}

// sectionBox is the box of the elements clause item it names: its
// sub-array's bounds, or a whole array's dimensions.
func sectionBox(m *Model, fn *cfacts.Func, it *acc.Arg, v *cfacts.Var) (box, bool) {
	var b box
	t := v.Type
	if it.Var == nil || len(it.Var.Members) > 0 || t == nil {
		return box{}, false
	}
	subs := it.Var.Subscripts
	if len(subs) == 0 && v.ArrayParamLen > 0 && t.Kind == cfacts.TypePointer {
		// a parameter declared as an array: the rows its declaration
		// gives (compiler/lower.go), then its element's dimensions
		b.lo, b.hi = append(b.lo, linConst(0)), append(b.hi, linConst(v.ArrayParamLen-1))
		t = t.Elem
	}
	if len(subs) == 0 {
		for ; t != nil && t.Kind == cfacts.TypeArray; t = t.Elem {
			if t.Len <= 0 {
				return box{}, false
			}
			b.lo, b.hi = append(b.lo, linConst(0)), append(b.hi, linConst(t.Len-1))
		}
		return b, len(b.lo) > 0
	}
	parse := func(e *acc.Expr) (lin, bool) {
		return clauseLin(m, fn, e)
	}
	for _, s := range subs {
		if t == nil || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
			return box{}, false
		}
		lo := linConst(0)
		if s.Lower != nil {
			x, ok := parse(s.Lower)
			if !ok {
				return box{}, false
			}
			lo = x
		}
		var hi lin
		switch {
		case !s.Section:
			hi = lo
		case s.Length != nil:
			n, ok := parse(s.Length)
			if !ok {
				return box{}, false
			}
			hi = lo.plus(n, 1).plus(linConst(1), -1)
		case t.Kind == cfacts.TypeArray && t.Len > 0:
			hi = linConst(t.Len - 1)
		default:
			return box{}, false
		}
		b.lo, b.hi = append(b.lo, lo), append(b.hi, hi)
		t = t.Elem
	}
	return b, true
}

// clauseLin reads a directive's expression (its text) as a lin: integers,
// the document's constants, integer variables as they resolve at the
// expression, + - * and parentheses.
func clauseLin(m *Model, fn *cfacts.Func, e *acc.Expr) (lin, bool) {
	lp := &linParser{s: e.Text, resolve: func(name string) (lin, bool) {
		if k, ok := e.Consts[name]; ok {
			return linConst(k), true
		}
		if k, ok := m.Consts()[name]; ok {
			return linConst(k), true
		}
		v := m.C.Lookup(fn, e.Span.Start, name)
		if v == nil || v.Type == nil || v.Type.Kind != cfacts.TypeInt {
			return lin{}, false
		}
		return linVar(v), true
	}}
	x, ok := lp.sum()
	lp.space()
	return x, ok && lp.pos == len(lp.s)
}

// linParser parses an affine expression's text.
type linParser struct {
	s       string
	pos     int
	resolve func(name string) (lin, bool)
}

func (lp *linParser) space() {
	for lp.pos < len(lp.s) && (lp.s[lp.pos] == ' ' || lp.s[lp.pos] == '\t') {
		lp.pos++
	}
}

func (lp *linParser) sum() (lin, bool) {
	x, ok := lp.product()
	for ok {
		lp.space()
		if lp.pos >= len(lp.s) || lp.s[lp.pos] != '+' && lp.s[lp.pos] != '-' {
			break
		}
		sign := int64(1)
		if lp.s[lp.pos] == '-' {
			sign = -1
		}
		lp.pos++
		var y lin
		y, ok = lp.product()
		x = x.plus(y, sign)
	}
	return x, ok
}

func (lp *linParser) product() (lin, bool) {
	x, ok := lp.factor()
	for ok {
		lp.space()
		if lp.pos >= len(lp.s) || lp.s[lp.pos] != '*' {
			break
		}
		lp.pos++
		var y lin
		if y, ok = lp.factor(); !ok {
			break
		}
		if k, c := x.constant(); c {
			x = y.times(k)
		} else if k, c := y.constant(); c {
			x = x.times(k)
		} else {
			ok = false
		}
	}
	return x, ok
}

func (lp *linParser) factor() (lin, bool) {
	lp.space()
	if lp.pos >= len(lp.s) {
		return lin{}, false
	}
	switch ch := lp.s[lp.pos]; {
	case ch == '(':
		lp.pos++
		x, ok := lp.sum()
		lp.space()
		if !ok || lp.pos >= len(lp.s) || lp.s[lp.pos] != ')' {
			return lin{}, false
		}
		lp.pos++
		return x, true
	case ch == '-':
		lp.pos++
		x, ok := lp.factor()
		return x.times(-1), ok
	case ch >= '0' && ch <= '9':
		start := lp.pos
		for lp.pos < len(lp.s) && lp.s[lp.pos] >= '0' && lp.s[lp.pos] <= '9' {
			lp.pos++
		}
		k, err := strconv.ParseInt(lp.s[start:lp.pos], 10, 64)
		return linConst(k), err == nil
	case ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
		start := lp.pos
		for lp.pos < len(lp.s) && (lp.s[lp.pos] == '_' || lp.s[lp.pos] >= 'a' && lp.s[lp.pos] <= 'z' || lp.s[lp.pos] >= 'A' && lp.s[lp.pos] <= 'Z' || lp.s[lp.pos] >= '0' && lp.s[lp.pos] <= '9') {
			lp.pos++
		}
		return lp.resolve(strings.TrimSpace(lp.s[start:lp.pos]))
	}
	return lin{}, false
}
