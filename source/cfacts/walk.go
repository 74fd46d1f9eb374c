package cfacts

// Walk calls fn for s and, when fn returns true, for each statement inside
// it, in source order (pre-order): a block's items; a for statement's Init
// then Body; an if's Then then Else; the Body of loops, switch, case,
// default and labels. Expressions are not visited (see WalkExpr, StmtExprs).
func Walk(s *Stmt, fn func(*Stmt) bool) {
	if s == nil || !fn(s) {
		return
	}
	switch s.Kind {
	case StmtCompound:
		for _, x := range s.List {
			Walk(x, fn)
		}
	case StmtFor:
		Walk(s.Init, fn)
		Walk(s.Body, fn)
	case StmtIf:
		Walk(s.Then, fn)
		Walk(s.Else, fn)
	default:
		Walk(s.Body, fn)
	}
}

// WalkExpr calls fn for e and, when fn returns true, for its operands in
// source order (pre-order): X, Y, Z, then Args (a call's callee X comes
// before its arguments). A VLA type's length expression is not visited.
func WalkExpr(e *Expr, fn func(*Expr) bool) {
	if e == nil || !fn(e) {
		return
	}
	WalkExpr(e.X, fn)
	WalkExpr(e.Y, fn)
	WalkExpr(e.Z, fn)
	for _, a := range e.Args {
		WalkExpr(a, fn)
	}
}

// StmtExprs calls fn for each expression directly in s (not in the
// statements inside it), in source order: the initializers of the variables
// a declaration declares, Cond, Post and Expr.
func StmtExprs(s *Stmt, fn func(*Expr)) {
	if s == nil {
		return
	}
	for _, v := range s.Decls {
		if v.Init != nil {
			fn(v.Init)
		}
	}
	if s.Kind == StmtDo {
		// do Body while (Cond);
		if s.Cond != nil {
			fn(s.Cond)
		}
		return
	}
	for _, e := range []*Expr{s.Expr, s.Cond, s.Post} {
		if e != nil {
			fn(e)
		}
	}
}

// FuncAt returns the function whose Span contains offset, or nil.
func (f *File) FuncAt(offset int) *Func {
	if f == nil {
		return nil
	}
	lo, hi := 0, len(f.Funcs)
	for lo < hi {
		m := (lo + hi) / 2
		if f.Funcs[m].Span.End < offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	for i := lo; i < len(f.Funcs) && f.Funcs[i].Span.Start <= offset; i++ {
		if f.Funcs[i].Span.Contains(offset) {
			return f.Funcs[i]
		}
	}
	return nil
}

// StmtAt returns the innermost statement whose Span contains offset, or nil
// when offset is in no function body.
func (f *File) StmtAt(offset int) *Stmt {
	fn := f.FuncAt(offset)
	if fn == nil || fn.Body == nil || !fn.Body.Span.Contains(offset) {
		return nil
	}
	var found *Stmt
	Walk(fn.Body, func(s *Stmt) bool {
		if !s.Span.Contains(offset) {
			return false
		}
		found = s
		return true
	})
	return found
}

// ExprAt returns the innermost expression in s (and the statements inside
// it) whose Span contains offset, or nil.
func ExprAt(s *Stmt, offset int) *Expr {
	var found *Expr
	visit := func(e *Expr) {
		WalkExpr(e, func(x *Expr) bool {
			if !x.Span.Contains(offset) {
				return false
			}
			found = x
			return true
		})
	}
	Walk(s, func(st *Stmt) bool {
		if !st.Span.Contains(offset) {
			return false
		}
		StmtExprs(st, visit)
		return true
	})
	return found
}

// VarAt returns the variable declared or used at offset in f: a
// declaration's name, or an identifier naming a variable; nil otherwise.
func (f *File) VarAt(offset int) *Var {
	for _, v := range f.Globals {
		if v.NameSpan.Contains(offset) && v.NameSpan.Len() > 0 {
			return v
		}
	}
	fn := f.FuncAt(offset)
	if fn == nil {
		return nil
	}
	for _, v := range fn.Params {
		if v.NameSpan.Contains(offset) && v.NameSpan.Len() > 0 {
			return v
		}
	}
	var found *Var
	Walk(fn.Body, func(s *Stmt) bool {
		if !s.Span.Contains(offset) {
			return false
		}
		for _, v := range s.Decls {
			if v.NameSpan.Contains(offset) && v.NameSpan.Len() > 0 {
				found = v
			}
		}
		return true
	})
	if found != nil {
		return found
	}
	if e := ExprAt(fn.Body, offset); e != nil && e.Kind == ExprIdent {
		return e.Var
	}
	return nil
}

// Lookup resolves name as C would at byte offset pos inside function fn:
// block-scope variables declared before pos in an enclosing block, then the
// parameters, then the globals (f may be nil). Nil when nothing matches.
func (f *File) Lookup(fn *Func, pos int, name string) *Var {
	if fn != nil && fn.Body != nil {
		var best *Var
		Walk(fn.Body, func(s *Stmt) bool {
			for _, v := range s.Decls {
				if v.Name != name || v.NameSpan.Start >= pos {
					continue
				}
				scope := v.Scope
				if scope == nil {
					scope = s.Parent
				}
				if scope != nil && !(scope.Span.Start <= pos && pos < scope.Span.End) {
					continue
				}
				if best == nil || v.NameSpan.Start > best.NameSpan.Start {
					best = v
				}
			}
			return true
		})
		if best != nil {
			return best
		}
		for _, v := range fn.Params {
			if v.Name == name {
				return v
			}
		}
	}
	if f == nil {
		return nil
	}
	var best *Var
	for _, v := range f.Globals {
		if v.Name == name && (best == nil || v.NameSpan.Start < pos) {
			best = v
		}
	}
	return best
}
