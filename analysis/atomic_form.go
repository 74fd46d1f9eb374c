package analysis

import (
	"github.com/accls/accls/source/cfacts"
)

// AtomicForm is the statement of an atomic construct taken apart: what the
// compiler needs to generate it. It is built on the same form checks as
// the atomic-invalid-form rule (check_atomic.go), so the editor and the
// compiler accept exactly the same statements.
type AtomicForm struct {
	Kind string       // "read", "write", "update" or "capture"
	X    *cfacts.Expr // the atomically accessed location
	V    *cfacts.Expr // read and capture: where the value goes; nil otherwise
	// Update (update, and the update part of a capture): the new value of X
	// is Op applied left to right: X Op Operands[0] Op Operands[1]..., or
	// Operands[0] Op X when Reversed (x = expr binop x). x++ and ++x are Op
	// "+" with Operands nil (one), x-- and --x "-".
	Op       string
	Operands []*cfacts.Expr
	Reversed bool
	// Write (write, and capture { v = x; x = expr; }): the value written.
	Write *cfacts.Expr
	// CaptureAfter: the capture sees the value after the update (v = ++x,
	// v = x binop= e, { x binop= e; v = x; }); before it otherwise.
	CaptureAfter bool
	// Stmts are the expression statements of the form, in order (two for a
	// capture block).
	Stmts []*cfacts.Stmt
}

// AtomicKind is the kind of an atomic directive's region: read, write,
// update (the default) or capture. `update capture` (OpenMP's spelling,
// which gcc accepts; check_clauses.go warns) is capture.
func AtomicKind(r *Region) string {
	kind := ""
	for _, c := range r.Directive.Clauses {
		switch n := canonical(c); n {
		case "read", "write", "capture":
			if kind == "" || kind == "update" {
				kind = n
			}
		case "update":
			if kind == "" {
				kind = n
			}
		}
	}
	if kind == "" {
		return "update"
	}
	return kind
}

// ClassifyAtomic takes the statement of atomic region r apart. It returns
// nil and the reason when the statement is not one of the forms of OpenACC
// 3.3 §2.12 (the message of the atomic-invalid-form rule).
func ClassifyAtomic(text []byte, r *Region) (*AtomicForm, string) {
	kind := AtomicKind(r)
	s := r.Stmt
	if s == nil {
		return nil, "'atomic " + kind + "' must be followed by the statement it makes atomic"
	}
	a := atomicForm{text: text}
	f := &AtomicForm{Kind: kind, Stmts: []*cfacts.Stmt{s}}
	var msg string
	switch kind {
	case "read":
		if msg = a.read(s); msg == "" {
			f.V, f.X, _ = a.readExpr(atomicExprOf(s))
		}
	case "write":
		if msg = a.write(s); msg == "" {
			e := atomicExprOf(s)
			f.X, f.Write = e.X, e.Y
		}
	case "update":
		if msg = a.update(s); msg == "" {
			a.operands(f, atomicExprOf(s))
		}
	case "capture":
		if msg = a.capture(s); msg == "" {
			if s.Kind == cfacts.StmtCompound {
				a.captureParts(f, s)
			} else {
				e := atomicExprOf(s)
				f.V = e.X
				a.operands(f, e.Y)
				f.CaptureAfter = e.Y.Kind != cfacts.ExprPostInc
			}
		}
	}
	if msg != "" {
		return nil, "invalid statement for 'atomic " + kind + "': " + msg
	}
	return f, ""
}

// operands fills the update part of f from an update expression that
// updateExpr accepted.
func (a atomicForm) operands(f *AtomicForm, e *cfacts.Expr) {
	switch e.Kind {
	case cfacts.ExprPostInc, cfacts.ExprPreInc:
		f.X = e.X
		f.Op = e.Op[:1]
		return
	}
	x := e.X
	f.X = x
	if e.Op != "=" {
		f.Op = e.Op[:len(e.Op)-1]
		f.Operands = []*cfacts.Expr{e.Y}
		return
	}
	y := e.Y
	f.Op = y.Op
	if a.same(y.Y, x) && !a.refs(y.X, x) {
		f.Reversed = true
		f.Operands = []*cfacts.Expr{y.X}
		return
	}
	// x = x op e1 op e2 ...: the left operand chain ends in x.
	var rev []*cfacts.Expr
	for d := y; d.Kind == cfacts.ExprBinary && d.Op == y.Op; d = d.X {
		rev = append(rev, d.Y)
		if a.same(d.X, x) {
			break
		}
	}
	for i := len(rev) - 1; i >= 0; i-- {
		f.Operands = append(f.Operands, rev[i])
	}
}

// captureParts fills f from a capture block that captureBlock accepted.
func (a atomicForm) captureParts(f *AtomicForm, s *cfacts.Stmt) {
	f.Stmts = s.List
	e1, e2 := atomicExprOf(s.List[0]), atomicExprOf(s.List[1])
	if v, x, msg := a.readExpr(e1); x != nil && msg == "" {
		if ux, umsg := a.updateExpr(e2); ux != nil && umsg == "" && a.same(ux, x) {
			f.V = v
			a.operands(f, e2)
			return
		}
		f.V, f.X, f.Write = v, x, e2.Y
		return
	}
	f.V, _, _ = a.readExpr(e2)
	a.operands(f, e1)
	f.CaptureAfter = true
}
