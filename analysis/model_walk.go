package analysis

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// stWalk calls f for s and every statement inside it in source order;
// when f returns false the statements inside that one are skipped.
func stWalk(s *cfacts.Stmt, f func(*cfacts.Stmt) bool) {
	if s == nil || !f(s) {
		return
	}
	for _, c := range subStmts(s) {
		stWalk(c, f)
	}
}

// stExprs returns the expressions that belong to s itself (not to the
// statements inside it): conditions, the for increment, expression
// statements, return values, case labels and initializers.
func stExprs(s *cfacts.Stmt) []*cfacts.Expr {
	var out []*cfacts.Expr
	add := func(e *cfacts.Expr) {
		if e != nil {
			out = append(out, e)
		}
	}
	add(s.Cond)
	add(s.Post)
	add(s.Expr)
	for _, v := range s.Decls {
		add(v.Init)
	}
	return out
}

// stWalkExpr calls f for e and every expression inside it, pre-order; when f
// returns false the operands of that one are skipped.
func stWalkExpr(e *cfacts.Expr, f func(*cfacts.Expr) bool) {
	if e == nil || !f(e) {
		return
	}
	stWalkExpr(e.X, f)
	stWalkExpr(e.Y, f)
	stWalkExpr(e.Z, f)
	for _, a := range e.Args {
		stWalkExpr(a, f)
	}
}

// stWalkExprs calls f for every expression in s and in the statements
// inside it.
func stWalkExprs(s *cfacts.Stmt, f func(*cfacts.Expr) bool) {
	stWalk(s, func(s *cfacts.Stmt) bool {
		for _, e := range stExprs(s) {
			stWalkExpr(e, f)
		}
		return true
	})
}

// stCalls returns the calls of named functions in s, in source order.
func stCalls(s *cfacts.Stmt) []*cfacts.Expr {
	var out []*cfacts.Expr
	stWalkExprs(s, func(e *cfacts.Expr) bool {
		if e.Kind == cfacts.ExprCall && e.Name != "" {
			out = append(out, e)
		}
		return true
	})
	return out
}

// calleeSpan is the span of the callee's name in a call, the call's own
// span when the callee is not written as a name.
func calleeSpan(call *cfacts.Expr) acc.Span {
	if call.X != nil && call.X.Kind == cfacts.ExprIdent {
		return call.X.Span
	}
	return call.Span
}

// spanWithin reports whether span inner lies inside span outer.
func spanWithin(inner, outer acc.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// stText returns the source text of e without blanks, for comparing
// lvalues written in different places (`a[i]` and `a[ i ]`).
func stText(text []byte, e *cfacts.Expr) string {
	if e == nil || e.Span.End > len(text) || !e.Span.IsValid() {
		return ""
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '\f', '\v', '\\':
			return -1
		}
		return r
	}, string(text[e.Span.Start:e.Span.End]))
}

// lineStartAt returns the offset of the start of the line containing off.
func lineStartAt(text []byte, off int) int {
	for off > 0 && text[off-1] != '\n' {
		off--
	}
	return off
}

// indentAt returns the blanks at the start of the line containing off.
func indentAt(text []byte, off int) string {
	i := lineStartAt(text, off)
	j := i
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return string(text[i:j])
}

// stmtKindName describes a statement for messages: "a 'while' loop".
func stmtKindName(s *cfacts.Stmt) string {
	switch s.Kind {
	case cfacts.StmtCompound:
		return "a block"
	case cfacts.StmtExpr:
		return "an expression statement"
	case cfacts.StmtDecl:
		return "a declaration"
	case cfacts.StmtIf:
		return "an 'if' statement"
	case cfacts.StmtFor:
		return "a 'for' loop"
	case cfacts.StmtWhile:
		return "a 'while' loop"
	case cfacts.StmtDo:
		return "a 'do' loop"
	case cfacts.StmtSwitch:
		return "a 'switch' statement"
	case cfacts.StmtCase, cfacts.StmtDefault, cfacts.StmtLabel:
		return "a labeled statement"
	case cfacts.StmtGoto:
		return "a 'goto' statement"
	case cfacts.StmtBreak:
		return "a 'break' statement"
	case cfacts.StmtContinue:
		return "a 'continue' statement"
	case cfacts.StmtReturn:
		return "a 'return' statement"
	case cfacts.StmtNull:
		return "an empty statement"
	}
	return "a statement"
}

// regionsOf returns every region of fm, parents before children, in source order.
func regionsOf(fm *FuncModel) []*Region {
	var out []*Region
	var visit func(rs []*Region)
	visit = func(rs []*Region) {
		for _, r := range rs {
			out = append(out, r)
			visit(r.Children)
		}
	}
	visit(fm.Regions)
	return out
}

// allRegions returns every region of the model, function by function.
// The slice is shared: callers must not modify it.
func (m *Model) allRegions() []*Region {
	if m.regions != nil {
		return m.regions[:len(m.regions):len(m.regions)]
	}
	return m.collectRegions()
}

func (m *Model) collectRegions() []*Region {
	var out []*Region
	for _, fm := range m.Funcs {
		out = append(out, regionsOf(fm)...)
	}
	return out
}

// dirName is a directive's canonical name for messages.
func dirName(d *acc.Directive) string {
	if d.Spec != nil {
		return d.Spec.Name
	}
	return d.Name
}

// regionComputeKind is the compute construct a region stands for: "parallel",
// "serial" or "kernels" (the compute part of a combined construct), "" for
// regions that are not compute constructs.
func regionComputeKind(r *Region) string {
	if r == nil || r.Kind != RegionCompute {
		return ""
	}
	s := r.Directive.Spec
	if len(s.Leaves) > 0 {
		return s.Leaves[0]
	}
	return s.Name
}

// clauseNamed returns the first clause of d with the canonical name (in any
// device_type section), nil when none.
func clauseNamed(d *acc.Directive, name string) *acc.Clause {
	for _, c := range d.Clauses {
		if canonical(c) == name {
			return c
		}
	}
	return nil
}

// readsSame reports whether e reads the place x names (c[i] = c[i] + e).
func readsSame(e, x *cfacts.Expr) bool {
	want := ExprText(x)
	if want == "" {
		return false
	}
	found := false
	stWalkExpr(e, func(y *cfacts.Expr) bool {
		if !found && ExprText(y) == want {
			found = true
		}
		return !found
	})
	return found
}
