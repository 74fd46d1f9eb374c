package analysis

import "github.com/accls/accls/source/cfacts"

// Pointer aliases inside a compute construct: `double *row = &a[i * m];
// row[j] = x;` writes the elements of a, though no reference to a writes.
// Without this, a construct that writes an array only through a pointer
// declared in it would count the array as only read: an implicit copy
// would become a copyin (the results never come back), and checks about
// data written but only copied in would stay silent.

// PointerRoots returns the variables whose storage the pointer value e
// may point into: a (an array, or a pointer's pointee) for a, &a[i],
// &a, a + k, a - k, a[i] of a multi-dimensional array (a row), a[i] of a
// pointer to pointers, s.m and p->m (the struct's variable), casts and
// both branches of ?:. A call's result points to nothing known here.
func PointerRoots(e *cfacts.Expr) []*cfacts.Var {
	e = strip(e)
	if e == nil {
		return nil
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		if e.Var != nil && isPtrOrArray(e.Var.Type) {
			return []*cfacts.Var{e.Var}
		}
	case cfacts.ExprUnary:
		if e.Op == "&" {
			return storageRoot(e.X)
		}
	case cfacts.ExprBinary:
		if e.Op == "+" || e.Op == "-" {
			if x := strip(e.X); x != nil && isPtrOrArray(x.Type) {
				return PointerRoots(x)
			}
			if e.Op == "+" {
				return PointerRoots(e.Y)
			}
		}
	case cfacts.ExprIndex, cfacts.ExprMember:
		return storageRoot(e)
	case cfacts.ExprCond:
		return append(PointerRoots(e.Y), PointerRoots(e.Z)...)
	case cfacts.ExprComma:
		return PointerRoots(e.Y)
	case cfacts.ExprAssign:
		if e.Op == "=" {
			return PointerRoots(e.Y)
		}
		return PointerRoots(e.X)
	case cfacts.ExprPreInc, cfacts.ExprPostInc:
		return PointerRoots(e.X)
	}
	return nil
}

// storageRoot is the variable an lvalue's storage belongs to: a for a,
// a[i][j], a.m[i], p->m, *(p + 1).
func storageRoot(e *cfacts.Expr) []*cfacts.Var {
	for e = strip(e); e != nil; e = strip(e) {
		switch e.Kind {
		case cfacts.ExprIdent:
			if e.Var != nil {
				return []*cfacts.Var{e.Var}
			}
			return nil
		case cfacts.ExprIndex:
			if x := strip(e.X); x != nil && isPtrOrArray(x.Type) {
				e = x
			} else {
				e = e.Y // i[a]
			}
		case cfacts.ExprMember:
			e = e.X
		case cfacts.ExprUnary:
			if e.Op != "*" {
				return nil
			}
			return PointerRoots(e.X)
		default:
			return PointerRoots(e)
		}
	}
	return nil
}

// aliasSite is one place where a pointer variable p gets a value that
// points into roots: its initializer or an assignment p = val.
type aliasSite struct {
	p     *cfacts.Var
	val   *cfacts.Expr
	roots []*cfacts.Var
}

// aliasSites returns the places in s (its subtree) where a pointer
// variable is given the address of a variable's storage.
func aliasSites(s *cfacts.Stmt) []aliasSite {
	var out []aliasSite
	add := func(p *cfacts.Var, val *cfacts.Expr) {
		if p == nil || p.Type == nil || p.Type.Kind != cfacts.TypePointer {
			return
		}
		// (roots may hold p itself: p = p + 1 moves the alias along)
		if roots := PointerRoots(val); len(roots) > 0 {
			out = append(out, aliasSite{p, val, roots})
		}
	}
	cfacts.Walk(s, func(st *cfacts.Stmt) bool {
		for _, v := range st.Decls {
			add(v, v.Init)
		}
		cfacts.StmtExprs(st, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if x.Kind == cfacts.ExprAssign && x.Op == "=" {
					if lhs := strip(x.X); lhs != nil && lhs.Kind == cfacts.ExprIdent {
						add(lhs.Var, x.Y)
					}
				}
				return true
			})
		})
		return true
	})
	return out
}

// pointerAliases returns, for each pointer variable that sites
// initialize or assign, the variables it may point into.
func pointerAliases(sites []aliasSite) map[*cfacts.Var][]*cfacts.Var {
	out := map[*cfacts.Var][]*cfacts.Var{}
	for _, site := range sites {
		for _, r := range site.roots {
			if r != site.p {
				out[site.p] = append(out[site.p], r)
			}
		}
	}
	return out
}

// aliasesOf returns the pointers of sites that may point into v's
// storage, directly or through one another (q = p; p = &v[i]).
func aliasesOf(sites []aliasSite, v *cfacts.Var) map[*cfacts.Var]bool {
	out := map[*cfacts.Var]bool{}
	for changed := true; changed; {
		changed = false
		for _, s := range sites {
			if out[s.p] || s.p == v {
				continue
			}
			for _, r := range s.roots {
				if r == v || out[r] {
					out[s.p] = true
					changed = true
					break
				}
			}
		}
	}
	return out
}

// PointerAliasesOf returns the pointer variables that s (its subtree)
// gives an address inside v's storage, directly or through one another.
func PointerAliasesOf(s *cfacts.Stmt, v *cfacts.Var) map[*cfacts.Var]bool {
	return aliasesOf(aliasSites(s), v)
}

// PointerTargets returns the variables whose storage the pointer p may
// point into after the assignments in s (its subtree), through chains of
// pointers that s assigns (x = row; row = &c[i]: c), in order of
// appearance.
func PointerTargets(s *cfacts.Stmt, p *cfacts.Var) []*cfacts.Var {
	return pointerTargets(pointerAliases(aliasSites(s)), p)
}

// pointerTargets is PointerTargets on the aliases of a statement.
func pointerTargets(al map[*cfacts.Var][]*cfacts.Var, p *cfacts.Var) []*cfacts.Var {
	seen := map[*cfacts.Var]bool{p: true}
	var out []*cfacts.Var
	var visit func(q *cfacts.Var)
	visit = func(q *cfacts.Var) {
		for _, r := range al[q] {
			if seen[r] {
				continue
			}
			seen[r] = true
			if _, assigned := al[r]; assigned && r.Type != nil && r.Type.Kind == cfacts.TypePointer {
				visit(r) // a pointer of s: what it points into
				continue
			}
			out = append(out, r)
		}
	}
	visit(p)
	return out
}

// inAliasSite reports whether the reference ref is part of the value an
// alias of aliases receives (`p = &v[i]`: the address of v goes to p,
// whose accesses are followed instead).
func inAliasSite(sites []aliasSite, aliases map[*cfacts.Var]bool, ref *Ref) bool {
	for _, s := range sites {
		if aliases[s.p] && s.val.Span.Start <= ref.Span.Start && ref.Span.End <= s.val.Span.End {
			return true
		}
	}
	return false
}

// propagateAliases gives each variable that a pointer of the construct may
// point into the accesses made through that pointer (to a fixed point:
// q = p; p = &a[i]). It runs after summarize and before the attributes.
func (ci *computeInfo) propagateAliases(aliases map[*cfacts.Var][]*cfacts.Var) {
	for changed := true; changed; {
		changed = false
		for p, roots := range aliases {
			up := ci.byV[p]
			if up == nil {
				continue
			}
			for _, r := range roots {
				ur := ci.byV[r]
				if ur == nil {
					continue
				}
				before := *ur
				ur.read = ur.read || up.elemRead
				ur.elemRead = ur.elemRead || up.elemRead
				ur.written = ur.written || up.elemWrite
				ur.elemWrite = ur.elemWrite || up.elemWrite
				ur.deref = ur.deref || up.deref
				ur.call = ur.call || up.call
				ur.escape = ur.escape || up.escape
				if ur.read != before.read || ur.written != before.written || ur.deref != before.deref ||
					ur.call != before.call || ur.escape != before.escape {
					changed = true
				}
			}
		}
	}
}
