package analysis

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// invariantUpdateCheck reports read-modify-write updates that every
// iteration of a parallel loop makes to the same place: an element whose
// subscripts do not change in the loop (`c[i] += b[i*m + j]` in a vector
// loop over j), or a scalar declared outside the loop but inside the
// compute construct (a gang's own `sum`, which its lanes share). The
// iterations run at once and the updates race; a missing reduction is the
// usual cause. The construct's own scalars are the implicit-attribute
// checks' (check_implicit.go): they are firstprivate there.
var invariantUpdateCheck = &Check{
	Name:  "invariant-update",
	Rules: []string{"loop-invariant-update"},
	Model: checkInvariantUpdates,
}

func checkInvariantUpdates(p *Pass, m *Model) {
	for _, r := range allRegions(m) {
		if !r.IsLoop() || len(r.Loops) == 0 || len(r.Directive.Errors) > 0 || !runsInParallel(r) || r.Compute == nil {
			continue
		}
		checkInvariantUpdate(p, m, r)
	}
}

func checkInvariantUpdate(p *Pass, m *Model, r *Region) {
	body := r.Loops[0].Body
	if body == nil || r.Compute.Stmt == nil {
		return
	}
	var loopVars []*cfacts.Var
	for _, lp := range r.Loops {
		if i := forLoopVar(lp); i != nil {
			loopVars = append(loopVars, i)
		}
	}
	if len(loopVars) == 0 {
		return
	}
	// Names the loop, or a loop or construct around it, privatizes or
	// reduces: their updates are each iteration's own, or combined.
	exempt := map[string]bool{}
	for a := r; a != nil; a = a.Parent {
		for _, c := range a.Directive.Clauses {
			switch canonical(c) {
			case "private", "reduction", "firstprivate":
				for _, it := range argItems(c) {
					if it.Var != nil {
						exempt[it.Var.Name] = true
					}
				}
			}
		}
		if a == r.Compute {
			break
		}
	}
	refs := CollectRefs(body)
	written := map[*cfacts.Var]bool{} // variables the body assigns
	for _, x := range refs {
		if x.Access&AccWrite != 0 {
			written[x.Var] = true
		}
	}
	reported := map[*cfacts.Var]bool{}
	for _, w := range refs {
		v := w.Var
		if reported[v] || exempt[v.Name] || inSpan(body.Span, v.NameSpan) || w.Assign == nil || w.Addr || w.Call {
			continue
		}
		rmw := w.Op != "" || w.Assign.Kind == cfacts.ExprPreInc || w.Assign.Kind == cfacts.ExprPostInc ||
			w.Assign.Kind == cfacts.ExprAssign && (w.Assign.Op != "=" || readsSame(w.Assign.Y, w.Expr))
		if !rmw {
			continue
		}
		switch {
		case len(w.Index) > 0 && w.Elem&AccWrite != 0:
			// every subscript on the way counts: a[i].v[j] changes with j
			if written[v] || !invariantIndex(chainIndexes(w.Expr, w.Index), loopVars, written) {
				continue
			}
		case len(w.Index) == 0 && w.Access&AccWrite != 0 && !w.Deref:
			// a scalar of the construct's body, outside this loop: each
			// gang has its own, so only a loop over a gang's workers or
			// lanes shares it
			if !inSpan(r.Compute.Stmt.Span, v.NameSpan) || isLoopCounter(r.Loops[0], v) || !partitionsWithinGang(r) {
				continue
			}
		default:
			continue
		}
		if underCondition(body, w.Span) || inAtomic(r, w) {
			continue
		}
		reported[v] = true
		what := exprSource(m, w.Expr)
		same := fmt.Sprintf("which does not change with %s", quote(loopVars[0].Name))
		if len(w.Index) == 0 {
			same = "which its iterations share (declared outside the loop)"
		}
		p.Report(Diagnostic{
			Span: w.Site(), Rule: "loop-invariant-update",
			Message: fmt.Sprintf("every iteration of this %s updates %s, %s: the iterations run in parallel and race, and updates are lost; accumulate in a scalar with a reduction clause and store it after the loop, make the update atomic, or add 'seq'",
				quote(r.Directive.Spec.Name), quote(what), same),
			Related: []Related{{Span: r.Directive.NameSpan, Message: "the iterations of this loop run in parallel"}},
		})
	}
}

// invariantIndex reports whether subscripts are made only of constants and
// variables that are not loop variables of the loop and that its body
// does not assign.
func invariantIndex(index []*cfacts.Expr, loopVars []*cfacts.Var, written map[*cfacts.Var]bool) bool {
	ok := true
	for _, e := range index {
		stWalkExpr(e, func(x *cfacts.Expr) bool {
			switch x.Kind {
			case cfacts.ExprIdent:
				if x.Var == nil || written[x.Var] {
					ok = false
				}
				for _, i := range loopVars {
					if x.Var == i {
						ok = false
					}
				}
			case cfacts.ExprConst, cfacts.ExprBinary, cfacts.ExprUnary, cfacts.ExprCast:
				if x.Kind == cfacts.ExprUnary && (x.Op == "*" || x.Op == "&") {
					ok = false
				}
			default:
				ok = false // calls, element reads, members: not analysed
			}
			return ok
		})
	}
	return ok
}

// underCondition reports whether span lies in an if, switch, while, do or
// ?: inside s: the update may be one iteration's only.
func underCondition(s *cfacts.Stmt, span acc.Span) bool {
	found := false
	cfacts.Walk(s, func(x *cfacts.Stmt) bool {
		if found || !inSpan(x.Span, span) {
			return false
		}
		switch x.Kind {
		case cfacts.StmtIf, cfacts.StmtSwitch, cfacts.StmtWhile, cfacts.StmtDo, cfacts.StmtLabel:
			found = true
		}
		cfacts.StmtExprs(x, func(e *cfacts.Expr) {
			stWalkExpr(e, func(y *cfacts.Expr) bool {
				if y.Kind == cfacts.ExprCond && inSpan(y.Span, span) || (y.Op == "&&" || y.Op == "||") && inSpan(y.Span, span) {
					found = true
				}
				return !found
			})
		})
		return !found
	})
	return found
}

// partitionsWithinGang reports whether loop r divides its iterations among
// the workers or vector lanes of a gang: by its clauses, or, without
// level clauses, when a gang loop encloses it (the implementation then
// gives it the levels below gang).
func partitionsWithinGang(r *Region) bool {
	if r.Level&(LevelWorker|LevelVector) != 0 {
		return true
	}
	if r.Level&(LevelGang|LevelSeq) != 0 {
		return false
	}
	for a := r.Parent; a != nil && a != r.Compute; a = a.Parent {
		if a.IsLoop() && a.Level&LevelGang != 0 {
			return true
		}
	}
	return false
}

// chainIndexes is the subscripts of the access path e (a[i].v[j]: i and
// j), or index when e is not such a path.
func chainIndexes(e *cfacts.Expr, index []*cfacts.Expr) []*cfacts.Expr {
	var out []*cfacts.Expr
	for x := e; x != nil; x = x.X {
		switch x.Kind {
		case cfacts.ExprIndex:
			out = append(out, x.Y)
		case cfacts.ExprMember:
		default:
			if x.Kind != cfacts.ExprIdent || len(out) == 0 {
				return index
			}
			return out
		}
	}
	return index
}
