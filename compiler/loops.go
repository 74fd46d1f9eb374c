package compiler

import (
	"fmt"

	"github.com/accls/accls/source/cfacts"
)

// strip removes nothing today (parentheses have no node in cfacts) but
// keeps the call sites honest should they ever get one.
func strip(e *cfacts.Expr) *cfacts.Expr { return e }

func isIdentOf(e *cfacts.Expr, v *cfacts.Var) bool {
	e = strip(e)
	return e != nil && e.Kind == cfacts.ExprIdent && e.Var == v && v != nil
}

// canonicalLoop analyses a for statement as an OpenACC loop: init v = lb
// (or a declaration), condition v < ub (<=, >, >=, or reversed), increment
// v++, ++v, v--, --v, v += s, v -= s, v = v + s, v = s + v, v = v - s.
func canonicalLoop(s *cfacts.Stmt) (*LoopVar, error) {
	if s == nil || s.Kind != cfacts.StmtFor {
		return nil, fmt.Errorf("a loop construct must be followed by a 'for' loop")
	}
	lv := &LoopVar{}
	// init
	switch {
	case s.Init == nil:
		return nil, fmt.Errorf("the loop has no initialization: it is not in canonical form (for (i = lb; i < ub; i++))")
	case s.Init.Kind == cfacts.StmtDecl:
		if len(s.Init.Decls) != 1 || s.Init.Decls[0].Init == nil {
			return nil, fmt.Errorf("the loop must declare exactly one initialized variable to be in canonical form")
		}
		lv.Var, lv.Lower, lv.Declared = s.Init.Decls[0], s.Init.Decls[0].Init, true
	case s.Init.Kind == cfacts.StmtExpr && s.Init.Expr != nil && s.Init.Expr.Kind == cfacts.ExprAssign &&
		s.Init.Expr.Op == "=" && s.Init.Expr.X != nil && s.Init.Expr.X.Kind == cfacts.ExprIdent && s.Init.Expr.X.Var != nil:
		lv.Var, lv.Lower = s.Init.Expr.X.Var, s.Init.Expr.Y
	default:
		return nil, fmt.Errorf("the loop's initialization must assign its variable (i = lb): it is not in canonical form")
	}
	v := lv.Var
	if v.Type == nil || v.Type.Kind != cfacts.TypeInt {
		return nil, fmt.Errorf("the loop variable '%s' must have an integer type", v.Name)
	}
	// condition
	c := strip(s.Cond)
	if c == nil || c.Kind != cfacts.ExprBinary {
		return nil, fmt.Errorf("the loop's condition must compare '%s' with a bound (%s < ub): it is not in canonical form", v.Name, v.Name)
	}
	flip := map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<="}
	switch {
	case isIdentOf(c.X, v) && flip[c.Op] != "":
		lv.Cmp, lv.Upper = c.Op, c.Y
	case isIdentOf(c.Y, v) && flip[c.Op] != "":
		lv.Cmp, lv.Upper = flip[c.Op], c.X
	default:
		return nil, fmt.Errorf("the loop's condition must compare '%s' with <, <=, > or >= against a bound: it is not in canonical form", v.Name)
	}
	if mentionsVar(lv.Upper, v) {
		return nil, fmt.Errorf("the loop's bound depends on '%s': it is not in canonical form", v.Name)
	}
	// increment
	p := strip(s.Post)
	step := func(e *cfacts.Expr, neg bool) {
		if e != nil && e.IsInt {
			lv.StepVal = e.Int
			if neg {
				lv.StepVal = -lv.StepVal
			}
			return
		}
		lv.Step = e
		if neg {
			lv.StepVal = -1 // sign only
		} else {
			lv.StepVal = 1
		}
	}
	switch {
	case p == nil:
		return nil, fmt.Errorf("the loop has no increment: it is not in canonical form")
	case (p.Kind == cfacts.ExprPostInc || p.Kind == cfacts.ExprPreInc) && isIdentOf(p.X, v):
		lv.StepVal = 1
		if p.Op == "--" {
			lv.StepVal = -1
		}
	case p.Kind == cfacts.ExprAssign && isIdentOf(p.X, v) && (p.Op == "+=" || p.Op == "-="):
		step(p.Y, p.Op == "-=")
	case p.Kind == cfacts.ExprAssign && isIdentOf(p.X, v) && p.Op == "=" && strip(p.Y) != nil && strip(p.Y).Kind == cfacts.ExprBinary:
		y := strip(p.Y)
		switch {
		case y.Op == "+" && isIdentOf(y.X, v):
			step(y.Y, false)
		case y.Op == "+" && isIdentOf(y.Y, v):
			step(y.X, false)
		case y.Op == "-" && isIdentOf(y.X, v):
			step(y.Y, true)
		default:
			return nil, fmt.Errorf("the loop's increment must add a constant or invariant step to '%s': it is not in canonical form", v.Name)
		}
	default:
		return nil, fmt.Errorf("the loop's increment must be %s++, %s--, %s += step or %s -= step: it is not in canonical form", v.Name, v.Name, v.Name, v.Name)
	}
	if lv.Step != nil && mentionsVar(lv.Step, v) {
		return nil, fmt.Errorf("the loop's step depends on '%s': it is not in canonical form", v.Name)
	}
	if lv.Step == nil && lv.StepVal == 0 {
		return nil, fmt.Errorf("the loop's step is 0")
	}
	lv.Down = lv.StepVal < 0
	up := lv.Cmp == "<" || lv.Cmp == "<="
	if up == lv.Down {
		return nil, fmt.Errorf("the loop's condition (%s) and its step go in opposite directions: it is not in canonical form", lv.Cmp)
	}
	// The body must not assign the loop variable.
	if assignsVar(s.Body, v) {
		return nil, fmt.Errorf("the loop variable '%s' is modified in the loop body", v.Name)
	}
	return lv, nil
}

// mentionsVar reports whether e refers to v.
func mentionsVar(e *cfacts.Expr, v *cfacts.Var) bool {
	found := false
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind == cfacts.ExprIdent && x.Var == v {
			found = true
		}
		return !found
	})
	return found
}

// assignsVar reports whether statement s assigns v (=, op=, ++, --).
func assignsVar(s *cfacts.Stmt, v *cfacts.Var) bool {
	found := false
	cfacts.Walk(s, func(st *cfacts.Stmt) bool {
		cfacts.StmtExprs(st, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				switch x.Kind {
				case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
					if isIdentOf(x.X, v) {
						found = true
					}
				case cfacts.ExprUnary:
					if x.Op == "&" && isIdentOf(x.X, v) {
						found = true
					}
				}
				return !found
			})
		})
		return !found
	})
	return found
}
