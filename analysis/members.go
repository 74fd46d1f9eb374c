package analysis

import (
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// What a construct does with struct members (v.n, v.x[i], g->u[i]), for
// hover: the data a pointer member points to is mapped by a clause that
// names the member path (copy(v.x[0:n]), enter data copyin(g->u[0:n])),
// and the device copy of the struct then holds its device address (3.3
// §2.6.8); other members are part of the struct's own data and move with
// it. check_members.go reports the pointer members nothing maps.

// MemberData is the clause that maps the data a pointer member points to,
// as a compute construct sees it.
type MemberData struct {
	Clause    *acc.Clause
	Item      *acc.Arg
	Directive *acc.Directive
	// Attr is the attribute the clause gives the data (AttrCopy, ...).
	Attr Attr
	// From is the construct whose clause it is: the compute construct
	// itself or an enclosing data construct; nil for an earlier directive
	// of the function (enter data, declare).
	From *Region
	// Passed is set, with no clause, when a call before the construct passes
	// the member (acc_copyin(v.x, n), acc_attach(&v.x)).
	Passed bool
}

// ClauseAttr is the attribute a clause gives the variables it names
// (AttrNone for clauses that give none).
func ClauseAttr(name string) Attr { return clauseAttr[name] }

// ItemPath spells the member path of a clause item ("v.x" of v.x[0:n],
// "g->u"); "" when the item names no member.
func ItemPath(it *acc.Arg) string {
	if it == nil || it.Var == nil || len(it.Var.Members) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(it.Var.Name)
	for _, mb := range it.Var.Members {
		if mb.Arrow {
			b.WriteString("->")
		} else {
			b.WriteString(".")
		}
		b.WriteString(mb.Name)
	}
	return b.String()
}

// MemberMapping finds what maps the data that the member path of variable
// v points to, for compute construct r: a data clause of r, then of the
// enclosing data constructs (nearest first), then the last directive of
// the function before r that names the path in a data clause (enter data);
// else whether a call before r passes it.
func MemberMapping(m *Model, r *Region, v *cfacts.Var, path string) MemberData {
	if r == nil || r.Directive == nil {
		return MemberData{}
	}
	for x := r; x != nil; x = x.Parent {
		if x != r && x.Kind != RegionData {
			continue
		}
		if c, it := pathItem(x.Directive, v, path); c != nil {
			return MemberData{Clause: c, Item: it, Directive: x.Directive, Attr: clauseAttr[canonical(c)], From: x}
		}
	}
	fm := r.Func
	if fm == nil {
		return MemberData{}
	}
	var found MemberData
	for _, d := range fm.Directives {
		if d.Span.Start >= r.Directive.Span.Start {
			break
		}
		if d.Spec == nil || d.Spec.Name != "enter data" && d.Spec.Name != "declare" && d.Spec.Name != "exit data" {
			continue // structured constructs map data for their own extent only
		}
		c, it := pathItem(d, v, path)
		switch {
		case c == nil:
		case d.Spec.Name == "exit data":
			found = MemberData{} // unmapped again (a data construct's reference counts aside)
		default:
			found = MemberData{Clause: c, Item: it, Directive: d, Attr: clauseAttr[canonical(c)]}
		}
	}
	if found.Clause == nil && fm.Func != nil && passedToCall(fm.Func.Body, path, r.Directive.Span.Start) {
		found.Passed = true
	}
	return found
}

// pathItem is the data clause of d (and its item; delete and detach
// included, for exit data) that names the member path of v, nil when none
// does.
func pathItem(d *acc.Directive, v *cfacts.Var, path string) (*acc.Clause, *acc.Arg) {
	if d == nil {
		return nil, nil
	}
	for _, c := range d.Clauses {
		if !slices.Contains(dataClauseNames, canonical(c)) && canonical(c) != "delete" && canonical(c) != "detach" {
			continue
		}
		for _, it := range argItems(c) {
			if it.Var != nil && it.Var.Name == v.Name && ItemPath(it) == path {
				return c, it
			}
		}
	}
	return nil, nil
}

// passedToCall reports whether a call in body before pos passes the member
// path, its address or a cast of it (acc_copyin(v.x, n), acc_attach(&v.x)).
func passedToCall(body *cfacts.Stmt, path string, pos int) bool {
	passed := false
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if x.Kind == cfacts.ExprCall && x.Span.Start < pos {
					for _, a := range x.Args {
						a = strip(a)
						for a != nil && (a.Kind == cfacts.ExprUnary && a.Op == "&" || a.Kind == cfacts.ExprCast) {
							a = a.X
						}
						if t, _ := MemberPath(a); t == path {
							passed = true
						}
					}
				}
				return !passed
			})
		})
		return !passed
	})
	return passed
}

// ItemMemberTypes are the declared type of the last of members, accessed
// from variable v as in a clause item (v.in.x, p->x), and the struct or
// union type it is a member of; nil when a step is not known.
func ItemMemberTypes(v *cfacts.Var, members []acc.Member) (member, holder *cfacts.Type) {
	if v == nil {
		return nil, nil
	}
	member = v.Type
	for _, mb := range members {
		holder = selected(member, mb.Arrow)
		member = field(holder, mb.Name)
	}
	return member, holder
}

// MemberUse reports how compute construct r uses the member path of v
// (calls count as both): for a pointer member, the data it points to
// (v.x[i], *v.x); for another member, the member itself (v.n).
func MemberUse(m *Model, r *Region, v *cfacts.Var, path string) (read, written bool) {
	if r == nil || r.Stmt == nil {
		return false, false
	}
	for _, ref := range m.collectRefs(r.Stmt) {
		if ref.Var != v {
			continue
		}
		if through, t := derefPath(ref); through != nil {
			if t != path {
				continue // data reached through another pointer member
			}
		} else if x := memberOn(ref.Expr, path); x == nil || IsPointerMember(x) {
			continue // not the member, or a pointer member's value (p = v.x)
		}
		read = read || ref.Elem&AccRead != 0 || ref.Call
		written = written || ref.Elem&AccWrite != 0 || ref.Call
	}
	return read, written
}

// memberOn is the member access of access e (v.n of v.n, v.a of v.a[i])
// spelled path, nil when e does not go through it.
func memberOn(e *cfacts.Expr, path string) *cfacts.Expr {
	for x := e; x != nil; x = x.X {
		if x.Kind == cfacts.ExprMember {
			if t, _ := MemberPath(x); t == path {
				return x
			}
		}
		if x.Kind != cfacts.ExprMember && x.Kind != cfacts.ExprIndex && !(x.Kind == cfacts.ExprUnary && x.Op == "*") {
			return nil
		}
	}
	return nil
}
