package analysis

import (
	"github.com/accls/accls/source/cfacts"
)

// atomicCheck reports statements that do not have one of the forms the
// atomic construct accepts (openacc-rules.md §11; OpenACC 3.3 §2.12).
var atomicCheck = &Check{
	Name:  "atomic",
	Rules: []string{"atomic-invalid-form"},
	Model: checkAtomics,
}

func checkAtomics(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		if r.Kind != RegionAtomic {
			continue
		}
		kind := AtomicKind(r)
		name := "'atomic " + kind + "'"
		if r.Stmt == nil {
			p.Reportf(r.Directive.NameSpan, "atomic-invalid-form", "%s must be followed by the statement it makes atomic", name)
			continue
		}
		a := atomicForm{text: p.Text}
		var msg string
		switch kind {
		case "read":
			msg = a.read(r.Stmt)
		case "write":
			msg = a.write(r.Stmt)
		case "update":
			msg = a.update(r.Stmt)
		case "capture":
			msg = a.capture(r.Stmt)
		}
		if msg == "" {
			continue
		}
		span := r.Stmt.Span
		if r.Stmt.Kind == cfacts.StmtCompound {
			span.End = span.Start + 1 // the '{' of a block, not the whole block
		}
		p.Report(Diagnostic{Span: span, Rule: "atomic-invalid-form",
			Message: "invalid statement for " + name + ": " + msg,
			Related: []Related{{Span: r.Directive.NameSpan, Message: "the " + name + " construct"}}})
	}
}

type atomicForm struct{ text []byte }

// expr returns the expression of an expression statement, nil otherwise.
func atomicExprOf(s *cfacts.Stmt) *cfacts.Expr {
	if s == nil || s.Kind != cfacts.StmtExpr {
		return nil
	}
	return s.Expr
}

func atomicLvalue(e *cfacts.Expr) bool {
	if e == nil {
		return false
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		return e.Var != nil || e.Type == nil
	case cfacts.ExprIndex, cfacts.ExprMember:
		return true
	case cfacts.ExprUnary:
		return e.Op == "*"
	}
	return false
}

func (a atomicForm) same(x, y *cfacts.Expr) bool {
	return x != nil && y != nil && outerParensOff(stText(a.text, x)) == outerParensOff(stText(a.text, y))
}

// outerParensOff removes the parentheses around a whole expression's text:
// (a[i])-- updates a[i].
func outerParensOff(s string) string {
	for len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')' {
		depth := 0
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 && i < len(s)-1 {
				return s // (a) + (b): the first ')' closes before the end
			}
		}
		s = s[1 : len(s)-1]
	}
	return s
}

// refs reports whether e mentions the lvalue x anywhere.
func (a atomicForm) refs(e, x *cfacts.Expr) bool {
	want := outerParensOff(stText(a.text, x))
	found := false
	stWalkExpr(e, func(s *cfacts.Expr) bool {
		if !found && outerParensOff(stText(a.text, s)) == want {
			found = true
		}
		return !found
	})
	return found
}

var atomicBinops = map[string]bool{"+": true, "*": true, "-": true, "/": true, "&": true, "^": true, "|": true, "<<": true, ">>": true}

// scalar checks that an operand has scalar type when its type is known.
func (a atomicForm) scalar(e *cfacts.Expr) string {
	if e.Type != nil && !e.Type.IsScalar() {
		return quote(stText(a.text, e)) + " is not a scalar (" + e.Type.Name + ")"
	}
	return ""
}

// updateExpr checks `x++`, `x--`, `++x`, `--x`, `x binop= expr`,
// `x = x binop expr` and `x = expr binop x`, returning x.
func (a atomicForm) updateExpr(e *cfacts.Expr) (*cfacts.Expr, string) {
	const want = "expected 'x++', 'x--', '++x', '--x', 'x binop= expr', 'x = x binop expr' or 'x = expr binop x'"
	if e == nil {
		return nil, want
	}
	switch e.Kind {
	case cfacts.ExprPostInc, cfacts.ExprPreInc:
		if !atomicLvalue(e.X) {
			return nil, want
		}
		return e.X, a.scalar(e.X)
	case cfacts.ExprAssign:
		x := e.X
		if !atomicLvalue(x) {
			return nil, want
		}
		if e.Op != "=" {
			if !atomicBinops[e.Op[:len(e.Op)-1]] {
				return nil, quote(e.Op) + " is not an atomic operator; " + want
			}
			if a.refs(e.Y, x) {
				return nil, "the expression may not reference " + quote(stText(a.text, x))
			}
			return x, a.scalar(x)
		}
		y := e.Y
		if y == nil || y.Kind != cfacts.ExprBinary || !atomicBinops[y.Op] {
			if !a.refs(y, x) {
				return nil, "this is a write of " + quote(stText(a.text, x)) + "; use 'atomic write'"
			}
			return nil, want
		}
		if a.same(y.Y, x) && !a.refs(y.X, x) {
			return x, a.scalar(x)
		}
		// x = x op e1 op e2 ... with one operator: the left operand chain ends in x.
		d := y
		for d.Kind == cfacts.ExprBinary && d.Op == y.Op {
			if a.refs(d.Y, x) {
				return nil, "the expression may not reference " + quote(stText(a.text, x)) + " except as one operand of the operator"
			}
			if a.same(d.X, x) {
				return x, a.scalar(x)
			}
			d = d.X
		}
		return nil, want
	}
	return nil, want
}

func (a atomicForm) update(s *cfacts.Stmt) string {
	if s.Kind == cfacts.StmtCompound {
		return "it governs a single expression statement; only 'atomic capture' takes a block"
	}
	_, msg := a.updateExpr(atomicExprOf(s))
	return msg
}

// readExpr checks `v = x`, returning v and x.
func (a atomicForm) readExpr(e *cfacts.Expr) (v, x *cfacts.Expr, msg string) {
	if e == nil || e.Kind != cfacts.ExprAssign || e.Op != "=" || !atomicLvalue(e.X) || !atomicLvalue(e.Y) || a.same(e.X, e.Y) {
		return nil, nil, "expected 'v = x' where 'v' and 'x' are distinct scalar variables or array elements"
	}
	if m := a.scalar(e.X); m != "" {
		return nil, nil, m
	}
	return e.X, e.Y, a.scalar(e.Y)
}

func (a atomicForm) read(s *cfacts.Stmt) string {
	_, _, msg := a.readExpr(atomicExprOf(s))
	return msg
}

// writeExpr checks `x = expr` with expr not referencing x, returning x.
func (a atomicForm) writeExpr(e *cfacts.Expr) (*cfacts.Expr, string) {
	if e == nil || e.Kind != cfacts.ExprAssign || e.Op != "=" || !atomicLvalue(e.X) {
		return nil, "expected 'x = expr'"
	}
	if a.refs(e.Y, e.X) {
		return nil, "the expression may not reference " + quote(stText(a.text, e.X)) + "; use 'atomic update' for 'x = x binop expr'"
	}
	return e.X, a.scalar(e.X)
}

func (a atomicForm) write(s *cfacts.Stmt) string {
	_, msg := a.writeExpr(atomicExprOf(s))
	return msg
}

func (a atomicForm) capture(s *cfacts.Stmt) string {
	if s.Kind == cfacts.StmtCompound {
		return a.captureBlock(s)
	}
	const want = "expected 'v = x++', 'v = ++x', 'v = x binop= expr', 'v = x = x binop expr' or a block '{v = x; x binop= expr;}'"
	e := atomicExprOf(s)
	if e == nil || e.Kind != cfacts.ExprAssign || e.Op != "=" || !atomicLvalue(e.X) {
		return want
	}
	if atomicLvalue(e.Y) {
		return "'v = x' only reads " + quote(stText(a.text, e.Y)) + "; use 'atomic read'"
	}
	x, msg := a.updateExpr(e.Y)
	if x == nil {
		return want
	}
	if msg != "" {
		return msg
	}
	if a.same(e.X, x) {
		return quote(stText(a.text, x)) + " cannot be both the captured variable and the updated one"
	}
	return a.scalar(e.X)
}

func (a atomicForm) captureBlock(s *cfacts.Stmt) string {
	const want = "a capture block holds two statements: 'v = x;' and an update or write of 'x', in either order ('v = x' first for a write)"
	if len(s.List) != 2 {
		return want
	}
	e1, e2 := atomicExprOf(s.List[0]), atomicExprOf(s.List[1])
	if e1 == nil || e2 == nil {
		return want
	}
	// {v = x; x update/write}
	if v, x, msg := a.readExpr(e1); x != nil && msg == "" {
		if ux, umsg := a.updateExpr(e2); ux != nil && umsg == "" {
			if !a.same(ux, x) {
				return "the update changes " + quote(stText(a.text, ux)) + " but the capture reads " + quote(stText(a.text, x))
			}
			return a.distinct(v, x)
		}
		if wx, wmsg := a.writeExpr(e2); wx != nil && wmsg == "" {
			if !a.same(wx, x) {
				return "the write changes " + quote(stText(a.text, wx)) + " but the capture reads " + quote(stText(a.text, x))
			}
			return a.distinct(v, x)
		}
	}
	// {x update; v = x}
	if ux, umsg := a.updateExpr(e1); ux != nil && umsg == "" {
		if v, x, msg := a.readExpr(e2); x != nil && msg == "" {
			if !a.same(ux, x) {
				return "the update changes " + quote(stText(a.text, ux)) + " but the capture reads " + quote(stText(a.text, x))
			}
			return a.distinct(v, x)
		}
	}
	return want
}

func (a atomicForm) distinct(v, x *cfacts.Expr) string {
	if a.same(v, x) {
		return quote(stText(a.text, x)) + " cannot be both the captured variable and the updated one"
	}
	return ""
}
