package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The loops of a kernels construct without `independent` are `auto`: the
// compiler runs them in parallel only when it can show that their iterations
// are independent. The test here is deliberately simple and conservative:
//
//   - scalars written in the loop must be declared in it, be loop variables
//     of inner loops (privatized), or be updated only as reductions
//     (x += e, x = x * e, x = max(x, e) ...; they become reductions);
//   - every array written in the loop must be accessed with the same
//     subscripts everywhere in the loop, and those subscripts must give
//     different elements to different iterations: a subscript that is the
//     loop variable (plus a constant), i*E + j with j an inner loop's
//     variable over [0, E), or j*E + i with i over [0, E);
//   - no calls, no taken addresses, no pointers stored elsewhere.
//
// Anything else keeps the loop sequential (correct, if slow).

// autoLoops decides which loops of a kernel of a kernels construct run in
// parallel; a kernel whose outermost loop stays sequential becomes serial.
// In a parallel or serial construct (onlyAuto) only the loops with an
// explicit auto clause are decided: the others are independent there.
func (l *lowering) autoLoops(k *Kernel, onlyAuto bool) {
	var visit func(ls []*Loop)
	visit = func(ls []*Loop) {
		for _, lp := range ls {
			l.vectorAsWorker(k, lp)
			switch {
			case lp.Seq:
			case lp.Indep:
				if inner := innerAtLevel(lp); inner != nil && l.gangDimensions(lp, inner) {
					// PGI's style with the independence asserted
					lp.Note = "independent: " + gridNote(lp, inner, l.c.prog.lines.line(inner.Stmts[0].Span.Start))
				}
			case onlyAuto && !lp.Auto:
			default:
				l.decideAuto(k, lp)
			}
			visit(lp.Children)
		}
	}
	visit(k.Loops)
	if onlyAuto {
		if len(k.Loops) > 0 && k.Loops[0].Auto && k.Loops[0].Seq && k.Loops[0].Stmts[0] == k.Stmts[0] {
			k.Serial = true
			k.Note = "the loop nest runs on one work-item (" + strings.TrimPrefix(k.Loops[0].Note, "auto: ") + ")"
		}
		return
	}
	if lp := rowsInOrder(k); lp != nil {
		// the rows one after another in one work-group, the elements of
		// each across its lanes
		lp.Children[0].Explicit = analysis.LevelVector
		for _, lv := range lp.Vars { // every lane runs the outer loop: its own counter
			if !lv.Declared {
				l.privatizeTemporary(lp, lv.Var)
			}
		}
		k.Note = "the outer loop runs in order in one gang (" + strings.TrimPrefix(lp.Note, "auto: ") + "), its inner loop over the gang's lanes"
		return
	}
	if len(k.Loops) == 0 || k.Loops[0].Seq || k.Loops[0].Stmts[0] != k.Stmts[0] {
		k.Serial = true
		if len(k.Loops) > 0 {
			k.Note = "the loop nest runs on one work-item (" + strings.TrimPrefix(k.Loops[0].Note, "auto: ") + ")"
		} else {
			k.Note = "the loop nest runs on one work-item (not in canonical form)"
		}
	}
}

// decideAuto decides whether auto loop lp of kernel k runs in parallel,
// with the reason in lp.Note.
func (l *lowering) decideAuto(k *Kernel, lp *Loop) {
	top := k // the outermost loop records the reductions it finds
	if lp != k.Loops[0] {
		top = nil
	}
	seq := func(why string) {
		lp.Seq = true
		lp.Note = "auto: kept sequential: " + why
	}
	if inner := innerAtLevel(lp); inner != nil {
		// PGI's style: `loop gang` around `loop gang vector`
		line := l.c.prog.lines.line(inner.Stmts[0].Span.Start)
		if l.gangDimensions(lp, inner) {
			lp.Note = "auto: iterations are independent: " + gridNote(lp, inner, line)
		} else { // the inner loop takes the level, the outer one runs in order
			seq(fmt.Sprintf("the loop inside at line %d is a %s loop too", line, shallowestLevel(inner.Explicit&lp.Explicit)))
		}
		return
	}
	why := l.independent(lp, top)
	if why != "" && lp.Uncollapse {
		// the nest as a whole is not independent: its outer loop alone,
		// else its inner loop under it (innerVectorLoop)
		inner := lp.Stmts[1]
		uncollapse(lp)
		if why = l.independent(lp, top); why != "" {
			seq(why)
			innerVectorLoop(k, lp, inner)
			return
		}
	}
	if why != "" {
		seq(why)
		return
	}
	lp.Note = "auto: iterations are independent"
}

// innerVectorLoop gives lp, the outer loop of a kernels nest without
// directives that stays sequential (a value carried down the columns:
// c[i][j] += c[i - 1][j]), the loop tightly nested in it as an auto loop,
// which autoLoops then decides: when it is independent, the kernel runs
// the outer loop in one gang and the inner one over its lanes
// (rowsInOrder), as NVIDIA's compiler does, instead of on one work-item.
func innerVectorLoop(k *Kernel, lp *Loop, inner *cfacts.Stmt) {
	lv, err := canonicalLoop(inner)
	if err != nil || k.LoopOf[inner] != nil {
		return
	}
	ch := &Loop{Auto: true, Stmts: []*cfacts.Stmt{inner}, Vars: []*LoopVar{lv}, Parent: lp}
	k.LoopOf[inner] = ch
	lp.Children = []*Loop{ch}
}

// rowsInOrder returns the outer loop of kernel k when it is a kernels nest
// without directives whose outer loop stays sequential and whose one inner
// loop (innerVectorLoop) runs in parallel, nil otherwise.
func rowsInOrder(k *Kernel) *Loop {
	if len(k.Loops) != 1 {
		return nil
	}
	lp := k.Loops[0]
	if lp.Region != nil || !lp.Seq || len(lp.Children) != 1 || lp.Stmts[0] != k.Stmts[0] {
		return nil
	}
	ch := lp.Children[0]
	if ch.Region != nil || ch.Seq || len(ch.Children) > 0 {
		return nil
	}
	return lp
}

// gangDimensions makes lp, a gang loop of a kernels construct with the
// gang loop inner inside it, and the gang loops nested in inner, gang
// dimensions of one grid, the outermost the highest (3 or 2 around 1), as
// PGI's compilers map such nests, when their iterations are independent
// (asserted, or found so for auto loops; no reduction: a kernel of several
// gang dimensions has none) and the gang loops inside lp form one chain;
// it reports whether lp is such a dimension (also when an outer loop made
// it one). The loops are gang loops only, or `gang worker` ones each
// around a `gang worker` loop (Rodinia's SRAD in OpenARC's version, SPEC
// ACCEL's stencil: three levels): the workers then partition the innermost
// loop alone.
func (l *lowering) gangDimensions(lp, inner *Loop) bool {
	if lp.GangDim != 0 {
		return inner.GangDim < lp.GangDim && l.gridLoops[lp]
	}
	if l.con.Kind != "kernels" || l.reducesWithin(lp) {
		return false
	}
	chain := []*Loop{lp}
	for last := lp; ; {
		var gangs []*Loop
		forEachLoop(last.Children, func(ch *Loop) {
			if ch.Explicit&analysis.LevelGang != 0 && !ch.Seq {
				gangs = append(gangs, ch)
			}
		})
		if len(gangs) == 0 {
			break
		}
		for _, g := range gangs[1:] {
			if g.Parent != gangs[0] && !loopInside(g, gangs[0]) {
				return false // two gang loops side by side
			}
		}
		last = gangs[0]
		chain = append(chain, last)
	}
	if len(chain) < 2 || len(chain) > 3 || chain[1] != inner {
		return false
	}
	gangWorker := analysis.LevelGang | analysis.LevelWorker
	for i, a := range chain {
		if a.GangDim != 0 || len(a.Tile) > 0 || a.Static != "" {
			return false
		}
		if i == len(chain)-1 {
			break
		}
		levels := a.Explicit & allLevels
		if levels == gangWorker && chain[i+1].Explicit&gangWorker == gangWorker {
			levels = analysis.LevelGang
		}
		if levels != analysis.LevelGang || !a.Indep && l.independent(a, nil) != "" {
			return false
		}
	}
	if findClause(l.con.Dir, "num_gangs") == nil {
		// the loops' gang(num) values are one dimension's each: the
		// grid follows the trip counts (loopsched.go launchGangs)
		l.con.NumGangs = ""
	}
	if l.c.rowsOnly {
		// the CPU variant (loopdevicetype.go cpuNestVariant): the outer
		// loop's iterations over the work-items, the loops inside in
		// each (PoCL runs many small work-groups slowly)
		for _, a := range chain[1:] {
			a.Seq = true
			a.Note = "seq: the CPU variant partitions the outer gang loop alone"
		}
		return true
	}
	if l.gridLoops == nil {
		l.gridLoops = map[*Loop]bool{}
	}
	for i, a := range chain[:len(chain)-1] {
		a.Explicit &^= analysis.LevelWorker
		a.GangDim = len(chain) - i
		l.gridLoops[a] = true
	}
	return true
}

// gridNote says, for the dump, what gangDimensions made of lp and the gang
// loop inner inside it, at line.
func gridNote(lp, inner *Loop, line int) string {
	if lp.GangDim == 0 { // the CPU variant
		return fmt.Sprintf("the outer gang loop alone, the gang loop inside at line %d in each work-item", line)
	}
	return fmt.Sprintf("gang dimension %d, the gang loop inside at line %d dimension %d", lp.GangDim, line, max(inner.GangDim, 1))
}

// loopInside reports whether loop a is nested in loop b.
func loopInside(a, b *Loop) bool {
	for p := a.Parent; p != nil; p = p.Parent {
		if p == b {
			return true
		}
	}
	return false
}

// vectorAsWorker makes lp, a vector loop of a kernels construct around
// another vector loop (PGI's 2-D thread blocks: `gang(512) vector(2)`
// around `vector(128)`, the uhhpctools benchmarks), a worker loop with
// its vector length as the number of workers, as PGI's compilers map
// it (the work-group's second dimension), when no loop of the kernel names
// the worker level and no gang loop is inside.
func (l *lowering) vectorAsWorker(k *Kernel, lp *Loop) {
	vec := analysis.LevelVector
	if l.con.Kind != "kernels" || lp.Seq || lp.Explicit&vec == 0 {
		return
	}
	var inner *Loop
	workers := false
	forEachLoop(k.Loops, func(x *Loop) { workers = workers || x.Explicit&analysis.LevelWorker != 0 })
	gangInside := false
	forEachLoop(lp.Children, func(ch *Loop) {
		if inner == nil && !ch.Seq && ch.Explicit&vec != 0 {
			inner = ch
		}
		gangInside = gangInside || ch.Explicit&analysis.LevelGang != 0
	})
	if inner == nil || workers || gangInside {
		return
	}
	lp.Explicit = lp.Explicit&^vec | analysis.LevelWorker
	if findClause(l.con.Dir, "num_workers") == nil {
		l.con.NumWorkers = lp.VectorLen
	}
	if findClause(l.con.Dir, "vector_length") == nil {
		l.con.VectorLength = inner.VectorLen
	}
	lp.VectorLen = ""
	lp.Note = "vector around a vector loop: worker"
}

// reducesWithin reports whether a reduction clause of lp or of a loop inside
// it names a variable.
func (l *lowering) reducesWithin(lp *Loop) bool {
	for _, rcs := range l.redClauses {
		for _, rc := range rcs {
			if rc.loop != nil && (rc.loop == lp || loopInside(rc.loop, lp)) {
				return true
			}
		}
	}
	return len(lp.Reductions) > 0
}

// innerAtLevel returns a loop inside lp, not seq, whose explicit levels
// share one with lp's (gang inside gang), nil when there is none.
func innerAtLevel(lp *Loop) *Loop {
	var found *Loop
	forEachLoop(lp.Children, func(ch *Loop) {
		if found == nil && !ch.Seq && ch.Explicit&lp.Explicit&allLevels != 0 {
			found = ch
		}
	})
	return found
}

// shallowestLevel names the outermost level of l ("gang", "worker" or
// "vector").
func shallowestLevel(l analysis.Level) string {
	for _, c := range []analysis.Level{analysis.LevelGang, analysis.LevelWorker, analysis.LevelVector} {
		if l&c != 0 {
			return c.String()
		}
	}
	return l.String()
}

// privatizeInner makes the variables of plain for loops inside a
// partitioned loop private to it when they are declared outside, the
// counters of a kernels nest without loop directives too, and in a kernels
// construct the scalar temporaries of its independent loops.
func (l *lowering) privatizeInner(k *Kernel) {
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Seq {
			return
		}
		if lp.Region == nil {
			// a kernels nest without a loop directive that runs in
			// parallel: its own counters, declared outside the construct
			// (`int i, j;` before it), are each work-item's
			for _, lv := range lp.Vars {
				if !lv.Declared {
					l.privatizeTemporary(lp, lv.Var)
				}
			}
		}
		if lp.Indep && l.con.Kind == "kernels" {
			for _, v := range l.writtenScalars(lp) {
				if l.scalarTemporary(lp, v) {
					l.privatizeTemporary(lp, v)
				}
			}
		}
		cfacts.Walk(lp.Stmts[len(lp.Stmts)-1].Body, func(s *cfacts.Stmt) bool {
			if s.Kind == cfacts.StmtFor {
				if lv, err := canonicalLoop(s); err == nil && !lv.Declared && !declaredIn(lv.Var, lp.Stmts[0]) {
					for _, p := range lp.Private {
						if p == lv.Var {
							return true
						}
					}
					lp.Private = append(lp.Private, lv.Var)
					l.loopPrivate[lv.Var] = append(l.loopPrivate[lv.Var], lp)
				}
			}
			return true
		})
	})
}

// Scalar temporaries. In a kernels construct a scalar without a clause is
// copy (OpenACC 3.3 §2.6.2): one device copy, which the iterations of a
// parallel loop that assign it first (index = ..., a = ...; then reads)
// would share and race on, as Rodinia's Needleman-Wunsch does in its
// `kernels loop independent`. Compilers privatize such temporaries
// (NVIDIA's does it for every loop it parallelizes); so does accls, for a
// loop that is independent or found so, when the value cannot be seen
// after the loop: every reference of the construct is in the loop, the
// first one in an iteration is an assignment at the top of its body, and
// the host never reads the variable outside compute constructs.

// writtenScalars are the arithmetic scalars the body of lp assigns.
func (l *lowering) writtenScalars(lp *Loop) []*cfacts.Var {
	var out []*cfacts.Var
	seen := map[*cfacts.Var]bool{}
	for _, r := range analysis.CollectRefs(lp.Stmts[len(lp.Stmts)-1].Body) {
		if r.Access&analysis.AccWrite != 0 && !seen[r.Var] && isArith(r.Var.Type) {
			seen[r.Var] = true
			out = append(out, r.Var)
		}
	}
	return out
}

// scalarTemporary reports whether v is a temporary of the iterations of
// lp, which a private copy per iteration may replace.
func (l *lowering) scalarTemporary(lp *Loop, v *cfacts.Var) bool {
	a := l.byVar[v]
	if l.con.Kind != "kernels" || a == nil || !a.Implicit || !isArith(v.Type) || declaredIn(v, lp.Stmts[0]) ||
		v.Storage != cfacts.StorageLocal && v.Storage != cfacts.StorageParam {
		return false
	}
	for _, lv := range lp.Vars {
		if lv.Var == v {
			return false
		}
	}
	outer := lp.Stmts[0].Span
	for _, r := range a.Refs {
		if r.Span.Start < outer.Start || r.Span.End > outer.End || r.Call || r.Addr {
			return false
		}
	}
	// the body's first statement that mentions v assigns it, from a value
	// without it (in both branches of an if)
	mentions, assigns := analysis.AssignsFirst(lp.Stmts[len(lp.Stmts)-1].Body, v)
	return mentions && assigns && !l.hostReads(v)
}

// hostReads reports whether code of the construct's function may see a
// value of v that a compute construct assigned (the construct itself is
// judged by the caller).
func (l *lowering) hostReads(v *cfacts.Var) bool {
	for _, fm := range l.c.model.Funcs {
		if fm.Func == l.fn {
			return fm.AssignedValueReader(v) != nil
		}
	}
	return true
}

// privatizeTemporary makes v private to lp.
func (l *lowering) privatizeTemporary(lp *Loop, v *cfacts.Var) {
	for _, p := range lp.Private {
		if p == v {
			return
		}
	}
	lp.Private = append(lp.Private, v)
	l.loopPrivate[v] = append(l.loopPrivate[v], lp)
}

// independent returns "" when the iterations of lp can run in parallel,
// else the reason they cannot. When lp is the outermost loop of kernel top
// (nil otherwise), scalar reductions found are recorded as reductions of
// the loop.
func (l *lowering) independent(lp *Loop, top *Kernel) string {
	loopVars := map[*cfacts.Var]*LoopVar{}
	for _, lv := range lp.Vars {
		loopVars[lv.Var] = lv
	}
	outer := lp.Stmts[0]
	body := lp.Stmts[len(lp.Stmts)-1].Body
	// Inner loops (their variables are private, their ranges prove injectivity).
	inner := map[*cfacts.Var]*LoopVar{}
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		if s.Kind == cfacts.StmtFor {
			if lv, err := canonicalLoop(s); err == nil {
				inner[lv.Var] = lv
			}
		}
		return true
	})
	refs := analysis.CollectRefs(body)
	byVar := map[*cfacts.Var][]*analysis.Ref{}
	var order []*cfacts.Var
	for _, r := range refs {
		r = l.c.pathRef(r) // attach.go: v.x[i] is an element of v.x
		if byVar[r.Var] == nil {
			order = append(order, r.Var)
		}
		byVar[r.Var] = append(byVar[r.Var], r)
	}
	type found struct {
		v  *cfacts.Var
		op string
	}
	var reds []found
	atomic := l.atomicUpdates(body)
	readers := l.readOnlyCalls(body)
	for _, v := range order {
		rs := byVar[v]
		if loopVars[v] != nil || declaredIn(v, outer) || inner[v] != nil {
			continue
		}
		if onlyAtomicUpdates(rs, atomic) {
			continue // hist[x[i]]++ under atomic update: the updates commute
		}
		elemWritten, objWritten := false, false
		for _, r := range rs {
			if r.Call && readers[v] {
				continue // (the reference counts the call as a write)
			}
			elemWritten = elemWritten || r.Elem&analysis.AccWrite != 0
			objWritten = objWritten || r.Access&analysis.AccWrite != 0
		}
		for _, r := range rs {
			if r.Call && readers[v] && !elemWritten && !objWritten {
				continue // series(i, z, w) of a routine that only reads z and w
			}
			if r.Call || r.Addr || r.Escape && r.Elem == analysis.AccNone && r.Access != analysis.AccNone {
				if r.Call {
					return fmt.Sprintf("'%s' is passed to a function", v.Name)
				}
				return fmt.Sprintf("the address of '%s' is taken", v.Name)
			}
		}
		if objWritten {
			op := reductionOp(rs)
			if op == "" && l.scalarTemporary(lp, v) {
				l.privatizeTemporary(lp, v)
				continue
			}
			if op == "" {
				return fmt.Sprintf("'%s' is written in every iteration", v.Name)
			}
			if _, _, err := redType(v.Type, op); err != nil {
				return fmt.Sprintf("'%s' is updated like a reduction of a type that cannot be reduced", v.Name)
			}
			reds = append(reds, found{v, op})
			continue
		}
		if !elemWritten {
			continue
		}
		// Every access to the written array: same subscripts, injective;
		// or a subscript the same in every access, injective (each
		// iteration has rows, or columns, of its own: c[i][j] = c[i][j - 1]
		// + ... over i, c[i][j] += c[i - 1][j] over j).
		var key string
		var idx []*cfacts.Expr
		for _, r := range rs {
			if r.Elem == analysis.AccNone {
				continue
			}
			if len(r.Index) == 0 {
				return fmt.Sprintf("'%s' is written through a pointer without subscripts", v.Name)
			}
			k := l.indexKey(r.Index)
			if key == "" {
				key, idx = k, r.Index
			} else if k != key {
				if common := l.commonSubscripts(rs); len(common) > 0 && l.injectiveInAll(common, lp, inner) {
					key, idx = l.indexKey(common), common
					break
				}
				return fmt.Sprintf("'%s' is accessed with different subscripts (%s and %s)", v.Name, l.indexText(idx), l.indexText(r.Index))
			}
		}
		for _, lv := range lp.Vars {
			ok := false
			for _, e := range idx {
				if l.injective(e, lv, inner) {
					ok = true
				}
			}
			if !ok {
				return fmt.Sprintf("'%s%s' may be the same element in two iterations", v.Name, l.indexText(idx))
			}
		}
	}
	if top != nil {
		// A reduction found here becomes the construct's: the variable
		// must not be used elsewhere in the kernel (x = 0 before the loop
		// would be lost in the combination with the original value). The
		// other kernels of a kernels construct may use it: they get its
		// device copy, which the reduction combines into
		// (reduce_spanning.go).
		for _, f := range reds {
			if a := l.byVar[f.v]; a != nil {
				for _, r := range a.Refs {
					if l.con.Kind == "kernels" && !inKernel(top, r.Span) && !declaredIn(f.v, l.r.Stmt) {
						continue
					}
					if r.Span.Start < lp.Stmts[0].Span.Start || r.Span.End > lp.Stmts[0].Span.End {
						return fmt.Sprintf("'%s' is updated like a reduction but also used outside the loop", f.v.Name)
					}
				}
			}
		}
		for _, f := range reds {
			l.redClauses[f.v] = append(l.redClauses[f.v], redClause{op: f.op, loop: lp, item: nil})
			lp.Note = "auto: reduction(" + f.op + ":" + f.v.Name + ") found"
		}
	} else if len(reds) > 0 {
		return fmt.Sprintf("'%s' is updated like a reduction inside an inner loop", reds[0].v.Name)
	}
	return ""
}

// commonSubscripts is the subscripts that every element access of rs
// writes alike at the same position (c[i][j] and c[i][j - 1]: [i]; c[i][j]
// and c[i - 1][j]: [j]); nil when there are none or the accesses differ in
// rank. An iteration whose value of one of them no other iteration shares
// touches elements of its own.
func (l *lowering) commonSubscripts(rs []*analysis.Ref) []*cfacts.Expr {
	var first []*cfacts.Expr
	var same []bool
	for _, r := range rs {
		if r.Elem == analysis.AccNone {
			continue
		}
		if first == nil {
			first = r.Index
			same = make([]bool, len(first))
			for i := range same {
				same[i] = true
			}
			continue
		}
		if len(r.Index) != len(first) {
			return nil
		}
		for i := range first {
			same[i] = same[i] && analysis.SameExpr(r.Index[i], first[i])
		}
	}
	var out []*cfacts.Expr
	for i, ok := range same {
		if ok {
			out = append(out, first[i])
		}
	}
	return out
}

// injectiveInAll reports whether, for every variable of lp, one of the
// subscripts gives different values to different iterations.
func (l *lowering) injectiveInAll(subs []*cfacts.Expr, lp *Loop, inner map[*cfacts.Var]*LoopVar) bool {
	for _, lv := range lp.Vars {
		ok := false
		for _, e := range subs {
			ok = ok || l.injective(e, lv, inner)
		}
		if !ok {
			return false
		}
	}
	return true
}

// reductionOp returns the operator when every write of the references is the
// same reduction update and every read is part of such an update.
func reductionOp(rs []*analysis.Ref) string {
	op := ""
	var writes []*analysis.Ref
	for _, r := range rs {
		if r.Access&analysis.AccWrite != 0 {
			if r.Op == "" || (op != "" && r.Op != op) || r.Decl {
				return ""
			}
			op = r.Op
			writes = append(writes, r)
		}
	}
	for _, r := range rs {
		if r.Access&analysis.AccWrite != 0 {
			continue
		}
		in := false
		for _, w := range writes {
			if w.Assign != nil && w.Assign.Span.Start <= r.Span.Start && r.Span.End <= w.Assign.Span.End {
				in = true
			}
		}
		if !in {
			return ""
		}
	}
	return op
}

// readOnlyCalls are the variables that body passes only to functions of
// the program that write no memory but their own locals (routineWrites):
// such a call reads the data, at places the loop cannot see.
func (l *lowering) readOnlyCalls(body *cfacts.Stmt) map[*cfacts.Var]bool {
	out := map[*cfacts.Var]bool{}
	bad := map[*cfacts.Var]bool{}
	walkAllExprs(body, func(e *cfacts.Expr) {
		if e.Kind != cfacts.ExprCall {
			return
		}
		fm := l.c.routineOf(e.Name)
		ok := fm != nil && !l.c.routineWrites(fm, map[*analysis.FuncModel]bool{})
		for _, a := range e.Args {
			if v := l.c.lvalueRoot(pointerBase(a)); v != nil {
				if ok {
					out[v] = true
				} else {
					bad[v] = true
				}
			}
		}
	})
	for v := range bad {
		delete(out, v)
	}
	return out
}

// atomicUpdates are the spans of the locations that atomic update
// constructs in body update (hist[k] of `hist[k]++`).
func (l *lowering) atomicUpdates(body *cfacts.Stmt) map[acc.Span]bool {
	spans := map[acc.Span]bool{}
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		if site := l.c.prog.atomics[s]; site != nil && site.form.Kind == "update" && site.form.X != nil {
			spans[site.form.X.Span] = true
		}
		return true
	})
	return spans
}

// onlyAtomicUpdates reports whether every reference of rs is the location
// of an atomic update (spans from atomicUpdates): the iterations may then
// run in any order, which is what the program says by writing atomic (a
// histogram in a kernels loop), and a reduction's floating-point sum may
// round differently than in order, as it may in a parallel loop.
func onlyAtomicUpdates(rs []*analysis.Ref, atomic map[acc.Span]bool) bool {
	if len(atomic) == 0 || len(rs) == 0 {
		return false
	}
	for _, r := range rs {
		if r.Expr == nil || !atomic[r.Expr.Span] {
			return false
		}
	}
	return true
}

// indexText is the subscripts as written, blanks squeezed, for messages.
func (l *lowering) indexText(idx []*cfacts.Expr) string {
	var b strings.Builder
	for _, e := range idx {
		b.WriteString("[" + strings.Join(strings.Fields(l.c.text(e.Span)), "") + "]")
	}
	return b.String()
}

// indexKey is the subscripts as analysis.ExprText renders them, to compare
// them as expressions: not their source text, which for code a macro
// expands is the macro's call (MIN(mat[i][j], ...) for each mat[i][j]
// inside it).
func (l *lowering) indexKey(idx []*cfacts.Expr) string {
	var b strings.Builder
	for _, e := range idx {
		b.WriteString("[" + analysis.ExprText(e) + "]")
	}
	return b.String()
}

// injective reports whether subscript e takes different values for different
// values of the loop variable lv (whatever the inner loops do).
func (l *lowering) injective(e *cfacts.Expr, lv *LoopVar, inner map[*cfacts.Var]*LoopVar) bool {
	i := lv.Var
	if isIdentOf(e, i) {
		return true
	}
	if e.Kind != cfacts.ExprBinary {
		return false
	}
	x, y := e.X, e.Y
	// i + c, c + i, i - c
	if (e.Op == "+" || e.Op == "-") && isIdentOf(x, i) && y.IsInt {
		return true
	}
	if e.Op == "+" && isIdentOf(y, i) && x.IsInt {
		return true
	}
	if e.Op != "+" {
		return false
	}
	// a*b + c in either order
	for _, pair := range [][2]*cfacts.Expr{{x, y}, {y, x}} {
		prod, rest := pair[0], pair[1]
		if prod.Kind != cfacts.ExprBinary || prod.Op != "*" {
			continue
		}
		for _, f := range [][2]*cfacts.Expr{{prod.X, prod.Y}, {prod.Y, prod.X}} {
			v, scale := f[0], f[1]
			switch {
			case isIdentOf(v, i):
				// i*E + j with j over [0, E)
				if rest.Kind == cfacts.ExprIdent && rest.Var != nil {
					if jl := inner[rest.Var]; jl != nil && l.rangeIs0To(jl, scale) {
						return true
					}
				}
			case isIdentOf(rest, i):
				// j*E + i with i over [0, E)
				if l.rangeIs0To(lv, scale) && !mentionsVar(v, i) && !mentionsVar(scale, i) {
					return true
				}
			}
		}
	}
	return false
}

// rangeIs0To reports whether loop lv runs over [0, E) with step 1 upward.
func (l *lowering) rangeIs0To(lv *LoopVar, e *cfacts.Expr) bool {
	if lv.Lower == nil || !lv.Lower.IsInt || lv.Lower.Int != 0 || lv.Step != nil || lv.StepVal != 1 {
		return false
	}
	switch lv.Cmp {
	case "<":
		if lv.Upper.IsInt && e.IsInt {
			return lv.Upper.Int <= e.Int
		}
		return analysis.SameExpr(lv.Upper, e)
	case "<=":
		return lv.Upper.IsInt && e.IsInt && lv.Upper.Int < e.Int
	}
	return false
}
