package compiler

// Private copies of what a pointer points to. private(tmp[lo:n]) gives
// each unit that runs the construct or an iteration of the loop its own n
// elements (a scratch row, the common way to give each iteration a work
// array whose size is known at run time):
//
//   - on a compute construct, or a loop partitioned over gangs only, each
//     gang has a copy, shared by its workers and vector lanes;
//   - on a loop partitioned over workers (not lanes), each worker has one,
//     shared by its lanes;
//   - on a loop partitioned over vector lanes (`parallel loop`, which
//     accls makes gang vector, included), each work-item has one.
//
// A unit runs its iterations one after another, so its copy serves them
// all. The copies live in global memory, in a scratch of units × n
// elements that the host allocates at the launch (accrt_partials; released
// after it, OpenCL keeping it until the kernel is done), the gangs capped
// so that the scratch stays within 2^25 elements (accls_copies_gangs: the
// loops then stride); the kernel points the user's name at its unit's
// slice, moved down by lo so that tmp[lo] is the slice's first element.
// The copies start undefined, as private data does; firstprivate(c[lo:n])
// on a compute construct enters the section like a copyin (present, or
// copied) and each gang's work-items copy it into the slice before
// anything else.

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// PrivArray is a private copy of the data of a pointer (one per gang,
// worker or work-item).
type PrivArray struct {
	Var     *cfacts.Var
	Name    string // the pointer's kernel name
	CL      string // element OpenCL type
	Lo, Len string // host C expressions of the section
	// Init is the section's data item for firstprivate: entered like a
	// copyin (present or copied), each gang copies it into its slice at
	// the kernel's start.
	Init *DataItem
	// Loop is the loop whose private clause it is, nil for the construct's
	// (a copy per gang).
	Loop *Loop
}

// Private copy units (PrivArray.unit).
const (
	perGang   = "gang"
	perWorker = "worker"
	perItem   = "work-item"
)

// unit is what has a copy of its own: the gang for the construct's copy
// and a gang loop's, else the worker or the work-item that runs an
// iteration (the loop's final levels).
func (pa *PrivArray) unit() string {
	switch {
	case pa.Loop == nil:
		return perGang
	case pa.Loop.Levels&analysis.LevelVector != 0:
		return perItem
	case pa.Loop.Levels&analysis.LevelWorker != 0:
		return perWorker
	}
	return perGang
}

// privateSection reports whether a private or firstprivate item can be
// privatized as written, and records a gang-private copy of a pointer's
// sub-array (lp: the loop whose clause it is; nil for the construct's).
// A sub-array of an array privatizes the whole array (a superset).
func (l *lowering) privateSection(cl *acc.Clause, it *acc.Arg, v *cfacts.Var, lp *Loop) bool {
	if it.Var == nil || len(it.Var.Subscripts) == 0 || v.Type == nil || v.Type.Kind != cfacts.TypePointer {
		return true
	}
	fail := func(why string) bool {
		l.c.errorAt(it.Span, "%s(%s): %s", cl.Spec.Name, it.Text, why)
		return false
	}
	switch {
	case lp != nil && lp.Seq:
		return fail("a private copy of the data a pointer points to on a seq loop is not supported by the compiler (each iteration needs its own; the unit that runs the loop is not known); declare the array in the loop body (float " + v.Name + "[N] with a constant N), or make the clause the enclosing loop's")
	case len(it.Var.Subscripts) != 1 || !it.Var.Subscripts[0].Section || it.Var.Subscripts[0].Length == nil || len(it.Var.Members) > 0:
		return fail("give the private section as " + v.Name + "[lower:length]")
	}
	elem, err := l.c.prog.typeCL(v.Type.Elem) // structs.go
	if err != nil {
		return fail(err.Error())
	}
	sub := it.Var.Subscripts[0]
	lo := "0"
	if sub.Lower != nil {
		lo = strings.TrimSpace(sub.Lower.Text)
	}
	if prev := l.privArrays[v]; prev != nil {
		return true // named again (the construct and a loop): one copy per gang
	}
	switch elem {
	case "double":
		l.c.prog.UsesDouble = true
	case "bool":
		elem = "uchar" // as _Bool data in device memory (stores convert to 0 or 1: cemit.go boolAssign)
	}
	pa := &PrivArray{Var: v, Name: clName(v.Name), CL: elem, Lo: lo, Len: strings.TrimSpace(sub.Length.Text), Loop: lp}
	if cl.Spec.Name == "firstprivate" {
		pa.Init = &DataItem{Clause: "ACCRT_COPYIN", Name: it.Text, Var: v, Start: "&(" + v.Name + ")[" + lo + "]",
			Bytes: "(size_t)(" + pa.Len + ") * sizeof(" + v.Name + "[0])", Lo: "0", Pos: it.Span.Start}
		l.con.Node.Data = append(l.con.Node.Data, pa.Init)
	}
	l.privArrays[v] = pa
	return true
}

// kernelPrivArray adds a private copy to a kernel that uses it.
// In a kernel with several gang dimensions (gang(dim:)) the gangs are
// numbered linearly (_gang) as in a one-dimensional one.
func (l *lowering) kernelPrivArray(k *Kernel, pa *PrivArray) {
	k.PrivArrays = append(k.PrivArrays, pa)
}

// privArrayParams are a copy's kernel parameters: its section and the
// scratch.
func privArrayParams(pa *PrivArray) []*Param {
	ps := []*Param{
		{Kind: ParamValue, Name: "_" + pa.Name + "_plo", CL: "long", Host: pa.Lo, HostT: "cl_long"},
		{Kind: ParamValue, Name: "_" + pa.Name + "_plen", CL: "long", Host: pa.Len, HostT: "cl_long"},
		{Kind: ParamPrivArray, Name: "_" + pa.Name + "_priv", CL: pa.CL, Priv: pa},
	}
	if pa.Init != nil {
		ps = append(ps, &Param{Kind: ParamPrivInit, Name: "_" + pa.Name + "_init", CL: pa.CL, Priv: pa})
	}
	return ps
}

// privInitView names the host's device view of a firstprivate section.
func privInitView(pa *PrivArray) string { return "accls_fpi_" + pa.Name }

// privInitItem finds the firstprivate copy whose data item di is.
func privInitItem(con *Construct, di *DataItem) *PrivArray {
	for _, k := range con.Kernels {
		for _, pa := range k.PrivArrays {
			if pa.Init == di {
				return pa
			}
		}
	}
	return nil
}

// privArrayArg writes the host side of the scratch parameter.
func (h *hgen) privArrayArg(k *Kernel, p *Param, in string) {
	pa := p.Priv
	h.w(in, "cl_mem accls_s_%s = accrt_partials(%s * (size_t)(%s) * sizeof((%s)[0]), ACCRT_UCHAR); /* private(%s[%s:%s]): a copy per %s */", pa.Name, pa.hostUnits(k), pa.Len, pa.Var.Name, pa.Var.Name, pa.Lo, pa.Len, pa.unit())
	h.w(in, "accrt_arg_mem(accls_k, %d, accls_s_%s);", p.Index, pa.Name)
}

// hostUnits is the host's count of the units of kernel k that have
// copies (on a 2-D or 3-D grid: its groups, or its work-items).
func (pa *PrivArray) hostUnits(k *Kernel) string {
	switch u := pa.unit(); {
	case k.Grid > 0 && u == perGang:
		return "accls_ndrange_groups(&accls_nd)"
	case k.Grid > 0:
		return "accls_nd.global[0] * accls_nd.global[1] * accls_nd.global[2]"
	case u == perItem:
		return "accls_G * accls_W * accls_V"
	case u == perWorker:
		return "accls_G * accls_W"
	}
	return "(size_t)accls_G"
}

// privArrayGangs caps the gangs of a kernel whose copies are per worker
// or work-item: the scratch within 2^25 elements (the loops stride). In a
// kernel with several gang dimensions (dims), the dimensions shrink,
// largest first.
func (h *hgen) privArrayGangs(k *Kernel, in string, dims bool) {
	for _, pa := range k.PrivArrays {
		if u := pa.unit(); u != perGang {
			per := "accls_W * accls_V"
			if u == perWorker {
				per = "accls_W"
			}
			capped := "accls_copies_gangs(accls_G"
			if dims {
				capped = "accls_copies_gang_dims(accls_gd"
			}
			h.w(in, "accls_G = %s, %s * (size_t)(%s)); /* private(%s[%s:%s]): a copy per %s */", capped, per, pa.Len, pa.Var.Name, pa.Lo, pa.Len, u)
		}
	}
}

// privArrayRelease frees the scratch after the launch: OpenCL keeps it
// until the kernel is done.
func (h *hgen) privArrayRelease(k *Kernel, in string) {
	for _, pa := range k.PrivArrays {
		h.w(in, "clReleaseMemObject(accls_s_%s);", pa.Name)
	}
}

// privArrayDecls points each copy's name at its gang's slice (after the
// kernel has its _gang).
func (g *kgen) privArrayDecls(k *Kernel) {
	for _, pa := range k.PrivArrays {
		unit := "(size_t)_gang"
		switch pa.unit() {
		case perItem:
			unit = "((size_t)_gang * (size_t)_nlid + (size_t)_lid)"
		case perWorker:
			unit = "((size_t)_gang * (size_t)_nworkers + (size_t)_worker)"
		}
		at := unit + " * (size_t)_" + pa.Name + "_plen"
		if k.Serial {
			at = "0"
		}
		g.line(0, "__global %s *%s = _%s_priv + %s - _%s_plo; /* private(%s[%s:%s]): this %s's copy */", pa.CL, pa.Name, pa.Name, at, pa.Name, pa.Var.Name, pa.Lo, pa.Len, pa.unit())
		if pa.Init == nil {
			continue
		}
		g.line(0, "{ /* firstprivate: the gang's copy starts as the data */")
		g.line(1, "__global const %s *_init = (__global const %s *)((__global const char *)_%s_init_base + _%s_init_off);", pa.CL, pa.CL, pa.Name, pa.Name)
		if k.Serial {
			g.line(1, "for (long _e = 0; _e < _%s_plen; _e++)", pa.Name)
		} else {
			g.line(1, "for (long _e = _lid; _e < _%s_plen; _e += _nlid)", pa.Name)
		}
		g.line(2, "%s[_%s_plo + _e] = _init[_e];", pa.Name, pa.Name)
		if !k.Serial {
			g.line(1, "barrier(CLK_GLOBAL_MEM_FENCE);")
		}
		g.line(0, "}")
	}
}

// isPrivArray reports whether v is a gang-private copy of kernel k.
func isPrivArray(k *Kernel, v *cfacts.Var) bool {
	for _, pa := range k.PrivArrays {
		if pa.Var == v {
			return true
		}
	}
	return false
}
