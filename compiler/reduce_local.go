package compiler

// Worker and vector loop reductions on arrays private to a gang (declared in
// the gang's code, e.g. `int s[4]` in a gang loop's body, reduced by a
// `loop vector reduction(+:s)`): like scalar ones (kgen.loop), each
// work-item of the loop keeps a private copy at the identity that the loop
// body updates; after the loop, element by element, the copies combine in
// __local memory over the loop's levels (segment) and every work-item adds
// the result into its own copy of the array, so the gang's redundant code
// after the loop sees the same values in every lane. Inside the loop the
// array is each work-item's own (reducedAround keeps it out of __local
// memory); it must be a whole fixed-size array.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// localArrayReduction sets up the loop reduction of a gang-private array.
func (l *lowering) localArrayReduction(v *cfacts.Var, rc redClause) (*Reduction, error) {
	t := v.Type
	if t == nil || t.Kind != cfacts.TypeArray || rc.item == nil || rc.item.Var == nil || len(rc.item.Var.Subscripts) > 0 {
		return nil, fmt.Errorf("a worker- or vector-level reduction on '%s', which is private to the construct: only whole fixed-size arrays are supported by the compiler (no sub-arrays, no pointers)", v.Name)
	}
	var dims []int64
	elem := t
	for elem != nil && elem.Kind == cfacts.TypeArray {
		if elem.Len <= 0 {
			return nil, fmt.Errorf("reduction on '%s': its dimensions must be constants", v.Name)
		}
		dims = append(dims, elem.Len)
		elem = elem.Elem
	}
	accrt, cl, err := redType(elem, rc.op)
	if err != nil {
		return nil, err
	}
	op := rc.op
	if isBool(elem) {
		op = boolRedOp(op) // uchar copies, kept 0 or 1 (ctypes.go)
	}
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	if n > maxArrayReduction {
		return nil, fmt.Errorf("reduction on '%s': %d elements; each work-item keeps a private copy, at most %d elements are supported", v.Name, n, maxArrayReduction)
	}
	return &Reduction{Op: op, Var: v, Name: v.Name, Accrt: accrt, CL: cl, Loop: rc.loop, Pos: rc.span().Start,
		Dims: dims, Len: n, Lo: "0"}, nil
}

// reducedAround reports whether span sp lies in a partitioned loop of k
// that reduces array v (each work-item has its own copy there).
func reducedAround(k *Kernel, v *cfacts.Var, sp acc.Span) bool {
	found := false
	forEachLoop(k.Loops, func(lp *Loop) {
		s := lp.Stmts[0].Span
		if lp.Levels == 0 || sp.Start < s.Start || sp.End > s.End {
			return
		}
		for _, red := range lp.Reductions {
			found = found || red.Var == v && red.Len > 0
		}
	})
	return found
}

// scalarReductions are the reductions of reds that are not arrays.
func scalarReductions(reds []*Reduction) []*Reduction {
	var out []*Reduction
	for _, red := range reds {
		if red.Len == 0 {
			out = append(out, red)
		}
	}
	return out
}

// localArrayOuter spells the loop's reduced arrays as the code around the
// loop does (before the loop's scope holds the private copies).
func (g *kgen) localArrayOuter(reds []*Reduction) map[*Reduction]string {
	out := map[*Reduction]string{}
	for _, red := range reds {
		if red.Len == 0 {
			continue
		}
		name, err := g.spell(red.Var)
		if err != nil {
			g.fail(acc.Span{Start: red.Pos, End: red.Pos}, "%v", err)
		}
		out[red] = name
	}
	return out
}

// localArrayRedName is the kernel name of a loop's private copy, distinct
// for each loop (a vector loop's copy combines into its worker loop's).
func (g *kgen) localArrayRedName(red *Reduction) string {
	for i, r := range g.k.Local {
		if r == red {
			return fmt.Sprintf("_%s_part%d", clName(red.Name), i+1)
		}
	}
	return "_" + clName(red.Name) + "_part"
}

// localArrayRedDecl declares the work-item's private copy of a reduced
// array, at the identity, in the loop's scope sc.
func (g *kgen) localArrayRedDecl(red *Reduction, sc map[*cfacts.Var]string) {
	p := g.localArrayRedName(red)
	g.line(0, "%s %s%s; /* reduction(%s:%s): this work-item's private copy */", red.CL, p, arrayRedDims(red.Dims), red.Op, clName(red.Name))
	g.line(0, "for (long _e = 0; _e < %d; _e++)", red.Len)
	g.line(0, "	((%s *)%s)[_e] = %s;", red.CL, p, identityCL(red.Op, red.CL))
	sc[red.Var] = p
}

// localArrayRedCombine writes, after the loop and still in the scope of the
// private copies, the combine of each reduced array over the loop's levels,
// element by element, into every work-item's copy of the array.
func (g *kgen) localArrayRedCombine(lp *Loop, outer map[*Reduction]string) {
	var reds []*Reduction
	var lmax int64
	var names []string
	for _, red := range lp.Reductions {
		if red.Len == 0 {
			continue
		}
		if _, shared := g.k.Shared[red.Var]; shared {
			g.fail(lp.Stmts[0].Span, "the reduction on '%s', an array the workers or vector lanes of the gang also share in another loop (__local memory), is not supported by the compiler yet", red.Name)
			return
		}
		reds = append(reds, red)
		lmax = max(lmax, red.Len)
		names = append(names, fmt.Sprintf("reduction(%s:%s)", red.Op, clName(red.Name)))
	}
	if len(reds) == 0 {
		return
	}
	// one element loop for all of them (one tree per element): PoCL's
	// compile time grows with every loop that holds barriers
	has := func(red *Reduction) string {
		if red.Len == lmax {
			return ""
		}
		return fmt.Sprintf("if (_e < %d) ", red.Len)
	}
	pos, cnt, stride, base := segment(lp.Levels)
	g.line(0, "/* %s over %s, element by element */", strings.Join(names, " "), lp.Levels&(analysis.LevelWorker|analysis.LevelVector))
	g.line(0, "for (long _e = 0; _e < %d; _e++) {", lmax)
	g.indent++
	for _, red := range reds {
		scr, _ := g.redParams(red)
		if red.Len != lmax {
			g.line(0, "%s[_lid] = %s;", scr, identityCL(red.Op, red.CL))
		}
		g.line(0, "%s%s[_lid] = ((%s *)%s)[_e];", has(red), scr, red.CL, g.localArrayRedName(red))
	}
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE);")
	g.tree(reds, pos, cnt, stride, base, true)
	for _, red := range reds {
		scr, _ := g.redParams(red)
		dst := fmt.Sprintf("((%s *)%s)[_e]", red.CL, outer[red])
		g.line(0, "%s%s = %s;", has(red), dst, combineCL(red.Op, red.CL, dst, scr+"["+base+"]"))
	}
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE);")
	g.indent--
	g.line(0, "}")
}

// checkLocalArrayNesting rejects an array loop reduction updated in a
// partitioned loop nested in the reduction loop that does not reduce the
// array too (OpenACC requires the clause on each such loop; without it the
// inner loop's work-items would race on one private copy).
func (l *lowering) checkLocalArrayNesting(k *Kernel) {
	for _, red := range k.Local {
		if red.Len == 0 || red.Loop == nil {
			continue
		}
		outer := red.Loop.Stmts[0]
		bad := false
		walkAllExprs(outer, func(e *cfacts.Expr) {
			if bad || e.Kind != cfacts.ExprIdent || e.Var != red.Var {
				return
			}
			var in *Loop // the innermost partitioned loop around the use
			forEachLoop(k.Loops, func(lp *Loop) {
				s := lp.Stmts[0].Span
				if lp.Levels != 0 && s.Start <= e.Span.Start && e.Span.End <= s.End {
					in = lp
				}
			})
			if in == nil || in == red.Loop {
				return
			}
			for _, r := range in.Reductions {
				if r.Var == red.Var {
					return
				}
			}
			bad = true
			l.c.errorAt(e.Span, "'%s' is reduced by an enclosing loop: this partitioned loop must have reduction(%s:%s) too", red.Name, red.Op, red.Name)
		})
	}
}

// reductionGap rejects a construct-level reduction whose variable is
// updated at several loop levels when an update lies outside every loop
// with a reduction clause on it (OpenACC requires the clause on each loop
// of the nest): the work-items that run it redundantly would each count
// it, or lanes of an inner loop would race on one copy.
func (l *lowering) reductionGap(k *Kernel, cv *CVar, a *analysis.VarAttr, loops []*Loop) bool {
	if a == nil {
		return false
	}
	for _, ref := range a.Refs {
		if !inKernel(k, ref.Span) {
			continue // another kernel's (reduce_spanning.go)
		}
		var in *Loop // the innermost partitioned loop around the reference
		forEachLoop(k.Loops, func(lp *Loop) {
			s := lp.Stmts[0].Span
			if lp.Levels != 0 && s.Start <= ref.Span.Start && ref.Span.End <= s.End {
				in = lp
			}
		})
		ok := false
		for _, lp := range loops {
			ok = ok || lp == in
		}
		if !ok && in == nil && !l.laneLevels(k, loops) {
			continue // gang-redundant code: once per gang, its lanes masked
		}
		if !ok && in == nil {
			l.c.errorAt(ref.Span, "'%s' is reduced across the construct and updated at several loop levels: this update, outside its loops, would run on every work-item (move it into a loop with reduction(%s:%s))", cv.Name, cv.Red.Op, cv.Name)
			return true
		}
		if !ok {
			l.c.errorAt(ref.Span, "'%s' is reduced across the construct and updated at several loop levels: each partitioned loop around its updates needs reduction(%s:%s) (this one has none)", cv.Name, cv.Red.Op, cv.Name)
			return true
		}
	}
	return false
}

// laneLevels reports whether a reduction loop of loops, or a loop around
// it, partitions over workers or vector lanes (then the construct's
// partial counts from all of them, and an update outside the loops would
// count once per worker or lane).
func (l *lowering) laneLevels(k *Kernel, loops []*Loop) bool {
	for _, lp := range loops {
		if (l.levelsAround(k, lp.Stmts[0].Span)|lp.Levels)&(analysis.LevelWorker|analysis.LevelVector) != 0 {
			return true
		}
	}
	return false
}

// gangCopyReduced reports whether v, a scalar that a parallel construct
// gets as firstprivate (no data clause names it: each gang has its own
// copy), is reduced only by worker or vector loops inside the gangs and
// assigned before anything reads it: then each gang reduces into its own
// copy (a local reduction, as for private(v)), not across the construct.
// The IDRIS course's row norms:
//
//	double norm;
//	#pragma acc parallel loop
//	for (i...) {
//	    norm = 0.;
//	    #pragma acc loop reduction(+:norm)
//	    for (j...) norm += m[i*n+j];
//	    norms[i] = norm;
//	}
//
// (A copy that is read before it is assigned would need the host's value
// in every gang's copy, which gang-shared copies do not take yet.)
func (l *lowering) gangCopyReduced(v *cfacts.Var, a *analysis.VarAttr, rcs []redClause) bool {
	for _, rc := range rcs {
		// (the levels are decided later: a loop inside another loop of
		// the construct without a gang clause is a worker or vector loop)
		if rc.loop == nil || rc.loop.Seq || rc.loop.Parent == nil || rc.loop.Explicit&analysis.LevelGang != 0 {
			return false
		}
	}
	first := a.Refs[0]
	if first.Access&analysis.AccWrite == 0 || first.Assign == nil || first.Assign.Kind != cfacts.ExprAssign || first.Assign.Op != "=" || first.Access&analysis.AccRead != 0 {
		return false
	}
	// the assignment runs whenever the code after it does: no condition or
	// inner loop around it inside the construct's loops, or the loop
	// directives' loops around every reduction loop (a parallel
	// construct's loop gang, NPB CG's sum = 0.0 before its worker vector
	// loop)
	around := map[*cfacts.Stmt]int{}
	for _, rc := range rcs {
		for p := rc.loop.Parent; p != nil; p = p.Parent {
			around[p.Stmts[0]]++
		}
	}
	s := innermostStmt(l.r.Stmt, first.Span)
	for ; s != nil && s != l.r.Stmt; s = s.Parent {
		switch s.Kind {
		case cfacts.StmtIf, cfacts.StmtSwitch, cfacts.StmtWhile, cfacts.StmtDo:
			return false
		case cfacts.StmtFor:
			if !slices.Contains(l.r.Loops, s) && around[s] != len(rcs) {
				return false
			}
		}
	}
	return s == l.r.Stmt
}

// innermostStmt is the innermost statement of the tree at root that
// contains sp.
func innermostStmt(root *cfacts.Stmt, sp acc.Span) *cfacts.Stmt {
	var in *cfacts.Stmt
	var walk func(s *cfacts.Stmt)
	walk = func(s *cfacts.Stmt) {
		if s == nil || !(s.Span.Start <= sp.Start && sp.End <= s.Span.End) {
			return
		}
		in = s
		walk(s.Init)
		for _, c := range s.List {
			walk(c)
		}
		walk(s.Body)
		walk(s.Then)
		walk(s.Else)
	}
	walk(root)
	return in
}
