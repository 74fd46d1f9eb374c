package compiler

// Array reductions whose length is not a compile-time constant
// (`reduction(+:hist[0:nb])`), or too large for private copies (more than
// maxArrayReduction elements): each work-item's copy lives in global
// memory, in a scratch buffer of gangs × work-items × length elements
// (accrt_partials), initialized to the identity by its work-item; the
// user's code reaches it through a __global pointer. At the end of the
// kernel the work-group's copies are combined (after a global-memory
// barrier; work-item w takes the elements w, w + group size, ...) into the
// group's partial copy, and the final kernel combines the groups' partial
// copies into the section's device copy, as for private copies
// (reduce_array.go). The compiler caps the number of gangs it chooses so
// that the scratch stays at 2^25 elements (accls_copies_gangs). Slower
// than private copies (global memory), correct for any length.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// runtimeArrayReduction sets up an array reduction with copies in global
// memory; dims[0] < 0 when the section's length is a run-time expression.
func runtimeArrayReduction(rc redClause, v *cfacts.Var, dims []int64, lo string, di *DataItem, accrt, cl string) (*Reduction, error) {
	first := strconv.FormatInt(dims[0], 10)
	if dims[0] < 0 {
		first = strings.TrimSpace(rc.item.Var.Subscripts[0].Length.Text)
	}
	inner := int64(1)
	for _, d := range dims[1:] {
		inner *= d
	}
	n := fmt.Sprintf("(size_t)(%s)", first)
	if inner != 1 {
		n = fmt.Sprintf("(size_t)(%s) * %d", first, inner)
	}
	return &Reduction{Op: rc.op, Var: v, Name: v.Name, Accrt: accrt, CL: cl, Global: true, Pos: rc.span().Start,
		Dims: dims, Len: 1, Lo: lo, Section: di, RunLen: "(" + n + ")"}, nil
}

// copiesParams are the kernel parameters of an array reduction with
// copies in global memory: its length and the copies.
func copiesParams(red *Reduction) []*Param {
	name := clName(red.Name)
	return []*Param{
		{Kind: ParamValue, Red: red, Name: "_" + name + "_len", CL: "long", Host: red.RunLen, HostT: "cl_long"},
		{Kind: ParamPartials, Red: red, Name: "_" + name + "_copies", CL: red.CL, Copies: true},
	}
}

// copiesDecl points the user's name at the work-item's copy, at the
// identity.
func (g *kgen) copiesDecl(red *Reduction) string {
	name := clName(red.Name)
	cp := "_" + name + "_copy"
	g.line(0, "__global %s *%s = _%s_copies + (size_t)get_global_id(0) * (size_t)_%s_len; /* reduction(%s:%s): this work-item's copy, in global memory */", red.CL, cp, name, name, red.Op, name)
	g.line(0, "for (long _e = 0; _e < _%s_len; _e++)", name)
	g.line(0, "	%s[_e] = %s;", cp, identityCL(red.Op, red.CL))
	off := ""
	if red.Lo != "0" {
		off = " - _" + name + "_lo"
	}
	if len(red.Dims) == 1 {
		g.line(0, "__global %s *%s = %s%s;", red.CL, name, cp, off)
	} else {
		d := arrayRedDims(red.Dims[1:])
		g.line(0, "__global %s (*%s)%s = (__global %s (*)%s)%s%s;", red.CL, name, d, red.CL, d, cp, off)
	}
	return name
}

// copiesCombine writes the end of the kernel for the array reductions with
// copies in global memory: each group's copies into its partial copy.
func (g *kgen) copiesCombine() {
	for _, red := range g.k.Reductions {
		if red.RunLen == "" {
			continue
		}
		name := clName(red.Name)
		cp, part, cps, n := "_"+name+"_copy", "_"+name+"_partials", "_"+name+"_copies", "_"+name+"_len"
		if g.k.Serial {
			g.line(0, "for (long _e = 0; _e < %s; _e++) /* reduction(%s:%s) */", n, red.Op, name)
			g.line(0, "	%s[_e] = %s[_e];", part, cp)
			continue
		}
		g.line(0, "/* reduction(%s:%s): combine the work-group's copies (global memory) */", red.Op, name)
		if m := maskCond(red.Mask); m != "" {
			g.line(0, "if (!%s)", m)
			g.line(0, "	for (long _e = 0; _e < %s; _e++)", n)
			g.line(0, "		%s[_e] = %s;", cp, identityCL(red.Op, red.CL))
		}
		g.line(0, "barrier(CLK_GLOBAL_MEM_FENCE);")
		g.line(0, "for (long _e = _lid; _e < %s; _e += _nlid) {", n)
		g.line(0, "	%s _acc = %s;", red.CL, identityCL(red.Op, red.CL))
		g.line(0, "	for (long _w = 0; _w < _nlid; _w++)")
		g.line(0, "		_acc = %s;", combineCL(red.Op, red.CL, "_acc", fmt.Sprintf("%s[((size_t)_gang * _nlid + _w) * %s + _e]", cps, n)))
		g.line(0, "	%s[(size_t)_gang * %s + _e] = _acc;", part, n)
		g.line(0, "}")
	}
}

// copiesArg writes the host side of a partials parameter of an array
// reduction with copies in global memory (the copies, or the partials).
func (h *hgen) copiesArg(p *Param, in string) {
	red := p.Red
	if p.Copies {
		h.w(in, "cl_mem accls_c_%s = accrt_partials(accls_G * accls_W * accls_V * %s, %s);", red.Name, red.RunLen, red.Accrt)
		h.w(in, "accrt_arg_mem(accls_k, %d, accls_c_%s);", p.Index, red.Name)
		return
	}
	h.w(in, "cl_mem accls_p_%s = accrt_partials(accls_G * %s, %s);", red.Name, red.RunLen, red.Accrt)
	h.w(in, "accrt_arg_mem(accls_k, %d, accls_p_%s);", p.Index, red.Name)
}

// copiesGangs caps the gangs the compiler chose for kernel k so that the
// copies in global memory stay small.
func (h *hgen) copiesGangs(k *Kernel, in string) {
	for _, red := range k.Reductions {
		if red.RunLen != "" {
			h.w(in, "accls_G = accls_copies_gangs(accls_G, accls_W * accls_V * %s);", red.RunLen)
		}
	}
}
