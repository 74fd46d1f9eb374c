package compiler

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Loop bounds the host evaluates. NVIDIA's multi-GPU examples bound their
// loops with elements of small host tables (`iy < iy_end[dn]`, one row
// range per device). Left in the kernel, such a table is implicitly copied
// to the device at every launch: two small copies before each kernel,
// and on an async queue a snapshot and an event for each (the seventh
// batch's Poisson solver: 6 of its 8 copies per iteration). The value is
// the host's anyway: a table that no data clause names, whose address the
// function never lets go and that the construct does not write, has no
// device copy but the one the launch would make from it. So the host
// evaluates such a bound at the launch and passes it as an argument, as it
// passes scalars, and the table is not mapped at all.

// hoistBounds finds the bounds of the construct's loops that the host can
// evaluate (hoistable) and gives each kernel the arguments that carry them
// (Kernel.Hoisted); l.hoisted collects them for variables, which then maps
// no variable that only such bounds read.
func (l *lowering) hoistBounds() {
	written := map[*cfacts.Var]bool{}
	for _, r := range analysis.CollectRefs(l.r.Stmt) {
		if (r.Access|r.Elem)&analysis.AccWrite != 0 { // the variable or its elements
			written[r.Var] = true
		}
	}
	named := namedInVarLists(l.r.Func)
	hostOnly := map[*cfacts.Var]bool{} // memo of hostOnlyVar
	ok := func(v *cfacts.Var) bool {
		h, seen := hostOnly[v]
		if !seen {
			h = !written[v] && !declaredIn(v, l.r.Stmt) && !named[v.Name] && hostOnlyVar(l.fn, v)
			hostOnly[v] = h
		}
		return h
	}
	for _, k := range l.con.Kernels {
		forEachLoop(k.Loops, func(lp *Loop) {
			for _, lv := range lp.Vars {
				if headerMacro(lv) {
					continue // the bounds' text is the macro's call (hostgen.go)
				}
				for _, e := range []*cfacts.Expr{lv.Lower, lv.Upper, lv.Step} {
					if e == nil || e.IsInt || !readsMemory(e) || !hoistable(e, ok) {
						continue
					}
					if _, done := k.Hoisted[e]; done {
						continue
					}
					ty, err := paramCL(e.Type)
					ht, err2 := hostCL(e.Type)
					if err != nil || err2 != nil {
						continue
					}
					if k.Hoisted == nil {
						k.Hoisted = map[*cfacts.Expr]string{}
					}
					name := fmt.Sprintf("_accls_bound%d", len(k.Hoisted))
					k.Hoisted[e] = name
					k.HoistedParams = append(k.HoistedParams, &Param{Kind: ParamValue, Name: name, CL: ty, Host: l.c.text(e.Span), HostT: ht})
					if l.hoisted == nil {
						l.hoisted = map[*cfacts.Expr]bool{}
					}
					l.hoisted[e] = true
				}
			}
		})
	}
}

// readsMemory reports whether e reads an array element or a member (a bound
// of plain scalars is passed as those scalars already are).
func readsMemory(e *cfacts.Expr) bool {
	found := false
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind == cfacts.ExprIndex || x.Kind == cfacts.ExprMember {
			found = true
		}
		return !found
	})
	return found
}

// hoistable reports whether the host may evaluate e in the kernel's place:
// arithmetic on integer values, subscripts and `.` members, no calls, side
// effects, dereferences or `->`, and only variables that ok accepts.
func hoistable(e *cfacts.Expr, ok func(*cfacts.Var) bool) bool {
	if e.Type == nil || e.Type.Kind != cfacts.TypeInt {
		return false
	}
	good := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprIdent:
			if x.Var != nil && !ok(x.Var) {
				good = false
			}
		case cfacts.ExprConst, cfacts.ExprBinary, cfacts.ExprCond, cfacts.ExprIndex, cfacts.ExprCast, cfacts.ExprSizeof:
		case cfacts.ExprUnary:
			good = good && x.Op != "*" && x.Op != "&"
		case cfacts.ExprMember:
			good = good && x.Op == "."
		default:
			good = false
		}
		return good
	})
	return good
}

// hostOnlyVar reports whether v, a variable of function fn, can have no
// device copy but one a construct makes from the host's value: an automatic
// variable or a parameter, not a pointer, that fn uses only by value (a
// scalar not under &; an array or struct only through subscripts and `.`
// down to a number, never whole, whose address would let another function
// map it).
func hostOnlyVar(fn *cfacts.Func, v *cfacts.Var) bool {
	if v.Storage != cfacts.StorageLocal && v.Storage != cfacts.StorageParam || v.Type == nil || v.Type.Kind == cfacts.TypePointer {
		return false
	}
	if fn == nil || fn.Body == nil {
		return false
	}
	whole := !isArith(v.Type) // an array or struct: its uses must reach a number
	good := true
	var visit func(x *cfacts.Expr, addr bool)
	visit = func(x *cfacts.Expr, addr bool) {
		if x == nil || !good {
			return
		}
		if base, n := accessBase(x); base != nil && base.Var == v {
			// a chain of subscripts and members down from v
			if addr || whole && !isArith(x.Type) && n > 0 {
				good = false
			}
			if n > 0 {
				for y := x; y != base; y = y.X {
					if y.Kind == cfacts.ExprIndex {
						visit(y.Y, false)
					}
				}
				return
			}
			if whole || addr {
				good = false
			}
			return
		}
		under := x.Kind == cfacts.ExprUnary && x.Op == "&"
		visit(x.X, under)
		visit(x.Y, false)
		visit(x.Z, false)
		for _, a := range x.Args {
			visit(a, false)
		}
	}
	cfacts.Walk(fn.Body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) { visit(e, false) })
		return good
	})
	return good
}

// accessBase returns the identifier a chain of subscripts and `.` members
// starts from (x itself when it is one) and the chain's length; nil when x
// is not such a chain.
func accessBase(x *cfacts.Expr) (*cfacts.Expr, int) {
	n := 0
	for {
		switch {
		case x.Kind == cfacts.ExprIdent:
			return x, n
		case x.Kind == cfacts.ExprIndex, x.Kind == cfacts.ExprMember && x.Op == ".":
			x = x.X
			n++
		default:
			return nil, 0
		}
	}
}

// namedInVarLists is the set of variables that a var-list of some directive
// of function fm names (data clauses, update, private, reduction, cache,
// declare...): such a variable may have a device copy of its own.
func namedInVarLists(fm *analysis.FuncModel) map[string]bool {
	named := map[string]bool{}
	add := func(items []*acc.Arg) {
		for _, it := range items { // the variable, not the names in its bounds
			if it.Var != nil {
				named[it.Var.Name] = true
			}
		}
	}
	for _, d := range fm.Directives {
		if d.Paren != nil && d.Name != "wait" {
			add(d.Paren.Items)
		}
		for _, cl := range d.Clauses {
			if cl.Spec == nil || cl.Args == nil {
				continue
			}
			switch cl.Spec.ArgFor(d.Name) {
			case acc.ArgVarList, acc.ArgReduction:
				add(cl.Args.Items)
			}
		}
	}
	return named
}

// onlyInHoistedBounds reports whether every reference to v in the construct
// is inside a bound the host evaluates.
func (l *lowering) onlyInHoistedBounds(v *cfacts.Var) bool {
	if len(l.hoisted) == 0 {
		return false
	}
	inBound, elsewhere := false, false
	cfacts.Walk(l.r.Stmt, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if l.hoisted[x] {
					if mentionsVar(x, v) {
						inBound = true
					}
					return false
				}
				if x.Kind == cfacts.ExprIdent && x.Var == v {
					elsewhere = true
				}
				return !elsewhere
			})
		})
		return !elsewhere
	})
	return inBound && !elsewhere
}
