package analysis

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// itemTypesCheck reports var-list items whose subscripts and members do
// not fit the variable's C type, as C would reject the same expression: a
// sub-array of a scalar (`copyin(k[0:n])` with int k), `.` on a pointer to
// a struct (`p.x`: write p->x) or `->` on a struct, a member the struct
// does not have, a function named as data. A compiler that ignores the
// directives never sees them, and the device build fails on them.
var itemTypesCheck = &Check{
	Name:  "item-types",
	Rules: []string{"clause-item-type"},
	Model: checkItemTypes,
}

func checkItemTypes(p *Pass, m *Model) {
	if m.C == nil || m.Acc == nil {
		return
	}
	for _, d := range m.Acc.Directives {
		fn, ok := clauseScope(m, d)
		if !ok {
			continue
		}
		clauseArgs(d, func(it *acc.Arg, isVar bool) {
			if !isVar || it.Var == nil {
				return
			}
			if v := m.lookup(fn, d.Span.Start, it.Var.Name); v != nil {
				checkItemPath(p, m, it, v)
			} else if fd := m.C.Decls[it.Var.Name]; fd != nil && m.C.ScopeNames[it.Var.Name] {
				p.Report(Diagnostic{Span: it.Var.NameSpan, Rule: "clause-item-type",
					Message: quote(it.Var.Name) + " is a function, not data: a clause names variables, arrays and their parts"})
			}
		})
	}
}

// checkItemPath follows the item's subscripts and members through v's type
// and reports the first that does not fit.
func checkItemPath(p *Pass, m *Model, it *acc.Arg, v *cfacts.Var) {
	t := v.Type
	path := v.Name
	subscripts := func(subs []acc.Subscript) bool {
		for _, s := range subs {
			if t == nil {
				return false
			}
			if t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
				p.Report(Diagnostic{Span: s.Span, Rule: "clause-item-type",
					Message: fmt.Sprintf("%s has type '%s', which has no elements: a subscript or sub-array needs an array or a pointer", quote(path), t.Name)})
				return false
			}
			t = t.Elem
			if s.Span.End <= len(m.Text) && s.Span.Start >= 0 {
				path += string(m.Text[s.Span.Start:s.Span.End])
			}
		}
		return true
	}
	for _, mb := range it.Var.Members {
		if !subscripts(mb.Subscripts) || t == nil {
			return
		}
		op, other := ".", "->"
		if mb.Arrow {
			op, other = "->", "."
		}
		isRecord := func(x *cfacts.Type) bool {
			return x != nil && (x.Kind == cfacts.TypeStruct || x.Kind == cfacts.TypeUnion)
		}
		switch {
		case mb.Arrow && t.Kind == cfacts.TypePointer && isRecord(t.Elem):
			t = t.Elem
		case !mb.Arrow && isRecord(t):
		case mb.Arrow && isRecord(t) || !mb.Arrow && t.Kind == cfacts.TypePointer && isRecord(t.Elem):
			what := "a struct, not a pointer"
			if !mb.Arrow {
				what = "a pointer to a struct"
			}
			// the operator alone when the text has it where the member starts
			edit := TextEdit{Span: acc.Span{Start: mb.Span.Start, End: mb.Span.Start + len(op)}, NewText: other}
			if edit.Span.End > len(m.Text) || string(m.Text[edit.Span.Start:edit.Span.End]) != op {
				edit = TextEdit{Span: mb.Span, NewText: other + mb.Name}
			}
			p.Report(Diagnostic{Span: mb.Span, Rule: "clause-item-type",
				Message: fmt.Sprintf("%s is %s: write %s%s%s", quote(path), what, path, other, mb.Name),
				Fixes:   []SuggestedFix{{Title: "Change '" + op + "' to '" + other + "'", Preferred: true, Edits: []TextEdit{edit}}}})
			return
		default:
			p.Report(Diagnostic{Span: mb.Span, Rule: "clause-item-type",
				Message: fmt.Sprintf("%s has type '%s', which has no members ('%s%s')", quote(path), t.Name, op, mb.Name)})
			return
		}
		var field *cfacts.Field
		for _, f := range t.Fields {
			if f.Name == mb.Name {
				field = f
			}
		}
		if field == nil {
			if len(t.Fields) == 0 {
				return // an incomplete type: its members are not known here
			}
			var names []string
			for _, f := range t.Fields {
				names = append(names, f.Name)
			}
			d := Diagnostic{Span: mb.Span, Rule: "clause-item-type",
				Message: fmt.Sprintf("'%s' has no member %s", t.Name, quote(mb.Name))}
			if near := nearestVariable(mb.Name, names); near != "" {
				d.Message += "; did you mean " + quote(near) + "?"
			}
			p.Report(d)
			return
		}
		t = field.Type
		path += op + mb.Name
	}
	subscripts(it.Var.Subscripts)
}
