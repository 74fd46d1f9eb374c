package analysis

import (
	"fmt"

	"github.com/accls/accls/source/cfacts"
)

// dependenceCheck reports simple loop-carried dependences in loops whose
// iterations run in parallel (openacc-rules.md §7): `a[i] = a[i-1] ...`,
// `a[i+1] = a[i]`. A loop runs its iterations in parallel when it is marked
// `independent`, or it is a `parallel loop`, or a `loop` without `seq` and
// `auto` in a parallel construct or orphaned (OpenACC 3.3 §2.9.6). Only
// subscripts of the form i, i+c, i-c on the same array variable are
// compared, with every other subscript written identically; anything else
// (indirect indices, other pointers, atomics) is left alone.
var dependenceCheck = &Check{
	Name:  "dependence",
	Rules: []string{"loop-carried-dependence"},
	Model: checkDependence,
}

func checkDependence(p *Pass, m *Model) {
	for _, r := range allRegions(m) {
		if !r.IsLoop() || len(r.Loops) == 0 || len(r.Directive.Errors) > 0 || !runsInParallel(r) {
			continue
		}
		checkLoopDependence(p, m, r)
	}
}

// runsInParallel reports whether a loop or combined construct's iterations
// are independent by its clauses or by default.
func runsInParallel(r *Region) bool {
	d := r.Directive
	if findClause(d, "seq") != nil || findClause(d, "auto") != nil {
		return false
	}
	if findClause(d, "independent") != nil {
		return true
	}
	if isComputeRegion(r) {
		return computeKind(d) == "parallel"
	}
	if r.Compute == nil {
		return true // orphaned: independent by default
	}
	return computeKind(r.Compute.Directive) == "parallel"
}

// affine returns c when e is i, i+c, c+i or i-c (c an integer constant).
func affine(e *cfacts.Expr, i *cfacts.Var) (int64, bool) {
	e = strip(e)
	if e == nil {
		return 0, false
	}
	if isVarIdent(e, i) {
		return 0, true
	}
	if e.Kind != cfacts.ExprBinary {
		return 0, false
	}
	x, y := strip(e.X), strip(e.Y)
	switch e.Op {
	case "+":
		if isVarIdent(x, i) && y != nil && y.IsInt {
			return y.Int, true
		}
		if isVarIdent(y, i) && x != nil && x.IsInt {
			return x.Int, true
		}
	case "-":
		if isVarIdent(x, i) && y != nil && y.IsInt {
			return -y.Int, true
		}
	}
	return 0, false
}

// unitStep reports whether a for loop advances its variable by one.
func unitStep(loop *cfacts.Stmt, i *cfacts.Var) bool {
	e := strip(loop.Post)
	if e == nil {
		return false
	}
	switch e.Kind {
	case cfacts.ExprPreInc, cfacts.ExprPostInc:
		return isVarIdent(e.X, i)
	case cfacts.ExprAssign:
		if !isVarIdent(e.X, i) {
			return false
		}
		y := strip(e.Y)
		switch e.Op {
		case "+=", "-=":
			return y != nil && y.IsInt && y.Int == 1
		case "=":
			if y != nil && y.Kind == cfacts.ExprBinary && (y.Op == "+" || y.Op == "-") {
				c, ok := affine(y, i)
				return ok && (c == 1 || c == -1)
			}
		}
	}
	return false
}

func checkLoopDependence(p *Pass, m *Model, r *Region) {
	body := r.Loops[0].Body
	if body == nil {
		return
	}
	// Atomic updates of neighbouring elements do not conflict.
	for _, c := range regionsOf(r.Func) {
		if c.Kind == RegionAtomic && c.Stmt != nil && inSpan(body.Span, c.Stmt.Span) {
			return
		}
	}
	private := map[string]bool{}
	for _, name := range []string{"private", "reduction", "firstprivate"} {
		for _, c := range r.Directive.Clauses {
			if canonical(c) == name {
				for _, it := range argItems(c) {
					if it.Var != nil {
						private[it.Var.Name] = true
					}
				}
			}
		}
	}
	refs := CollectRefs(body)
	reported := map[*cfacts.Var]bool{}
	for _, loop := range r.Loops {
		i := forLoopVar(loop)
		if i == nil || !unitStep(loop, i) {
			continue
		}
		for _, w := range refs {
			v := w.Var
			if reported[v] || w.Elem&AccWrite == 0 || len(w.Index) == 0 || private[v.Name] || inSpan(body.Span, v.NameSpan) {
				continue
			}
			if v.Type == nil || (v.Type.Kind != cfacts.TypeArray && v.Type.Kind != cfacts.TypePointer) {
				continue
			}
			for _, x := range refs {
				if x == w || x.Var != v || len(x.Index) != len(w.Index) || x.Elem == AccNone {
					continue
				}
				dist, ok := conflict(w, x, i)
				if !ok {
					continue
				}
				reported[v] = true
				verb := "reads"
				if x.Elem&AccWrite != 0 && x.Elem&AccRead == 0 {
					verb = "writes"
				}
				wt, xt := exprSource(m, w.Expr), exprSource(m, x.Expr)
				p.Report(Diagnostic{
					Span: x.Site(), Rule: "loop-carried-dependence",
					Message: fmt.Sprintf("loop-carried dependence on %s: %s %s the element that iteration %s writes as %s, but this %s runs its iterations in parallel; add 'seq' or restructure the loop",
						quote(v.Name), quote(xt), verb, iterName(i.Name, dist), quote(wt), quote(r.Directive.Spec.Name)),
					Related: []Related{
						{Span: w.Site(), Message: quote(wt) + " is written here"},
						{Span: r.Directive.NameSpan, Message: "the iterations of this loop run in parallel"},
					},
				})
				break
			}
		}
	}
}

// conflict reports whether element accesses w and x of one array touch the
// same element in different iterations of loop variable i: one subscript
// is i+c1 in w and i+c2 in x with c1 != c2, every other subscript is written
// the same and does not involve i. dist is c2-c1: x in iteration k touches
// what w touches in iteration k+dist.
func conflict(w, x *Ref, i *cfacts.Var) (int64, bool) {
	dim := -1
	var dist int64
	for d := range w.Index {
		cw, okw := affine(w.Index[d], i)
		cx, okx := affine(x.Index[d], i)
		switch {
		case okw && okx:
			if cw == cx {
				continue
			}
			if dim >= 0 {
				return 0, false
			}
			dim, dist = d, cx-cw
		case okw || okx:
			return 0, false
		default:
			tw, tx := ExprText(w.Index[d]), ExprText(x.Index[d])
			if tw != tx || tw == "" || containsNul(tw) || mentions(w.Index[d], i) {
				return 0, false
			}
		}
	}
	return dist, dim >= 0
}

func containsNul(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}

// mentions reports whether e names v.
func mentions(e *cfacts.Expr, v *cfacts.Var) bool {
	found := false
	stWalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind == cfacts.ExprIdent && x.Var == v {
			found = true
		}
		return !found
	})
	return found
}

// iterName renders "i+1", "i-2".
func iterName(i string, dist int64) string {
	switch {
	case dist > 0:
		return i + "+" + itoa(dist)
	case dist < 0:
		return i + itoa(dist)
	}
	return i
}
