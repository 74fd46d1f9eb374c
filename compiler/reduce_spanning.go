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
	"github.com/accls/accls/acc"
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
