package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Pointer members (OpenACC 3.3 §2.6.8 attachment, §2.7.12–13 attach and
// detach). A struct's pointer member holds a host address; OpenACC
// attaches it: the member's device copy is made to point to the device copy
// of the data it points to, when that data is present. The kernels here
// never read a pointer out of device memory. Each access path to a pointer
// member that a compute construct uses (v.x, p->x, v.in.x, p->next->x) is a
// variable of its own, a member path: a kernel argument (buffer and offset)
// that the host finds at each launch in the present table from the
// pointer's current host value, as it finds the data of a pointer
// variable. Data clauses name what a member points to (copyin(v.x[0:n])),
// which maps it like a pointer variable's sub-array; the struct's device
// copy keeps the host's bytes, its pointer members opaque (structs.go).
//
// This is attachment as the kernels see it: where the target is present
// the device reaches its device copy; where OpenACC would leave a host
// address in the member (the target is not present) the launch stops with
// "not present" instead of letting the device read host memory. attach and
// detach clauses therefore move nothing: on a compute construct they ask
// for that lookup (what every member path and pointer gets anyway), on
// data, enter data and exit data they are counted by no one (the kernels
// look the target up at each launch).
//
// A pointer member of the elements of an array of structs (a[i].x, the
// manual deep copy: enter data copyin(a[i].x[0:len]) element by element;
// also where a member points to or holds the elements, mesh->cell[i].x,
// g->cells[i].x) is
// one path for all the elements: the data of every element's member is
// in one device buffer, the member's pool, and the kernels get the pool and
// a table of offsets that the host builds at the launch from the members'
// host values (accrt.h section 10). A pointer that the construct points
// into the elements (c = &a[i]; c->x[k], the C idiom of a pointer to the
// current element) reaches element c - a's data there.
//
// Not expressible this way, and reported: a pointer member assigned or its
// address taken on the device, pointer members in routines, and members of
// elements of anything but an array or pointer variable or a member that
// is an array or a pointer (g->cells[i].x works, and so does a member of a
// struct embedded in the elements, a[i].in.x, an offset within each
// element), and more than one pointer member between the elements and the
// data. One works: a[i].p->x (or c->p->x), the data of member x of the
// struct an element's member p points to, is one path too, its data in one
// pool (whether entered as a[i].p->x[0:n] or as the members of another
// array's elements that the p point to, w[j].x) and the table built from
// the host's a[e].p->x (accrt_member_views2).

// memberPaths holds the member paths of the compilation.
type memberPaths struct {
	byKey map[string]*cfacts.Var
	// at maps every path expression found in a compute construct (the
	// outermost member access of pointer type) to its variable.
	at map[*cfacts.Expr]*cfacts.Var
	// byRoot maps the identifier at the root of each such expression to it.
	byRoot map[*cfacts.Expr]*cfacts.Expr
	base   map[*cfacts.Var]*cfacts.Var // path variable → the variable it starts from
	elem   map[*cfacts.Var]*ElemMember // the paths through array elements (a[].m)
	// cursor maps c->m, where the construct points c into the elements
	// of an array of structs (c = &a[i]), to those elements' variable or
	// path (a): element c - a's data in m's pool.
	cursor map[*cfacts.Expr]*cfacts.Var
	// elems is an expression of the elements a cursor points into, for
	// elements that are no variable of the kernel (an array member,
	// g->cells: the kernel reaches it through its struct).
	elems map[*cfacts.Var]*cfacts.Expr
	// deref holds the expressions that the code dereferences (x[i], *x,
	// x->m): a member path elsewhere is the pointer's value itself, which
	// for an element's member may be NULL (memberSpelling).
	deref map[*cfacts.Expr]bool
}

func (c *compilation) paths() *memberPaths {
	if c.mpaths == nil {
		c.mpaths = &memberPaths{byKey: map[string]*cfacts.Var{}, at: map[*cfacts.Expr]*cfacts.Var{},
			byRoot: map[*cfacts.Expr]*cfacts.Expr{}, base: map[*cfacts.Var]*cfacts.Var{}, elem: map[*cfacts.Var]*ElemMember{},
			cursor: map[*cfacts.Expr]*cfacts.Var{}, elems: map[*cfacts.Var]*cfacts.Expr{}, deref: map[*cfacts.Expr]bool{}}
	}
	return c.mpaths
}

// pathVar is the variable of the member path text (as C writes it, "v.x",
// "p->in.x") that starts at base and has type t.
func (ps *memberPaths) pathVar(base *cfacts.Var, text string, t *cfacts.Type) *cfacts.Var {
	key := fmt.Sprintf("%p %s", base, text)
	if v := ps.byKey[key]; v != nil {
		return v
	}
	v := &cfacts.Var{Name: text, NameSpan: base.NameSpan, Span: base.Span, Type: t,
		Storage: base.Storage, Func: base.Func, Scope: base.Scope, FromHeader: base.FromHeader}
	ps.byKey[key] = v
	ps.base[v] = base
	return v
}

// elemPathVar is the variable of the member path a[].m: member m of every
// element of a (the member's pool, accrt.h section 10).
func (ps *memberPaths) elemPathVar(base *cfacts.Var, member string) *cfacts.Var {
	return ps.pathVar(base, base.Name+"[]."+member, memberType(base, member))
}

// varAt is the member path that expression e is, nil when none.
func (ps *memberPaths) varAt(e *cfacts.Expr) *cfacts.Var {
	if ps == nil {
		return nil
	}
	return ps.at[e]
}

// isPath reports whether v is a member path.
func (ps *memberPaths) isPath(v *cfacts.Var) bool {
	return ps != nil && ps.base[v] != nil
}

// root is the variable member path v starts from; v itself for a variable.
func (ps *memberPaths) root(v *cfacts.Var) *cfacts.Var {
	for ps != nil && ps.base[v] != nil {
		v = ps.base[v]
	}
	return v
}

// exprPath splits a chain of member accesses (x.a->b.c) that starts at a
// variable: the variable, the path's text and the root identifier; ok is
// false for anything else (a[i].x, (*p).x, f().x).
func exprPath(e *cfacts.Expr) (base *cfacts.Var, text string, root *cfacts.Expr, ok bool) {
	text, root = analysis.MemberPath(e)
	if root == nil || root.Var == nil {
		return nil, "", nil, false
	}
	return root.Var, text, root, true
}

func isPointer(t *cfacts.Type) bool { return t != nil && t.Kind == cfacts.TypePointer }

// clausePath resolves a clause item's members (v.x, p->x): the path
// variable, which must be a pointer member.
func (c *compilation) clausePath(base *cfacts.Var, ref *acc.VarRef) (*cfacts.Var, error) {
	if len(ref.Subscripts) > 0 && len(ref.Members) == 0 {
		return base, nil
	}
	text, t, err := memberChain(base, ref)
	if err != nil {
		return nil, err
	}
	if !isPointer(t) {
		return nil, fmt.Errorf("'%s' is not a pointer: a data clause names a member only for the data a pointer member points to (as a sub-array, v.p[0:n]); name '%s' itself for its other members", text, base.Name)
	}
	return c.paths().pathVar(base, text, t), nil
}

// memberChain follows the members of clause item ref from base: the path's
// text (v.a->b) and the last member's type.
func memberChain(base *cfacts.Var, ref *acc.VarRef) (string, *cfacts.Type, error) {
	t := base.Type
	text := base.Name
	for j, m := range ref.Members {
		if len(m.Subscripts) > 0 {
			arrows, path := 0, text+"[…]"+memberOp(m)+m.Name
			for _, after := range ref.Members[j+1:] {
				path += memberOp(after) + after.Name
				if after.Arrow {
					arrows++
				}
			}
			if arrows > 1 {
				return "", nil, fmt.Errorf("'%s': data reached through more than one pointer member from array elements is not supported by the compiler (the kernels cannot follow a pointer stored in device memory); one pointer member between works (a[i].p->m[0:n])", path)
			}
			return "", nil, fmt.Errorf("'%s': a member of array elements in a data clause is supported by the compiler where the elements are those of an array or pointer variable or of a member (a[i].m[0:n], p->elems[i].m[0:n], g.cells[i].m[0:n]), and the member is theirs, not here", text+"[…]"+memberOp(m)+m.Name)
		}
		if m.Arrow {
			if !isPointer(t) {
				return "", nil, fmt.Errorf("'%s' is not a pointer: use '.%s'", text, m.Name)
			}
			t = t.Elem
		}
		switch {
		case t == nil:
			return "", nil, fmt.Errorf("the type of '%s' is not known", text)
		case !isRecord(t):
			return "", nil, fmt.Errorf("'%s' is not a struct or union: it has no member '%s'", text, m.Name)
		}
		var f *cfacts.Field
		for _, x := range t.Fields {
			if x.Name == m.Name {
				f = x
			}
		}
		if f == nil {
			return "", nil, fmt.Errorf("'%s' has no member '%s'", t.Name, m.Name)
		}
		t = f.Type
		text += memberOp(m) + m.Name
	}
	return text, t, nil
}

func memberOp(m acc.Member) string {
	if m.Arrow {
		return "->"
	}
	return "."
}

// pathUse is what one compute construct does with a member path.
type pathUse struct {
	v        *cfacts.Var
	first    acc.Span
	exprs    []*cfacts.Expr
	read     bool
	written  bool // the data it points to may be written
	readOnly bool
}

// memberPathUses finds the member paths of pointer type that the construct
// uses, in source order, with how it uses the data they point to (from the
// analysis' references of the variable at each path's root); it reports
// pointer members assigned or whose address is taken.
func (l *lowering) memberPathUses() []*pathUse {
	ps := l.c.paths()
	refByIdent := map[*cfacts.Expr]*analysis.Ref{}
	for i := range l.attrs {
		for _, r := range l.attrs[i].Refs {
			if r.Ident != nil {
				refByIdent[r.Ident] = r
			}
		}
	}
	byVar := map[*cfacts.Var]*pathUse{}
	var out []*pathUse
	use := func(v *cfacts.Var, e *cfacts.Expr) *pathUse { // the path's use, with one more expression
		u := byVar[v]
		if u == nil {
			u = &pathUse{v: v, first: e.Span, readOnly: true}
			byVar[v] = u
			out = append(out, u)
		}
		u.exprs = append(u.exprs, e)
		return u
	}
	inner := map[*cfacts.Expr]bool{} // the members inside a path (p->next of p->next->x)
	walkAllExprs(l.r.Stmt, func(x *cfacts.Expr) {
		if x.X != nil && (x.Kind == cfacts.ExprIndex || x.Kind == cfacts.ExprUnary && x.Op == "*" || x.Kind == cfacts.ExprMember && x.Op == "->") {
			ps.deref[x.X] = true
		}
	})
	attrOf := map[*cfacts.Var]*analysis.VarAttr{}
	for i := range l.attrs {
		attrOf[l.attrs[i].Var] = &l.attrs[i]
	}
	reported := map[*cfacts.Var]bool{}
	cursors := map[*cfacts.Var]*cfacts.Var{} // pointer → the elements it points into (nil: not a cursor)
	// movable reports (once per variable) a path whose root variable the
	// construct assigns or privatizes: the host finds the data from the
	// root's value at the launch, which is not the value the kernels use.
	movable := func(root *cfacts.Var, e *cfacts.Expr, text string) bool {
		a := attrOf[root]
		if a == nil {
			return false
		}
		why := ""
		if a.Attr == analysis.AttrPrivate {
			why = "private in the construct"
		}
		if assignedIn(a) {
			why = "assigned in the construct"
		}
		if why == "" {
			return false
		}
		if !reported[root] {
			reported[root] = true
			if elems := l.cursorTarget(root, attrOf, cursors); elems != nil {
				// c->p->q->m with c = &a[i]: the elements' members and
				// the members of what they point to are in pools, not
				// what those point to in turn
				l.c.errorAt(e.Span, "'%s': data reached through more than one pointer member from the elements of '%s' is not supported by the compiler (the kernels cannot follow a pointer stored in device memory); one pointer member between works (c->p->m[k]), or reach it by an index into its own array, e.g. w[c->w_id].m[k] rather than c->w->q->m[k]", text, elems.Name)
			} else {
				l.c.errorAt(e.Span, "'%s': '%s' is %s, and the compiler reaches the data of a pointer member only from its variable's value before the construct (the kernels cannot follow a pointer stored in device memory); write the path from the data itself (a[i].m[k]), or point '%s' only into one array of structs (%s = &a[i]; %s->m[k])", text, root.Name, why, root.Name, root.Name, root.Name)
			}
		}
		return true
	}
	walkAllExprs(l.r.Stmt, func(e *cfacts.Expr) {
		if !analysis.IsPointerMember(e) || inner[e] {
			return
		}
		if base, em, cursor := l.viaMember(e, attrOf, cursors); base != nil {
			// a[i].p->m, c->p->m: the data of the structs' members, in one
			// pool, through a table indexed by the elements of a
			if !cursor && movable(ps.root(base), e, base.Name+"[…]."+em.Member) {
				return
			}
			for x := e.X; x != nil && x.Kind == cfacts.ExprMember; x = x.X {
				inner[x] = true // a[i].p: no path of its own here
			}
			v := ps.elemPathVar(base, em.Member)
			ps.at[e] = v
			ps.elem[v] = em
			if cursor {
				ps.cursor[e] = base
			}
			u := use(v, e)
			u.read, u.written, u.readOnly = true, true, false
			return
		}
		if base, member := l.cursorElems(e, attrOf, cursors); base != nil {
			// c->m with c = &a[i]: a[c - a].m, in a's member pool
			v := ps.elemPathVar(base, member)
			ps.at[e] = v
			ps.elem[v] = &ElemMember{Base: base, Member: member}
			ps.cursor[e] = base
			u := use(v, e)
			u.read, u.written, u.readOnly = true, true, false
			return
		}
		if base, member := ps.elemMemberBase(e); base != nil && !declaredIn(ps.root(base), l.r.Stmt) {
			if movable(ps.root(base), e, base.Name+"[…]."+member) {
				return
			}
			// a[i].m: one path for all the elements (the member pool)
			v := ps.elemPathVar(base, member)
			ps.at[e] = v
			ps.elem[v] = &ElemMember{Base: base, Member: member}
			u := use(v, e)
			u.read, u.written, u.readOnly = true, true, false
			return
		}
		base, text, root, ok := exprPath(e)
		if !ok || declaredIn(base, l.r.Stmt) {
			return
		}
		if movable(base, e, text) {
			return
		}
		for x := e.X; x != nil && x.Kind == cfacts.ExprMember; x = x.X {
			inner[x] = true
		}
		v := ps.pathVar(base, text, e.Type)
		ps.at[e] = v
		ps.byRoot[root] = e
		u := use(v, e)
		r := refByIdent[root]
		switch {
		case r != nil && r.Expr == e && (r.Written() || r.Addr):
			l.c.errorAt(e.Span, "'%s' is a pointer member: assigning it or taking its address in a compute construct is not supported by the compiler (its device copy is attached to the data it points to)", text)
		case r == nil || r.Expr == e:
			// the pointer's value itself (q = v.x, f(v.x)): the data may
			// be written through it
			u.read, u.written, u.readOnly = true, true, false
		default:
			u.read = u.read || r.Read()
			u.written = u.written || r.Written()
			u.readOnly = u.readOnly && !r.MayWrite()
		}
	})
	return out
}

// cursorElems returns the elements (a variable or a member path) that the
// pointer c of e = c->m points into, when e is a pointer member m of those
// elements and every assignment the construct makes to c points it there
// (c = &a[i], c = a + i, c = a, c++, c += k; or c's declaration in the
// construct so initialized): a cursor, the C idiom of a pointer to the
// current element. nil otherwise. cursors caches the answer per pointer.
func (l *lowering) cursorElems(e *cfacts.Expr, attrOf map[*cfacts.Var]*analysis.VarAttr, cursors map[*cfacts.Var]*cfacts.Var) (*cfacts.Var, string) {
	first, member := analysis.ElementMember(e)
	if first == nil || first.Op != "->" || first.X == nil || first.X.Kind != cfacts.ExprIdent || first.X.Var == nil {
		return nil, ""
	}
	base := l.cursorTarget(first.X.Var, attrOf, cursors)
	if base == nil || !isPointer(memberType(base, member)) {
		return nil, ""
	}
	return base, member
}

// viaMember recognizes e = a[i].p->m (also c->p->m with c a pointer to
// the current element, cursorElems, and a[i].in.p->in.m): the data of
// pointer member m of the struct that pointer member p of an element points
// to. It returns the elements (a), the member and whether it is reached
// through a cursor; nil for other expressions.
func (l *lowering) viaMember(e *cfacts.Expr, attrOf map[*cfacts.Var]*analysis.VarAttr, cursors map[*cfacts.Var]*cfacts.Var) (*cfacts.Var, *ElemMember, bool) {
	first, inner := analysis.ElementMember(e)
	if first == nil || first.Op != "->" || first.X == nil || first.X.Kind != cfacts.ExprMember ||
		!isPointer(first.X.Type) || first.X.Type.Elem == nil || !isRecord(first.X.Type.Elem) {
		return nil, nil, false
	}
	ps := l.c.paths()
	cursor := false
	base, via := ps.elemMemberBase(first.X)
	if base == nil {
		base, via = l.cursorElems(first.X, attrOf, cursors)
		cursor = base != nil
	}
	if base == nil || !cursor && declaredIn(ps.root(base), l.r.Stmt) {
		return nil, nil, false
	}
	return base, &ElemMember{Base: base, Member: via + "->" + inner, Via: via}, cursor
}

// cursorTarget is the elements pointer c points into when every
// assignment the construct makes to c points it there (cursorElems), nil
// when c is not such a cursor.
func (l *lowering) cursorTarget(c *cfacts.Var, attrOf map[*cfacts.Var]*analysis.VarAttr, cursors map[*cfacts.Var]*cfacts.Var) *cfacts.Var {
	if base, done := cursors[c]; done {
		return base
	}
	cursors[c] = nil
	a := attrOf[c]

	if a == nil || !isPointer(c.Type) || c.Type.Elem == nil || !isRecord(c.Type.Elem) {
		return nil
	}
	ps := l.c.paths()
	var base *cfacts.Var
	// into is the elements x points into: an array or pointer of structs
	// that is a variable declared outside the construct or a member path.
	into := func(x *cfacts.Expr) *cfacts.Var {
		for x != nil && x.Kind == cfacts.ExprCast {
			x = x.X
		}
		switch {
		case x == nil:
			return nil
		case x.Kind == cfacts.ExprUnary && x.Op == "&" && x.X != nil && x.X.Kind == cfacts.ExprIndex:
			x = x.X.X
		case x.Kind == cfacts.ExprBinary && (x.Op == "+" || x.Op == "-") && x.X != nil && x.Y != nil:
			if x.Op == "+" && x.Y.Type != nil && (isPointer(x.Y.Type) || x.Y.Type.Kind == cfacts.TypeArray) {
				x = x.Y
			} else {
				x = x.X
			}
		}
		if x == nil || x.Type == nil {
			return nil
		}
		if x.Kind == cfacts.ExprIdent && x.Var != nil && x.Var != c && attrOf[x.Var] != nil &&
			(declaredIn(x.Var, l.r.Stmt) || assignedIn(attrOf[x.Var])) {
			return l.cursorTarget(x.Var, attrOf, cursors) // another cursor (left = c - 1)
		}
		v, root := ps.elementsVar(x)
		if v == nil || declaredIn(root, l.r.Stmt) || attrOf[root] != nil && assignedIn(attrOf[root]) {
			return nil
		}
		if v != root && ps.elems[v] == nil {
			ps.elems[v] = x
		}
		return v
	}
	for _, r := range a.Refs {
		if r.Addr && r.Expr == r.Ident {
			return nil // &c: written out of sight (assignedIn)
		}
		if r.Access&analysis.AccWrite == 0 {
			continue
		}
		x := r.Assign
		var to *cfacts.Var
		switch {
		case x == nil:
			return nil
		case r.Decl:
			to = into(x)
		case x.Kind == cfacts.ExprAssign && x.Op == "=":
			to = into(x.Y)
		case x.Kind == cfacts.ExprAssign && (x.Op == "+=" || x.Op == "-="), x.Kind == cfacts.ExprPreInc, x.Kind == cfacts.ExprPostInc:
			continue // a step inside the same elements
		}
		if to == nil || base != nil && to != base {
			return nil
		}
		base = to
	}
	cursors[c] = base
	return base
}

// assignedIn reports whether the construct assigns a's variable (or may,
// through its address).
func assignedIn(a *analysis.VarAttr) bool {
	for _, r := range a.Refs {
		if r.Access&analysis.AccWrite != 0 || r.Addr && r.Expr == r.Ident {
			return true
		}
	}
	return false
}

// onlyThroughPaths reports whether every reference to a's variable in the
// construct is the root of a member path: the kernels then do not need the
// variable itself.
func (l *lowering) onlyThroughPaths(a *analysis.VarAttr) bool {
	ps := l.c.mpaths
	if ps == nil || len(a.Refs) == 0 {
		return false
	}
	for _, r := range a.Refs {
		if r.Ident == nil || ps.byRoot[r.Ident] == nil {
			return false
		}
	}
	return true
}

// pathRef is r as a reference to the member path whose root r's
// identifier is (v.x[i] → a reference to v.x with subscript i), r itself
// otherwise: the dependence test of kernels loops sees the data a member
// points to as an array of its own.
func (c *compilation) pathRef(r *analysis.Ref) *analysis.Ref {
	ps := c.mpaths
	if ps == nil || r.Ident == nil || ps.byRoot[r.Ident] == nil {
		return r
	}
	path := ps.byRoot[r.Ident]
	var idx []*cfacts.Expr
	x := r.Expr
	for x != nil && x != path {
		if x.Kind == cfacts.ExprIndex {
			idx = append([]*cfacts.Expr{x.Y}, idx...)
		} else {
			idx = nil // a member of an element (v.pts[i].f): only the subscripts on the path count
		}
		x = x.X
	}
	if x == nil {
		idx = nil
	}
	q := *r
	q.Var, q.Index, q.Access = ps.at[path], idx, analysis.AccRead
	return &q
}

// fromMemberItem reports whether the analysis gave a's variable the
// attribute of a clause item that names one of its members (copy(v.x[0:n])
// names what v.x points to, not v): the variable then takes its implicit
// attribute.
func fromMemberItem(a *analysis.VarAttr) bool {
	return a.Item != nil && a.Item.Var != nil && len(a.Item.Var.Members) > 0
}

// implicitAttr is a's attribute when no clause names the variable (OpenACC
// 3.3 §2.6.2), for a variable whose clause item names one of its members.
func (l *lowering) implicitAttr(a *analysis.VarAttr) *analysis.VarAttr {
	b := *a
	b.Clause, b.Item, b.From, b.Implicit = nil, nil, nil, true
	t := a.Var.Type
	switch {
	case t != nil && t.IsAggregate() && l.con.Default == "present":
		b.Attr = analysis.AttrPresent
	case t != nil && t.IsAggregate(), l.con.Kind == "kernels":
		b.Attr = analysis.AttrCopy
	default:
		b.Attr = analysis.AttrFirstprivate
	}
	b.Reason = "implicit: the construct's clauses name only its pointer members"
	return &b
}

// pathVars classifies the construct's member paths: device data reached
// through a pointer member, from this construct's clause item, an
// enclosing data construct's, or the present table at the launch.
func (l *lowering) pathVars(uses []*pathUse) {
	for _, u := range uses {
		v := u.v
		cv := &CVar{Var: v, Name: v.Name, Attr: analysis.AttrPresent, Read: u.read, Written: u.written, ReadOnly: u.readOnly}
		a := &analysis.VarAttr{Var: v, First: u.first, Read: u.read, Written: u.written, Deref: true}
		var done *CVar
		if em := l.c.mpaths.elem[v]; em != nil {
			// every element's data is in the member pool (accrt.h section
			// 10), present or entered by the clauses that name a[i].m
			cv.Why = "pointer member of the elements of '" + em.Base.Name + "': the data each element's member points to, which must be present (enter data copyin(" + em.Base.Name + "[i]." + em.Member + "[0:len])), reached through the member's pool and a table of offsets"
			done = l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
			if done != nil {
				done.ElemMember = em
			}
		} else if item := l.items[v]; item != nil {
			cv.Attr = clauseAttrs[item.Clause]
			cv.Why = "explicit: " + item.Name + " on the construct; the member is attached to its device copy"
			done = l.arrayVar(cv, a, item, nil)
		} else if item, from := l.enclosingPathItem(v); item != nil {
			cv.Why = fmt.Sprintf("%s on the enclosing 'data' construct (line %d): present, the member attached to it", item.Name, l.c.prog.lines.line(from))
			done = l.arrayVar(cv, a, nil, item)
		} else {
			cv.Why = "pointer member: attached to the device copy of the data it points to, which must be present (enter data, an enclosing data construct)"
			done = l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
		}
		if done != nil {
			l.con.Vars = append(l.con.Vars, done)
			l.cvars[v] = done
		}
	}
}

// clauseAttrs maps accrt clause constants to attributes (for the dump).
var clauseAttrs = map[string]analysis.Attr{
	"ACCRT_COPY": analysis.AttrCopy, "ACCRT_COPYIN": analysis.AttrCopyin, "ACCRT_COPYOUT": analysis.AttrCopyout,
	"ACCRT_CREATE": analysis.AttrCreate, "ACCRT_NO_CREATE": analysis.AttrNoCreate, "ACCRT_PRESENT": analysis.AttrPresent,
}

// enclosingPathItem finds the nearest enclosing data construct's clause
// item for member path v, as a lookup item, and the construct's offset.
func (l *lowering) enclosingPathItem(v *cfacts.Var) (*DataItem, int) {
	for p := l.r.Parent; p != nil; p = p.Parent {
		d := p.Directive
		if d == nil || d.Spec == nil || d.Spec.Name != "data" {
			continue
		}
		for _, cl := range d.Clauses {
			if cl.Spec == nil || cl.Args == nil || accrtClause[cl.Spec.Name] == "" {
				continue
			}
			for _, it := range cl.Args.Items {
				if it.Var == nil || len(it.Var.Members) == 0 || len(it.Var.Subscripts) == 0 {
					continue
				}
				base := l.c.lookupVar(l.fn, it.Span.Start, it.Var.Name)
				if base == nil {
					continue
				}
				pv, err := l.c.clausePath(base, it.Var)
				if err != nil || pv != v {
					continue
				}
				if di, err := l.c.dataItem("lookup", it, l.fn); err == nil {
					return di, d.Span.Start
				}
			}
		}
	}
	return nil, 0
}

// refers reports whether kernel k references v (a variable, or a member
// path of the construct: one of its expressions is in the kernel).
func (l *lowering) refers(k *Kernel, v *cfacts.Var) bool {
	if !l.c.mpaths.isPath(v) {
		return kernelRefers(k, v)
	}
	for _, u := range l.paths {
		if u.v != v {
			continue
		}
		for _, e := range u.exprs {
			for _, s := range k.Stmts {
				if s.Span.Start <= e.Span.Start && e.Span.End <= s.Span.End {
					return true
				}
			}
		}
	}
	return false
}

// memberSpelling writes a member path expression as its kernel variable;
// a[i].m as the address of element i's data in the member pool.
func (g *kgen) memberSpelling(e *cfacts.Expr) (string, bool) {
	ps := g.c.mpaths
	if ps == nil {
		return "", false
	}
	v := ps.at[e]
	if v == nil {
		return "", false
	}
	s, err := g.spell(v)
	if err != nil {
		return "", false
	}
	if ps.elem[v] != nil {
		t := "char"
		for _, cv := range g.k.Vars {
			if cv.Var == v {
				if ty, err := g.c.prog.typeCL(cv.Elem); err == nil {
					t = ty
				}
			}
		}
		idx := ""
		first, _ := analysis.ElementMember(e) // first.X: the element a[i], or the cursor c
		if ps.elem[v].Via != "" {
			first, _ = analysis.ElementMember(first.X) // a[i].p->m: a[i].p
		}
		if base := ps.cursor[e]; base != nil { // c->m: element c - a
			b, err := g.spell(base)
			if x := ps.elems[base]; err != nil && x != nil {
				b, err = g.expr(x, precAdd), nil // g->cells, through its struct's device copy
			}
			if err != nil {
				return "", false
			}
			idx = fmt.Sprintf("%s - %s", g.expr(first.X, precAdd), b)
		} else {
			idx = g.expr(first.X.Y, precComma)
		}
		if !ps.deref[e] {
			// the pointer's value (if (a[i].m), q = a[i].m): NULL where the
			// element's member is (the table's ~0, accrt.h section 10)
			g.c.prog.MemberValues = true
			return fmt.Sprintf("((__global %s *)_accls_member((__global char *)%s, %s_tab[%s]))", t, s, clName(v.Name), idx), true
		}
		return fmt.Sprintf("((__global %s *)((__global char *)%s + %s_tab[%s]))", t, s, clName(v.Name), idx), true
	}
	return s, true
}

// elemMemberBase is a of a[i].m (a an array or pointer of structs: a
// variable, or a member path to a pointer, p->cells[i].m), with the
// member's text ("m"; "in.m" for a[i].in.m, in a struct embedded in the
// element), nil for other expressions.
func (ps *memberPaths) elemMemberBase(e *cfacts.Expr) (base *cfacts.Var, member string) {
	first, member := analysis.ElementMember(e)
	if first == nil || first.Op != "." || first.X == nil || first.X.Kind != cfacts.ExprIndex {
		return nil, ""
	}
	v, _ := ps.elementsVar(first.X.X)
	return v, member
}

// elementsVar is the variable of x when x denotes an array or pointer of
// structs: x's own variable, or the member path x is (p->cells, g.cells);
// root is the variable it starts from (v itself for a variable). nil for
// anything else.
func (ps *memberPaths) elementsVar(x *cfacts.Expr) (v, root *cfacts.Var) {
	if x == nil || x.Type == nil {
		return nil, nil
	}
	switch {
	case x.Kind == cfacts.ExprIdent && x.Var != nil && x.Var.Type != nil:
		v, root = x.Var, x.Var
	case x.Kind == cfacts.ExprMember && (isPointer(x.Type) || x.Type.Kind == cfacts.TypeArray):
		r, text, _, ok := exprPath(x)
		if !ok {
			return nil, nil
		}
		v, root = ps.pathVar(r, text, x.Type), r
	default:
		return nil, nil
	}
	if t := v.Type; (t.Kind == cfacts.TypeArray || t.Kind == cfacts.TypePointer) && t.Elem != nil && isRecord(t.Elem) {
		return v, root
	}
	return nil, nil
}

// identName spells a name as a C identifier: a member path's "." and "->"
// become "__" (v.x → v__x), an element's "[]" "_e" (a[].x → a_e__x).
func identName(name string) string {
	if !strings.ContainsAny(name, ".-[") {
		return name
	}
	return strings.NewReplacer("->", "__", ".", "__", "[]", "_e").Replace(name)
}

// tableView is the host variable of a member pool's table of offsets.
func tableView(name string) string { return "accls_t_" + identName(name) }

// checkAttach checks the items of d's attach and detach clauses: pointer
// variables or pointer members, without sub-arrays. They move nothing (the
// kernels look the target up at each launch).
func (c *compilation) checkAttach(d *acc.Directive, fn *cfacts.Func) {
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil || cl.Spec.Name != "attach" && cl.Spec.Name != "detach" {
			continue
		}
		for _, it := range cl.Args.Items {
			if it.Var == nil {
				c.errorAt(it.Span, "'%s' is not a variable or a member", it.Text)
				continue
			}
			v := c.lookupVar(fn, it.Span.Start, it.Var.Name)
			switch {
			case v == nil:
				c.errorAt(it.Span, "'%s' is not declared here", it.Var.Name)
			case len(it.Var.Subscripts) > 0:
				c.errorAt(it.Span, "%s '%s': name the pointer itself, without a sub-array", cl.Spec.Name, it.Text)
			case len(it.Var.Members) > 0:
				if _, err := c.clausePath(v, it.Var); err != nil {
					c.errorAt(it.Span, "%v", err)
				}
			case !isPointer(v.Type):
				c.errorAt(it.Span, "%s '%s': it must be a pointer", cl.Spec.Name, it.Text)
			}
		}
	}
}

// elemMemberRef recognizes a clause item a[i].m... (a an array or pointer
// of structs, m a pointer member, i one index): the member and the index's
// text; nil for other items.
func elemMemberRef(base *cfacts.Var, ref *acc.VarRef) (*ElemMember, string) {
	if base == nil || base.Type == nil || len(ref.Members) == 0 {
		return nil, ""
	}
	m := ref.Members[0]
	if m.Arrow || len(m.Subscripts) != 1 || m.Subscripts[0].Section || m.Subscripts[0].Lower == nil {
		return nil, ""
	}
	t := base.Type
	if t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer || t.Elem == nil || !isRecord(t.Elem) {
		return nil, ""
	}
	// a[i].in.x: the members after the element's own are those of structs
	// embedded in it (offsets within the element); a[i].p->x: of the struct
	// its pointer member p points to
	member, via := m.Name, ""
	for _, m := range ref.Members[1:] {
		switch {
		case len(m.Subscripts) > 0, m.Arrow && via != "":
			return nil, ""
		case m.Arrow:
			via = member
			member += "->" + m.Name
		default:
			member += "." + m.Name
		}
	}
	if !isPointer(memberType(base, member)) {
		return nil, ""
	}
	return &ElemMember{Base: base, Member: member, Via: via}, m.Subscripts[0].Lower.Text
}

// elemMember is elemMemberRef for a base that may be a member path: in
// p->cells[i].m... the elements are those p->cells points to (the member
// path's variable is then the base). base is the item's variable; the
// base of the elements is returned with the member and the index.
func (c *compilation) elemMember(base *cfacts.Var, ref *acc.VarRef) (*cfacts.Var, *ElemMember, string) {
	n := len(ref.Members) - 1 // the member after the elements' index (p->cells[i].m, p->cells[i].in.m)
	for n > 0 && len(ref.Members[n].Subscripts) == 0 {
		n--
	}
	if n > 0 {
		prefix := &acc.VarRef{Name: ref.Name, NameSpan: ref.NameSpan, Members: ref.Members[:n]}
		text, t, err := memberChain(base, prefix)
		if err != nil || t == nil || !isPointer(t) && t.Kind != cfacts.TypeArray {
			return nil, nil, "" // (an array member's elements: in the struct's mapping, accrt.h section 10)
		}
		pv := c.paths().pathVar(base, text, t)
		base = pv
		ref = &acc.VarRef{Name: pv.Name, Members: ref.Members[n:], Subscripts: ref.Subscripts}
	}
	em, idx := elemMemberRef(base, ref)
	return base, em, idx
}

// memberType is the type of member name of base's elements ("m", "in.m"
// for a member of a struct embedded in them, "p->m" for one of the struct
// their member p points to), nil when none.
func memberType(base *cfacts.Var, name string) *cfacts.Type {
	if base == nil || base.Type == nil {
		return nil
	}
	return recordMemberType(base.Type.Elem, name)
}

// recordMemberType is memberType for the members of struct type t.
func recordMemberType(t *cfacts.Type, name string) *cfacts.Type {
	name, rest, arrow := strings.Cut(name, "->")
	for _, part := range strings.Split(name, ".") {
		if t == nil || !isRecord(t) {
			return nil
		}
		var ft *cfacts.Type
		for _, f := range t.Fields {
			if f.Name == part {
				ft = f.Type
			}
		}
		t = ft
	}
	if arrow {
		if !isPointer(t) {
			return nil
		}
		return recordMemberType(t.Elem, rest)
	}
	return t
}

// elemMemberItem is the data item of a[i].m[lo:len]: the data of element
// i's member, which its entry puts into the member's pool (accrt.h section
// 10) where the kernels that read a[e].m find it.
func (c *compilation) elemMemberItem(clause string, it *acc.Arg, base *cfacts.Var, em *ElemMember, idx string) (*DataItem, error) {
	ref := it.Var
	pv := c.paths().elemPathVar(base, em.Member)
	elem := fmt.Sprintf("%s[%s]", base.Name, idx)
	member := elem + "." + em.Member
	di := &DataItem{Clause: clause, Name: it.Text, Var: pv, Pos: it.Span.Start,
		Member: &MemberItem{Elem: "&" + elem, Size: "sizeof(" + base.Name + "[0])",
			Offset: fmt.Sprintf("(size_t)((char *)&%s[0].%s - (char *)&%s[0])", base.Name, em.Member, base.Name)}}
	if em.Via != "" {
		// a[i].p->m: the data of a member of the struct a[i].p, which is
		// the element of the entry (its pool is one for all the elements')
		holder := elem + "." + em.Via
		di.Member = &MemberItem{Elem: holder, Size: "sizeof(*" + holder + ")",
			Offset: fmt.Sprintf("__builtin_offsetof(__typeof__(*%s), %s)", holder, em.Inner())}
	}
	if len(ref.Subscripts) != 1 {
		return nil, fmt.Errorf("'%s' is a pointer member: give the extent of the data it points to as one sub-array, %s[0:n]", it.Text, member)
	}
	lo, length, ok := subscriptBounds(ref.Subscripts[0], "")
	if !ok {
		return nil, fmt.Errorf("'%s': its sub-array needs a length (%s[lo:length])", it.Text, member)
	}
	if clause == "lookup" {
		return nil, fmt.Errorf("'%s': present and other lookups of an element's member are not supported by the compiler (the kernels find the elements' data in the member's pool by themselves)", it.Text)
	}
	di.Bytes = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", length, member)
	di.Start, di.Lo = fmt.Sprintf("&(%s)[%s]", member, lo), fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", lo, member)
	return di, nil
}

// fieldType is the type of the member that clause item ref names (v.f,
// p->f, a[i].f, v.in.f), nil when it names none.
func fieldType(base *cfacts.Var, ref *acc.VarRef) *cfacts.Type {
	if base == nil || base.Type == nil {
		return nil
	}
	t := base.Type
	for _, m := range ref.Members {
		switch {
		case len(m.Subscripts) > 0 && (t.Kind == cfacts.TypeArray || t.Kind == cfacts.TypePointer):
			t = t.Elem
		case m.Arrow && t.Kind == cfacts.TypePointer:
			t = t.Elem
		case len(m.Subscripts) > 0 || m.Arrow:
			return nil
		}
		if t == nil || !isRecord(t) {
			return nil
		}
		var ft *cfacts.Type
		for _, f := range t.Fields {
			if f.Name == m.Name {
				ft = f.Type
			}
		}
		if ft == nil {
			return nil
		}
		t = ft
	}
	return t
}
