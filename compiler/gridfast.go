package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The forms of a kernel on a 2-D/3-D NDRange (kgen.form).
const (
	gridBoth          = iota // one kernel: the covered path behind a test, the grid-stride loops after it
	gridCovers               // the kernel Name: one iteration per work-item, no loops, the arrays at their buffers' starts
	gridStrides              // the kernel StrideName: the grid-stride loops alone
	gridCoversOffsets        // the kernel OffsetName: gridCovers for views inside their buffers
)

// splitGrid reports whether a kernel on a 2-D/3-D NDRange is written as
// three kernels, Name for a grid that covers the trip counts with every
// array's view at the start of its buffer (Name adds no offsets,
// kernelgen.go), OffsetName for such a grid with views inside their
// buffers (a sub-array from a[1], the section of a larger mapping), and
// StrideName for the rest, the host choosing at launch (hostgen.go
// gridSize).
// Both paths in one kernel cost the covered one the registers of the
// loops: on an H200, heat-3d's sweep used 56 registers instead of 28 and
// took 16.4 µs per launch at 128³ instead of 14.1 (124.7 and 89.8 µs at
// 256³); jacobi-2d's used 30 instead of 18 (bench/README.md). The host can
// only choose when it computes the very trip counts the kernel does: the
// nest is the kernel's only statement (nothing before it changes a bound)
// and its bounds read only constants and firstprivate scalars.
func splitGrid(k *Kernel) bool {
	if k.Grid == 0 || len(k.Stmts) != 1 || k.Stmts[0] != k.Loops[0].Stmts[0] || len(k.Reductions) > 0 { // Grid: k.Loops is the one nest
		return false
	}
	for _, lv := range k.Loops[0].Vars {
		for _, e := range []*cfacts.Expr{lv.Lower, lv.Upper, lv.Step} {
			if e != nil && !launchValue(k, e) {
				return false
			}
		}
	}
	return true
}

// launchValue reports whether e has the same value on the host at launch
// as in the kernel: arithmetic on constants and on variables the kernel
// gets by value (firstprivate scalars); no memory reads (a subscript or a
// pointer's target may differ between host and device), no calls, no
// side effects.
func launchValue(k *Kernel, e *cfacts.Expr) bool {
	ok := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprConst, cfacts.ExprBinary, cfacts.ExprCond, cfacts.ExprCast, cfacts.ExprSizeof:
		case cfacts.ExprUnary:
			ok = x.Op != "*" && x.Op != "&"
		case cfacts.ExprIdent:
			if x.Var != nil { // nil: an enum constant
				ok = false
				for _, cv := range k.Vars {
					if cv.Var == x.Var && cv.Mode == ModeValue {
						ok = true
					}
				}
			}
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// gridCovered writes the nest of a kernel on a 2-D/3-D NDRange: when the
// grid covers every trip count (the host sizes it so unless num_gangs is
// given, the trips are only known on the device, or a trip passes the gang
// cap), each work-item runs one iteration under a bounds check, straight-line
// code as a hand-written kernel has it; otherwise the grid-stride loops.
// A split kernel (splitGrid) has one of them per form; the other kernels
// have both, behind a test that is the same for all work-items. Measured on PoCL (heat-3d
// 96³): 3.5–4× faster kernels than the grid-stride loops alone, which
// PoCL's work-group vectorizer does not turn into vector code. The indexes
// are 32-bit there: heat-3d 128³ on an H100, kernel time of 11 runs, 15.5–
// 17.5 ms with 64-bit ones, 14.6–14.9 ms.
func (g *kgen) gridCovered(lp *Loop, ns []string) {
	switch g.form {
	case gridCovers, gridCoversOffsets:
		g.line(0, "/* the host launches this form on a grid that covers the trip counts (else %s)%s: one iteration per work-item, 32-bit indexes */", g.k.StrideName,
			map[bool]string{true: ", with every array at the start of its buffer (else " + g.k.OffsetName + ")", false: ", with arrays inside their buffers"}[g.form == gridCovers])
		g.gridNest(lp, ns, true)
		return
	case gridStrides:
		g.line(0, "/* the host launches this form when its grid may not cover the trip counts (num_gangs, a trip past the gang cap; else %s) */", g.k.Name)
		g.gridNest(lp, ns, false)
		return
	}
	n := len(lp.Vars)
	var cover []string
	for i := range lp.Vars {
		cover = append(cover, fmt.Sprintf("(long)get_global_size(%d) >= %s", n-1-i, ns[i]))
	}
	// 32-bit indexes need no check: the host sizes these grids with
	// accls_gangs, at most 65536 groups of at most 1024 work-items per
	// dimension (accrt_gen.h), far below 2^31.
	g.line(0, "if (%s) { /* the grid covers the trip counts: one iteration per work-item, 32-bit indexes */", strings.Join(cover, " && "))
	g.indent++
	g.gridNest(lp, ns, true)
	g.indent--
	g.line(0, "} else {")
	g.indent++
	g.gridNest(lp, ns, false)
	g.indent--
	g.line(0, "}")
}

// straightLine reports whether a partitioned loop gets straightIteration:
// a gang loop that also runs over the vector lanes (the host sizes the
// gangs so that every work-item has at most one iteration, unless
// num_gangs or a gang cap says otherwise) and whose iterations need no
// barrier (not Uniform) nor chunks (not gang(static:)).
func straightLine(lp *Loop) bool {
	return lp.Levels&analysis.LevelGang != 0 && lp.Levels&analysis.LevelVector != 0 &&
		!lp.Uniform && lp.Static == "" && len(lp.Tile) == 0
}

// straightIteration writes, before the grid-stride loop of lp (the caller
// writes it after "else"), its single iteration when there are at least as
// many work-items (num) as iterations (total): straight-line code with a
// 32-bit index, as a hand-written kernel has it. Measured on an H100 (mvt
// 4096, kernel time of 11 runs): 12.6 ms as a grid-stride loop, 8.4 ms
// with this path first (the hand-written twin: 10.0); 64-bit indexes in
// the same path: 8.6. iterate writes the iteration (variables, body).
func (g *kgen) straightIteration(lp *Loop, tname, id, num, total string, sc map[*cfacts.Var]string, iterate func()) {
	g.line(0, "if (%s >= %s && %s <= 2147483647) { /* a work-item per iteration at most: no loop, 32-bit index */", paren(num), total, paren(num))
	g.indent++
	// do-while(0): a `continue` of the body ends the iteration, as in the loop
	if len(lp.Vars) == 1 {
		if stmt, test := g.boundedIteration(lp.Vars[0], tname, sc); test != "" {
			g.line(0, "const int %s = (int)(%s); %s if (%s < (int)%s && %s) do {", tname, id, stmt, tname, paren(total), test)
			g.indent++
			g.iterationBody(lp, sc, "")
			g.indent--
			g.line(0, "} while (0);")
			g.indent--
			g.line(0, "} else /* grid-stride: more iterations than work-items */")
			return
		}
	}
	g.line(0, "const int %s = (int)(%s); if (%s < (int)%s) do {", tname, id, tname, paren(total))
	g.indent++
	iterate()
	g.indent--
	g.line(0, "} while (0);")
	g.indent--
	g.line(0, "} else /* grid-stride: more iterations than work-items */")
}

// boundedIteration binds the loop variable of lv at the work-item's
// iteration t (a 32-bit int) before the test that the iteration exists,
// and returns the statement and the loop's own condition on the variable
// (k < n - 1), to test beside t < trips; test is "" where the variable is t
// itself or the bound is not cheap and pure to evaluate again. The
// condition adds nothing to the trip test (t < trips implies it), but it
// gives the 32-bit value of the variable a use of its own: with the subscript's sign
// extension as its only use, LLVM folds `(long)(1 + t)` into shifts of the
// 64-bit id (shl/add/ashr), where neither PoCL's work-group vectorizer
// sees consecutive addresses (gathers: heat-3d's sweep 3.7× the twin's
// time on PoCL 3.1, 2 cores) nor NVIDIA's compiler keeps the extension
// out of every subscript (bench/README.md, fifteenth session).
func (g *kgen) boundedIteration(lv *LoopVar, t string, sc map[*cfacts.Var]string) (stmt, test string) {
	if lv.Lower.IsInt && lv.Lower.Int == 0 && !lv.Down && lv.Step == nil && lv.StepVal == 1 || !reevaluable(lv.Upper) {
		return "", ""
	}
	stmt, name := g.loopVarStmt(lv, g.loopValue(lv, "(long)"+t), sc)
	return stmt, fmt.Sprintf("%s %s %s", name, lv.Cmp, g.expr(lv.Upper, precShift))
}

// conditionBounds reports whether the loop's own condition on its variable
// (i < n - 1) is the whole test that work-item t has an iteration, in a
// grid kernel's covered form: an upward loop by one from a small constant
// (i = lo + t, t below the grid's 2^26 work-items per dimension, cannot
// pass INT_MAX), so that i < ub holds exactly when t < ub - lo, the trips.
// heat-3d's sweep at 256³ on an H100: 84.0 µs per launch without the trip
// test, 84.8 with it (bench/README.md, twenty-second session).
func conditionBounds(lv *LoopVar) bool {
	return !lv.Down && lv.Step == nil && lv.StepVal == 1 && (lv.Cmp == "<" || lv.Cmp == "<=") &&
		lv.Lower != nil && lv.Lower.IsInt && lv.Lower.Int >= 0 && lv.Lower.Int <= 1<<20
}

// reevaluable reports whether e may be evaluated once more in a kernel at
// the cost of a few instructions and to the same value: no calls, no side
// effects.
func reevaluable(e *cfacts.Expr) bool {
	ok := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprIdent, cfacts.ExprConst, cfacts.ExprUnary, cfacts.ExprBinary, cfacts.ExprCond,
			cfacts.ExprCast, cfacts.ExprSizeof, cfacts.ExprIndex, cfacts.ExprMember:
		default:
			ok = false
		}
		return ok
	})
	return ok
}
