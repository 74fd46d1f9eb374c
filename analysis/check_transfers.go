package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// transfersCheck reports data that compute constructs inside a host loop
// copy to the device and back on every iteration, when a data region around
// the loop would move it once (openacc-rules.md §9; DESIGN.md §5: hoist
// copies out of loops that do not modify the object).
var transfersCheck = &Check{
	Name:  "transfers",
	Rules: []string{"transfers-in-host-loop"},
	Model: checkTransfers,
}

// transfer is what the compute constructs of one loop move for one variable.
type transfer struct {
	v        *cfacts.Var
	in, out  bool
	bounds   string
	mismatch bool // the constructs name different sub-arrays
	by       []*Region
}

func checkTransfers(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		computes := funcComputes(fm)
		if len(computes) == 0 {
			continue
		}
		infos := map[*Region]*computeInfo{}
		for _, c := range computes {
			infos[c] = newComputeInfo(m, c)
		}
		done := map[*Region]map[*cfacts.Var]bool{}
		walkStmts(fm.Func.Body, func(s *cfacts.Stmt) {
			if s.Body == nil || (s.Kind != cfacts.StmtFor && s.Kind != cfacts.StmtWhile && s.Kind != cfacts.StmtDo) {
				return
			}
			var inner []*Region
			for _, c := range computes {
				if c.Stmt != nil && inSpan(c.Stmt.Span, s.Span) {
					return // a loop inside a compute construct
				}
				if inSpan(s.Body.Span, c.Directive.Span) {
					inner = append(inner, c)
				}
			}
			if len(inner) > 0 {
				checkHostLoop(p, m, fm, s, inner, infos, done)
			}
		})
	}
}

func checkHostLoop(p *Pass, m *Model, fm *FuncModel, loop *cfacts.Stmt, inner []*Region, infos map[*Region]*computeInfo, done map[*Region]map[*cfacts.Var]bool) {
	var order []*transfer
	byVar := map[*cfacts.Var]*transfer{}
	skip := map[*cfacts.Var]bool{}
	for _, c := range inner {
		ci := infos[c]
		if ci == nil || len(c.Directive.Errors) > 0 {
			continue
		}
		for _, u := range ci.uses {
			v, a := u.v, u.attr
			if skip[v] || done[c][v] || v.Type == nil {
				continue
			}
			if v.Type.Kind != cfacts.TypeArray && v.Type.Kind != cfacts.TypePointer {
				continue // scalars and small structs: not worth a data region
			}
			var in, out bool
			bounds := ""
			switch {
			case a.From == c && a.Clause != nil:
				switch canonical(a.Clause) {
				case "copy":
					in, out = true, true
				case "copyin":
					in = true
				case "copyout":
					out = true
				}
				if a.Item != nil {
					bounds = a.Item.Text
					if v.Type.Kind == cfacts.TypePointer && len(a.Item.Var.Subscripts) == 0 {
						skip[v] = true // the pointer alone; reported elsewhere
						continue
					}
				}
			case a.Implicit && a.Attr == AttrCopy && v.Type.Kind == cfacts.TypeArray:
				in, out = true, true
				bounds, _ = wholeBounds(v)
				if bounds == "" {
					bounds = v.Name
				}
			case a.From != nil && a.From != c && inSpan(loop.Span, a.From.Directive.Span):
				skip[v] = true // a data region inside the loop: moved per iteration there
				continue
			default:
				continue
			}
			if !in && !out {
				continue
			}
			t := byVar[v]
			if t == nil {
				t = &transfer{v: v, bounds: bounds}
				byVar[v] = t
				order = append(order, t)
			} else if t.bounds != bounds {
				t.mismatch = true
			}
			t.in, t.out = t.in || in, t.out || out
			t.by = append(t.by, c)
		}
	}
	// Names the loop changes: its own variables and whatever it writes; a
	// sub-array that mentions one moves different data on each iteration.
	changing := map[string]bool{}
	for _, ref := range CollectRefs(loop) {
		if ref.Access&AccWrite != 0 || inSpan(loop.Span, ref.Var.NameSpan) {
			changing[ref.Var.Name] = true
		}
	}
	// Keep the variables the host part of the loop leaves alone.
	var keep []*transfer
	for _, t := range order {
		if skip[t.v] || inSpan(loop.Span, t.v.NameSpan) || mentionsAny(t.bounds, changing) ||
			hostTouches(m, fm, loop, inner, t.v) || mappedByDynamicData(m, fm, t.v, loop.Span.End) {
			continue
		}
		keep = append(keep, t)
	}
	both := false
	for _, t := range keep {
		both = both || (t.in && t.out)
	}
	if !both {
		return
	}
	var names, copies, ins, outs []string
	fixable := true
	var related []Related
	seen := map[*Region]bool{}
	for _, t := range keep {
		names = append(names, quote(t.v.Name))
		if t.mismatch {
			fixable = false
		}
		switch {
		case t.in && t.out:
			copies = append(copies, t.bounds)
		case t.in:
			ins = append(ins, t.bounds)
		default:
			outs = append(outs, t.bounds)
		}
		for _, c := range t.by {
			if done[c] == nil {
				done[c] = map[*cfacts.Var]bool{}
			}
			done[c][t.v] = true
			if !seen[c] {
				seen[c] = true
				related = append(related, Related{Span: c.Directive.NameSpan, Message: "this " + quote(c.Directive.Spec.Name) + " moves the data on every iteration"})
			}
		}
	}
	var clauses []string
	for _, x := range []struct {
		name  string
		items []string
	}{{"copy", copies}, {"copyin", ins}, {"copyout", outs}} {
		if len(x.items) > 0 {
			clauses = append(clauses, x.name+"("+strings.Join(x.items, ", ")+")")
		}
	}
	directive := "#pragma acc data " + strings.Join(clauses, " ")
	kw := loopKeyword(loop)
	what, pronoun := "is", "it"
	if len(names) > 1 {
		what, pronoun = "are", "them"
	}
	d := Diagnostic{
		Span: kw, Rule: "transfers-in-host-loop",
		Message: fmt.Sprintf("%s %s copied between host and device on every iteration of this loop; a data region around the loop moves %s once: %s",
			strings.Join(names, ", "), what, pronoun, directive),
		Related: related,
	}
	ls := lineStartAt(m.Text, loop.Span.Start)
	if fixable && strings.TrimSpace(string(m.Text[ls:loop.Span.Start])) == "" {
		d.Fixes = []SuggestedFix{{
			Title: "Add '" + directive + "' around the loop",
			Edits: []TextEdit{{Span: acc.Span{Start: ls, End: ls}, NewText: indentAt(m.Text, loop.Span.Start) + directive + "\n"}},
		}}
	}
	p.Report(d)
}

// hostTouches reports whether the loop's code outside the compute
// constructs refers to v (host reads or writes between the constructs), or
// an update, enter data or exit data directive in the loop names it.
func hostTouches(m *Model, fm *FuncModel, loop *cfacts.Stmt, computes []*Region, v *cfacts.Var) bool {
	for _, ref := range CollectRefs(loop) {
		if ref.Var != v {
			continue
		}
		in := false
		for _, c := range computes {
			if c.Stmt != nil && inSpan(c.Stmt.Span, ref.Span) {
				in = true
				break
			}
		}
		if !in {
			return true
		}
	}
	for _, d := range fm.Directives {
		if d.Spec == nil || !inSpan(loop.Span, d.Span) {
			continue
		}
		switch d.Spec.Name {
		case "update", "enter data", "exit data", "data", "host_data":
			for _, c := range d.Clauses {
				for _, it := range argItems(c) {
					if it.Var != nil && it.Var.Name == v.Name {
						return true
					}
				}
			}
		}
	}
	global := v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageStatic || v.Storage == cfacts.StorageExtern
	if global {
		for _, call := range stCalls(loop) {
			in := false
			for _, c := range computes {
				if c.Stmt != nil && inSpan(c.Stmt.Span, call.Span) {
					in = true
					break
				}
			}
			if !in {
				return true // the callee may use the global on the host
			}
		}
	}
	return false
}

// loopKeyword is the span of a loop's keyword.
func loopKeyword(s *cfacts.Stmt) acc.Span {
	n := 3
	switch s.Kind {
	case cfacts.StmtWhile:
		n = 5
	case cfacts.StmtDo:
		n = 2
	}
	if s.Span.Len() < n {
		return s.Span
	}
	return acc.Span{Start: s.Span.Start, End: s.Span.Start + n}
}

// mentionsAny reports whether the subscripts of a sub-array text such as
// "a[b*bs:bs]" name one of names.
func mentionsAny(item string, names map[string]bool) bool {
	i := strings.IndexByte(item, '[')
	if i < 0 {
		return false
	}
	rest := item[i:]
	for j := 0; j < len(rest); {
		c := rest[j]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			k := j
			for k < len(rest) && (rest[k] == '_' || 'a' <= rest[k] && rest[k] <= 'z' || 'A' <= rest[k] && rest[k] <= 'Z' || '0' <= rest[k] && rest[k] <= '9') {
				k++
			}
			if names[rest[j:k]] {
				return true
			}
			j = k
			continue
		}
		if '0' <= c && c <= '9' { // skip numbers with suffixes (10u, 0x1f)
			for j < len(rest) && (rest[j] == '_' || 'a' <= rest[j] && rest[j] <= 'z' || 'A' <= rest[j] && rest[j] <= 'Z' || '0' <= rest[j] && rest[j] <= '9') {
				j++
			}
			continue
		}
		j++
	}
	return false
}
