package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// The manual deep copy left out: an array of structs on the device whose
// elements' pointer members the construct dereferences (a[i].x[k]) while
// nothing enters the data they point to. The elements' device copies hold
// the host addresses (OpenACC 3.3 §2.6.8 attaches a member only when its
// data is present), which NVIDIA's compiler dereferences on the GPU. Part
// of memberCheck (rule unmapped-pointer-member).

// checkElementPointerMembers reports a[i].m (also a[i].in.m, in a struct
// embedded in the elements) in a compute construct when the function
// allocates a and sets every element's m from malloc/calloc itself, never
// passes a or its elements anywhere, and no directive or call of the
// function names an element's m: only then is it certain that nothing put
// the data on the device.
func checkElementPointerMembers(p *Pass, m *Model, fm *FuncModel) {
	var fnRefs []*Ref
	for _, r := range funcComputes(fm) {
		if r.Stmt == nil || len(r.Directive.Errors) > 0 {
			continue
		}
		var seen map[string]bool // made for the first candidate
		for _, ref := range m.collectRefs(r.Stmt) {
			if !ref.Member {
				continue
			}
			path, member := elementMemberPath(ref)
			v := ref.Var
			if path == nil || seen[v.Name+"[]."+member] || !localStructElements(v) || inSpan(r.Stmt.Span, v.NameSpan) {
				continue
			}
			if seen == nil {
				seen = map[string]bool{}
			}
			seen[v.Name+"[]."+member] = true
			if fnRefs == nil {
				fnRefs = m.collectRefs(fm.Func.Body)
			}
			if !elementMembersFromAllocationOnly(v, member, fnRefs) || elementMemberNamed(fm, v, member) {
				continue
			}
			item := fmt.Sprintf("%s[i].%s[0:n]", v.Name, member)
			p.Report(Diagnostic{
				Span: path.Span, Rule: "unmapped-pointer-member",
				Message: fmt.Sprintf("%s points to data that nothing maps: the device copy of %s holds its elements' host addresses, which are attached to device memory only when the data is present; enter each element's data after %s (a manual deep copy: enter data copyin(%s) for every i)",
					quote(v.Name+"[…]."+member), quote(v.Name), quote(v.Name), item),
				Related: []Related{{Span: r.Directive.NameSpan, Message: "no clause of this " + quote(r.Directive.Spec.Name) + " or of a directive of the function names the elements' " + quote(member)}},
			})
		}
	}
}

// elementMemberPath finds, in the access of ref, the pointer member of an
// element of ref's variable that the access goes through (a[i].x of
// a[i].x[k], a[i].in.x of *a[i].in.x): the expression and the member's
// text ("x", "in.x"); nil when there is none.
func elementMemberPath(ref *Ref) (*cfacts.Expr, string) {
	if !ref.Member || ref.Expr == nil || ref.Ident == nil || ref.Var == nil {
		return nil, ""
	}
	var found *cfacts.Expr
	member := ""
	for x := ref.Expr; x != nil; x = x.X {
		if x.Kind != cfacts.ExprMember || !IsPointerMember(x) {
			continue
		}
		first, text := ElementMember(x)
		if first.Op == "." && first.X != nil && first.X.Kind == cfacts.ExprIndex && first.X.X == ref.Ident {
			found, member = x, text
		}
	}
	return found, member
}

// localStructElements reports whether v is a local pointer to, or array
// of, structs.
func localStructElements(v *cfacts.Var) bool {
	t := v.Type
	return v.Storage == cfacts.StorageLocal && t != nil && (t.Kind == cfacts.TypePointer || t.Kind == cfacts.TypeArray) && t.Elem.IsRecord()
}

// elementMembersFromAllocationOnly reports whether the function's refs
// allocate the elements v points to (or v is an array), set the elements'
// member only from allocations, at least once, and never let v or its
// elements go anywhere (a call, an address, another pointer): then only a
// directive of the function can have mapped the members' data.
func elementMembersFromAllocationOnly(v *cfacts.Var, member string, refs []*Ref) bool {
	if v.Init != nil && !isAllocation(v.Init) {
		return false
	}
	allocated := false
	for _, r := range refs {
		if r.Var != v {
			continue
		}
		if r.Addr || r.Call || r.Escape {
			return false
		}
		if r.Expr == r.Ident && r.Access&AccWrite != 0 && !r.Decl { // (the initializer: v.Init)
			if r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign || r.Assign.Op != "=" || !isAllocation(r.Assign.Y) {
				return false // v = other: its elements come from elsewhere
			}
			continue
		}
		if r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign {
			continue
		}
		if x := strip(r.Assign.X); x != nil && x.Kind == cfacts.ExprMember {
			if _, text := elementMemberPath(&Ref{Var: v, Ident: r.Ident, Expr: x, Member: true}); text == member && x == elementMemberExpr(x) {
				if r.Assign.Op != "=" || !isAllocation(r.Assign.Y) {
					return false
				}
				allocated = true
			}
		}
	}
	return allocated
}

// elementMemberExpr is x itself when x is a pointer member access (the
// member assigned, a[i].x = ...), nil otherwise.
func elementMemberExpr(x *cfacts.Expr) *cfacts.Expr {
	if x != nil && x.Kind == cfacts.ExprMember && IsPointerMember(x) {
		return x
	}
	return nil
}

// elementMemberNamed reports whether a directive of the function names
// the member of v's elements in a clause (enter data copyin(a[i].x[0:n]),
// copy(a[0].in.x[0:n]), attach(a[i].x)) or a call passes it
// (acc_copyin(a[i].x, n), acc_attach(&a[i].x)).
func elementMemberNamed(fm *FuncModel, v *cfacts.Var, member string) bool {
	for _, d := range fm.Directives {
		for _, c := range d.Clauses {
			for _, it := range argItems(c) {
				if it.Var == nil || it.Var.Name != v.Name || len(it.Var.Members) == 0 || len(it.Var.Members[0].Subscripts) == 0 {
					continue
				}
				var names []string
				for _, mb := range it.Var.Members {
					names = append(names, mb.Name)
				}
				if text := strings.Join(names, "."); text == member || strings.HasPrefix(member, text+".") {
					return true
				}
			}
		}
	}
	named := false
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if x.Kind != cfacts.ExprCall {
					return !named
				}
				for _, a := range x.Args {
					a = strip(a)
					for a != nil && (a.Kind == cfacts.ExprUnary && a.Op == "&" || a.Kind == cfacts.ExprCast) {
						a = a.X
					}
					for y := a; y != nil && y.Kind == cfacts.ExprMember; y = y.X {
						if y.X != nil && y.X.Kind == cfacts.ExprIndex && y.X.X != nil && y.X.X.Var == v {
							named = true
						}
					}
				}
				return !named
			})
		})
		return !named
	})
	return named
}
