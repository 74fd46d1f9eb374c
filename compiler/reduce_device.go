package compiler

// The final combine of a construct-level reduction on the device.
//
// The kernel leaves one partial per work-group (a partial copy for an
// array reduction). Where the result belongs in device memory — the
// variable is present: a data region, enter data, a copy clause of the
// construct, and always for array reductions (the section is entered as
// copy) — a small second kernel, <kernel>_<var>_final, combines the
// partials with the device copy's value in group order (one work-item per
// element) and writes the result there: no partials cross the bus, and the
// device copy is not read back and written again (before: update self,
// combine on the host, update device: two transfers and a blocking read per
// construct). The host copy changes only where the spec says: at the copy's
// exit or an update. Launched on the construct's queue, after its kernel.
//
// A scalar reduction whose variable is not present keeps the host combine
// (accls_reduce): the host needs the value anyway, and reading the few
// partials is one small transfer where the device combine would need a
// launch and the same read. Which one runs is decided at run time
// (accls_reduce_target); the final kernel is only emitted for scalars that
// some data clause of the function names (or globals). On an async
// construct the final kernel runs on its queue: the host does not wait (the
// host combine waits for the queue).

import (
	"fmt"
	"strconv"

	"github.com/accls/accls/source/cfacts"
)

// dataClauseNames are the clauses that may make a variable present (by
// their canonical names: the scanner gives aliases such as pcopy the
// canonical Spec).
var dataClauseNames = map[string]bool{
	"copy": true, "copyin": true, "copyout": true, "create": true, "present": true, "no_create": true,
	"device_resident": true,
}

// mayBePresent reports whether scalar v may be present in device memory
// when the construct runs: a data clause of this construct or of any
// directive of the function names it, or it is a global (declare, or
// entered elsewhere).
func (l *lowering) mayBePresent(v *cfacts.Var) bool {
	if l.items[v] != nil || v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageStatic {
		return true
	}
	for d, r := range l.c.model.ByDirective {
		if r == nil || r.Func == nil || r.Func.Func != l.fn {
			continue
		}
		for _, cl := range d.Clauses {
			if cl.Spec == nil || cl.Args == nil || !dataClauseNames[cl.Spec.Name] {
				continue
			}
			for _, it := range cl.Args.Items {
				if it.Var != nil && it.Var.Name == v.Name && l.c.lookupVar(l.fn, it.Span.Start, it.Var.Name) == v {
					return true
				}
			}
		}
	}
	return false
}

// finalKernels names the final combine kernels of kernel k's reductions:
// every array reduction, and scalar ones that may be present.
func (l *lowering) finalKernels(k *Kernel) {
	for _, red := range k.Reductions {
		di := l.items[red.Var]
		switch {
		case red.Spanning: // reduce_spanning.go: other kernels read the device copy
		case red.Len == 0 && di != nil && di.Clause != "ACCRT_COPY" && di.Clause != "ACCRT_PRESENT":
			// copyin/copyout/create next to the reduction on the construct:
			// the host combine also updates the host variable, as before
			continue
		case red.Len == 0 && !l.mayBePresent(red.Var):
			continue
		}
		red.Final = k.Name + "_" + clName(red.Name) + "_final"
	}
}

// finalKernel writes the final combine kernel of a reduction.
func (g *kgen) finalKernel(red *Reduction) {
	name := clName(red.Name)
	g.raw("")
	g.raw(fmt.Sprintf("/* reduction(%s:%s) of %s: the final combine on the device, into the present copy */", red.Op, name, g.k.Name))
	g.raw(fmt.Sprintf("__kernel void %s(__global const %s *_p, ulong _n, __global %s *_dst_base, ulong _dst_off, ulong _len)", red.Final, red.CL, red.CL))
	g.raw("{")
	g.raw("	const ulong _e = get_global_id(0);")
	g.raw("	if (_e < _len) {")
	g.raw(fmt.Sprintf("		__global %s *_dst = (__global %s *)((__global char *)_dst_base + _dst_off);", red.CL, red.CL))
	g.raw(fmt.Sprintf("		%s _acc = _dst[_e];", red.CL))
	g.raw("		for (ulong _g = 0; _g < _n; _g++)")
	g.raw(fmt.Sprintf("			_acc = %s;", combineCL(red.Op, red.CL, "_acc", "_p[_g * _len + _e]")))
	g.raw("		_dst[_e] = _acc;")
	g.raw("	}")
	g.raw("}")
}

// reduceFinal writes the host side of a reduction after its kernel: the
// device combine into the present copy, or (a scalar not present) the host
// combine.
func (h *hgen) reduceFinal(red *Reduction, in, loc string) {
	fk := fmt.Sprintf("accrt_kernel(accrt_program(accls_program, %s), %s)", strconv.Quote(h.c.prog.File), strconv.Quote(red.Final))
	if red.Len > 0 {
		di := red.Section
		n := strconv.FormatInt(red.Len, 10)
		if red.RunLen != "" {
			n = red.RunLen
		}
		h.w(in, "accls_reduce_device(%s, accls_p_%s, accls_G, accrt_lookup((void *)%s, %s, %s, %s), %s, %s);",
			fk, red.Name, paren(di.Start), di.Bytes, strconv.Quote(di.Name), loc, n, h.queueOrSync())
		if red.RunLen != "" {
			h.w(in, "clReleaseMemObject(accls_c_%s); /* the copies: freed when the kernel is done */", red.Name)
		}
		return
	}
	h.w(in, "{")
	h.w(in+"\t", "accrt_dev accls_t = accls_reduce_target((void *)&%s, sizeof(%s), %s, %s);", red.Name, red.Name, strconv.Quote(red.Name), loc)
	h.w(in+"\t", "if (accls_t.mem)")
	h.w(in+"\t\t", "accls_reduce_device(%s, accls_p_%s, accls_G, accls_t, 1, %s);", fk, red.Name, h.queueOrSync())
	h.w(in+"\t", "else")
	h.hostReduce(red, in+"\t\t", loc)
	h.w(in, "}")
}
