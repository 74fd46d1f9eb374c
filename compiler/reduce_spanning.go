package compiler

// Reductions whose variable other kernels of a kernels construct also use.
//
// Each loop nest of a kernels construct is a kernel of its own, and a loop
// reduction's result is the variable's value after the loop (OpenACC 3.3
// §2.9.11), so the nests after it may read it:
//
//	#pragma acc kernels
//	{
//	    for (i = 0; i < n; i++) sum += a[i];
//	    for (i = 0; i < n; i++) b[i] = a[i] / sum;
//	}
//
// The scalar then lives in device memory for the whole construct (its data
// clause, or an implicit copy: a kernels construct copies the scalars it
// writes), the kernels that do not reduce it read and write that copy
// (ModeRef), and the reducing kernel combines its partials into it on the
// device (reduce_device.go, the final kernel), after whatever the kernels
// before it stored there (sum = 0 in a kernel of its own). The launches are
// ordered on the construct's queue, so each kernel sees the ones before.

import (
	"slices"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// spanningReductions gives the scalar reductions of a kernels construct
// that other kernels use their device copy (l.readers).
func (l *lowering) spanningReductions() {
	con := l.con
	if con.Kind != "kernels" || len(con.Kernels) < 2 {
		return
	}
	for _, cv := range con.Vars {
		if cv.Mode != ModeReduction || cv.Red == nil || cv.Red.Len > 0 {
			continue
		}
		v := cv.Var
		readers := false
		for _, k := range con.Kernels {
			readers = readers || l.refers(k, v) && !l.reducesIn(k, v)
		}
		if !readers {
			continue
		}
		if cv.Data == nil {
			di := &DataItem{Clause: "ACCRT_COPY", Name: v.Name, Var: v, Start: "&" + v.Name, Bytes: "sizeof(" + v.Name + ")", Lo: "0", Pos: cv.Red.Pos}
			cv.Data = di
			con.Node.Data = append(con.Node.Data, di)
		}
		cv.Red.Spanning = true
		cv.Why += "; other kernels of the construct use it: the partials combine on the device into its device copy, which they read"
		if l.readers == nil {
			l.readers = map[*cfacts.Var]*CVar{}
		}
		l.readers[v] = &CVar{Var: v, Name: cv.Name, Mode: ModeRef, Attr: cv.Attr, Implicit: cv.Implicit, Read: cv.Read, Written: cv.Written, Data: cv.Data,
			Why: "reduced by another kernel of the kernels construct: its device copy, which that kernel's reduction combines into"}
	}
}

// inKernel reports whether span sp lies in a statement kernel k runs.
func inKernel(k *Kernel, sp acc.Span) bool {
	for _, s := range k.Stmts {
		if s.Span.Start <= sp.Start && sp.End <= s.Span.End {
			return true
		}
	}
	return false
}

// reducesIn reports whether a loop of kernel k has a reduction of v (a
// clause, or one the compiler found).
func (l *lowering) reducesIn(k *Kernel, v *cfacts.Var) bool {
	for _, rc := range l.redClauses[v] {
		if rc.loop != nil && loopInKernel(k, rc.loop) {
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
	// inner loop around it inside the construct's loops
	s := innermostStmt(l.r.Stmt, first.Span)
	for ; s != nil && s != l.r.Stmt; s = s.Parent {
		switch s.Kind {
		case cfacts.StmtIf, cfacts.StmtSwitch, cfacts.StmtWhile, cfacts.StmtDo:
			return false
		case cfacts.StmtFor:
			if !slices.Contains(l.r.Loops, s) {
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
