package cfacts

import "github.com/accls/accls/acc"

// Stale facts. When a function's body does not parse, its body from the
// previous File is reused: deep-copied (the previous File may still be in
// use elsewhere), its spans shifted by the move of the body's '{', its
// Parent/Func links pointing into the new function, its references to
// parameters and to globals redirected to the new ones by name.

type copier struct {
	delta  int
	fn     *Func
	vars   map[*Var]*Var
	byName func(name string) *Var // a current global or parameter by name
	// globals maps the previous File's globals to the current ones
	// (incremental parse); nil otherwise.
	globals map[*Var]*Var
	// shiftUnknown: a variable that is neither the function's nor a
	// global (an undeclared name, which cc/v4 declares where it is first
	// used) is copied and shifted with the function (incremental parse).
	shiftUnknown bool
}

// copyBodyWith copies the body of pf for f, shifted by delta bytes; globals
// are the current globals by name.
func copyBodyWith(pf, f *Func, delta int, globals map[string]*Var) *Stmt {
	cp := &copier{delta: delta, fn: f, vars: map[*Var]*Var{}}
	params := map[string]*Var{}
	for _, v := range f.Params {
		params[v.Name] = v
	}
	cp.byName = func(name string) *Var {
		if v := params[name]; v != nil {
			return v
		}
		return globals[name]
	}
	for _, v := range pf.Params {
		if nv := params[v.Name]; nv != nil {
			cp.vars[v] = nv
		}
	}
	return cp.stmt(pf.Body, nil)
}

func (cp *copier) span(s acc.Span) acc.Span {
	if s == (acc.Span{}) {
		return s
	}
	return acc.Span{Start: max(s.Start+cp.delta, 0), End: max(s.End+cp.delta, 0)}
}

func (cp *copier) stmt(s *Stmt, parent *Stmt) *Stmt {
	if s == nil {
		return nil
	}
	n := &Stmt{Kind: s.Kind, Span: cp.span(s.Span), Parent: parent, Func: cp.fn, Label: s.Label}
	// Declarations first: the statements after them refer to their Vars.
	n.Init = cp.stmt(s.Init, n)
	for _, v := range s.Decls {
		n.Decls = append(n.Decls, cp.localVar(v, n))
	}
	if len(s.List) > 0 {
		n.List = make([]*Stmt, 0, len(s.List))
		for _, x := range s.List {
			n.List = append(n.List, cp.stmt(x, n))
		}
	}
	n.Cond = cp.expr(s.Cond)
	n.Post = cp.expr(s.Post)
	n.Expr = cp.expr(s.Expr)
	n.Body = cp.stmt(s.Body, n)
	n.Then = cp.stmt(s.Then, n)
	n.Else = cp.stmt(s.Else, n)
	return n
}

// localVar copies a variable a declaration statement declares. Its Scope is
// the copy of its old scope: the block (or for statement) that contains the
// declaration statement, i.e. the copy's parent (or the for statement
// itself when the declaration is its Init).
func (cp *copier) localVar(v *Var, declStmt *Stmt) *Var {
	if nv := cp.vars[v]; nv != nil {
		return nv
	}
	nv := &Var{
		Name: v.Name, NameSpan: cp.span(v.NameSpan), Span: cp.span(v.Span),
		Type: cp.typ(v.Type), Storage: v.Storage, Func: cp.fn, FromHeader: v.FromHeader,
	}
	if v.Scope != nil {
		nv.Scope = declStmt.Parent
	}
	cp.vars[v] = nv
	nv.Init = cp.expr(v.Init)
	return nv
}

func (cp *copier) ref(v *Var) *Var {
	if v == nil {
		return nil
	}
	if nv := cp.vars[v]; nv != nil {
		return nv
	}
	if nv := cp.globals[v]; nv != nil {
		return nv
	}
	if v.Storage == StorageGlobal || v.Storage == StorageParam {
		if nv := cp.byName(v.Name); nv != nil {
			cp.vars[v] = nv
			return nv
		}
	}
	if cp.shiftUnknown && !v.FromHeader && (v.Span != (acc.Span{}) || v.NameSpan != (acc.Span{})) {
		nv := *v
		nv.NameSpan, nv.Span = cp.span(v.NameSpan), cp.span(v.Span)
		cp.vars[v] = &nv
		return &nv
	}
	return v
}

func (cp *copier) typ(t *Type) *Type {
	if t == nil || !hasLenExpr(t) {
		return t
	}
	n := *t
	n.Elem = cp.typ(t.Elem)
	n.LenExpr = cp.expr(t.LenExpr)
	return &n
}

func hasLenExpr(t *Type) bool {
	for ; t != nil; t = t.Elem {
		if t.LenExpr != nil {
			return true
		}
		if t.Kind != TypeArray && t.Kind != TypePointer {
			return false
		}
	}
	return false
}

func (cp *copier) expr(e *Expr) *Expr {
	if e == nil {
		return nil
	}
	n := *e
	n.Span = cp.span(e.Span)
	n.X, n.Y, n.Z = cp.expr(e.X), cp.expr(e.Y), cp.expr(e.Z)
	if len(e.Args) > 0 {
		n.Args = make([]*Expr, len(e.Args))
		for i, a := range e.Args {
			n.Args[i] = cp.expr(a)
		}
	}
	n.Var = cp.ref(e.Var)
	n.Type = cp.typ(e.Type)
	return &n
}

// copyFunc copies a whole function of a previous File, marked stale, with
// the globals given: its header shifted by head bytes, its body by body.
func copyFunc(pf *Func, head, body int, globals map[string]*Var) *Func {
	cp := &copier{delta: head}
	f := &Func{Name: pf.Name, NameSpan: cp.span(pf.NameSpan), Span: cp.span(pf.Span), Result: pf.Result, Stale: true}
	for _, v := range pf.Params {
		nv := *v
		nv.Func = f
		nv.NameSpan, nv.Span = cp.span(v.NameSpan), cp.span(v.Span)
		f.Params = append(f.Params, &nv)
	}
	if pf.Body != nil {
		f.Body = copyBodyWith(pf, f, body, globals)
	}
	return f
}
