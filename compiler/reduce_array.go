package compiler

// Array and sub-array reductions (OpenACC 3.3 §2.5.15, §2.9.11): the
// operation applies element-wise to every element of the array or
// sub-array.
//
// Design. Each work-item gets a private copy of the reduced section (when
// its length is a compile-time constant: the array's own length, an
// integer literal or a #define of one, up to maxArrayReduction elements;
// other sections keep the copies in global memory: reduce_copies.go),
// initialized to the operator's identity;
// the user's code reads and writes it as it would the array (a section
// that does not start at 0 is reached through a pointer moved back by its
// first index). At the end of the kernel the work-group combines its
// private copies in __local memory, a chunk of elements at a time (all the
// chunk's elements of all the kernel's array reductions in one tree:
// log2(work-group) barriers per chunk; the host sizes the chunk so that the
// scratch takes ~16 KiB of __local memory, accls_red_chunk), and
// writes one partial copy per work-group into a global partials buffer
// (groups × length). A final kernel (reduce_device.go) then combines the
// partials with the device copy's values, one work-item per element, in
// group order: the section is always entered as `copy` (the clause the
// reduction implies) unless the construct names it in a data clause, so
// the result stays on the device inside a data region and reaches the host
// at the region's exit, as for any copy. Nothing crosses the bus but the
// data clauses' transfers. The number of gangs chosen by the compiler is
// capped (accls_array_reduction_gangs) so that the partials stay small.
//
// Why private copies rather than atomics on a shared copy: the user's code
// may read its private copy (`if (x > m[b]) m[b] = x;`), which atomics on
// a shared copy would turn into a race; private copies are correct for any
// code on any device. They cost registers or private memory per
// work-item, hence the cap on their length (maxArrayReduction).

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// maxArrayReduction is the largest private copy (elements) of an array
// reduction: each work-item holds one (longer ones: reduce_copies.go).
const maxArrayReduction = 1024

// isArrayReduction reports whether a reduction clause item on v names an
// array, a sub-array or an array element.
func isArrayReduction(v *cfacts.Var, rcs []redClause) bool {
	if v.Type != nil && (v.Type.Kind == cfacts.TypeArray || v.Type.Kind == cfacts.TypePointer) {
		return true
	}
	for _, rc := range rcs {
		if rc.item != nil && rc.item.Var != nil && len(rc.item.Var.Subscripts) > 0 {
			return true
		}
	}
	return false
}

// arrayReduction sets up the construct-level reduction of an array or
// sub-array: its element type, the dimensions of the private copy, the
// reduced section's host range.
func (l *lowering) arrayReduction(v *cfacts.Var, rcs []redClause) (*Reduction, error) {
	rc := rcs[0]
	if rc.item == nil || rc.item.Var == nil {
		return nil, fmt.Errorf("'%s' is an array: only reductions named in a reduction clause can be arrays", v.Name)
	}
	for _, o := range rcs[1:] {
		if o.item == nil || strings.Join(strings.Fields(o.item.Text), "") != strings.Join(strings.Fields(rc.item.Text), "") {
			other := "a reduction the compiler found"
			if o.item != nil {
				other = "'" + o.item.Text + "'"
			}
			return nil, fmt.Errorf("'%s' is reduced as different sections in one construct ('%s' and %s)", v.Name, rc.item.Text, other)
		}
	}
	di, err := l.c.dataItem("ACCRT_COPY", rc.item, l.fn)
	if err != nil {
		return nil, err
	}
	t := v.Type
	var dims []int64 // the variable's dimensions; dims[0] is replaced by the section's length
	elem := t
	switch t.Kind {
	case cfacts.TypeArray:
		for elem != nil && elem.Kind == cfacts.TypeArray {
			dims = append(dims, elem.Len)
			elem = elem.Elem
		}
	case cfacts.TypePointer:
		dims = append(dims, -1)
		elem = t.Elem
		for elem != nil && elem.Kind == cfacts.TypeArray {
			dims = append(dims, elem.Len)
			elem = elem.Elem
		}
	default:
		return nil, fmt.Errorf("'%s' is not an array or a pointer: it cannot have a sub-array", v.Name)
	}
	for _, d := range dims[1:] {
		if d <= 0 {
			return nil, fmt.Errorf("reduction on '%s': the inner dimensions of a reduced array must be constants", v.Name)
		}
	}
	if elem == nil || elem.Kind == cfacts.TypeArray {
		return nil, fmt.Errorf("the element type of '%s' is not known", v.Name)
	}
	accrt, cl, err := redType(elem, rc.op)
	if err != nil {
		return nil, err
	}
	op := rc.op
	if isBool(elem) {
		op = boolRedOp(op) // uchar copies, kept 0 or 1 (ctypes.go)
	}
	subs := rc.item.Var.Subscripts
	lo := "0"
	switch {
	case len(subs) == 0:
		if dims[0] <= 0 {
			return nil, fmt.Errorf("reduction on '%s': its length is not a constant (give a sub-array with a constant length)", v.Name)
		}
	default:
		first := subs[0]
		if first.Lower != nil && strings.TrimSpace(first.Lower.Text) != "" {
			lo = strings.TrimSpace(first.Lower.Text)
		}
		switch {
		case !first.Section:
			dims[0] = 1 // an array element
		case first.Length != nil && strings.TrimSpace(first.Length.Text) != "":
			n, ok := l.c.constLen(first.Length)
			if !ok {
				dims[0] = -1 // a run-time length: copies in global memory (reduce_copies.go)
				break
			}
			if n <= 0 {
				return nil, fmt.Errorf("reduction on '%s': the length of the sub-array must be positive, not '%s'", rc.item.Text, first.Length.Text)
			}
			dims[0] = n
		default:
			lv, ok := l.c.constLen(&acc.Expr{Text: lo})
			if !ok || dims[0] <= 0 || lv < 0 || lv >= dims[0] {
				return nil, fmt.Errorf("reduction on '%s': give the sub-array's length as a constant", rc.item.Text)
			}
			dims[0] -= lv
		}
	}
	if v, ok := l.c.constLen(&acc.Expr{Text: lo}); ok && v == 0 {
		lo = "0"
	}
	n := int64(1)
	for _, d := range dims {
		n *= d
	}
	if n < 0 || n > maxArrayReduction {
		rc.op = op
		return runtimeArrayReduction(rc, v, dims, lo, di, accrt, cl) // reduce_copies.go
	}
	return &Reduction{Op: op, Var: v, Name: v.Name, Accrt: accrt, CL: cl, Global: true, Pos: rc.span().Start,
		Dims: dims, Len: n, Lo: lo, Section: di}, nil
}

var defineRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z_0-9]*)[ \t]+([^\n]*)$`)

// fileDefines are the object-like macros of the user's file (#define N
// 256; not N(x)), name → body, read once per translation; a name defined
// twice differently has the body "".
func (c *compilation) fileDefines() map[string]string {
	if c.defines != nil {
		return c.defines
	}
	c.defines = map[string]string{}
	for _, m := range defineRE.FindAllStringSubmatch(string(c.prog.Text), -1) {
		body := strings.TrimSpace(m[2])
		if i := strings.Index(body, "//"); i >= 0 {
			body = strings.TrimSpace(body[:i])
		}
		if old, dup := c.defines[m[1]]; dup && old != body {
			c.defines[m[1]] = "" // ambiguous
			continue
		}
		c.defines[m[1]] = body
	}
	return c.defines
}

// constLen evaluates an integer constant expression of a clause: literals
// and object-like macros of the user's file (#define N 256) that expand to
// them. A name defined twice is not a constant here.
func (c *compilation) constLen(e *acc.Expr) (int64, bool) {
	if v, ok := e.Int(); ok {
		return v, true
	}
	defs := c.fileDefines()
	text := e.Text
	for range 8 {
		changed := false
		text = identRE.ReplaceAllStringFunc(text, func(id string) string {
			if b, ok := defs[id]; ok && b != "" {
				changed = true
				return "(" + b + ")"
			}
			return id
		})
		if !changed {
			break
		}
	}
	text = strings.TrimRight(strings.TrimSpace(text), "uUlL")
	return (&acc.Expr{Span: e.Span, Text: text}).Int()
}

// ---- kernel side ----

// arrayRedStorage is the kernel name of a reduction's private copy (the
// array itself when the section starts at 0).
func arrayRedStorage(red *Reduction) string {
	if red.Lo == "0" {
		return clName(red.Name)
	}
	return "_" + clName(red.Name) + "_priv"
}

// arrayRedDims spells dimensions: "[4][8]".
func arrayRedDims(ds []int64) string {
	s := ""
	for _, d := range ds {
		s += "[" + strconv.FormatInt(d, 10) + "]"
	}
	return s
}

// arrayRedDecl declares the work-item's private copy, at its identity, and
// returns the name the user's code reaches it by.
func (g *kgen) arrayRedDecl(red *Reduction) string {
	if red.RunLen != "" {
		return g.copiesDecl(red) // reduce_copies.go
	}
	st := arrayRedStorage(red)
	name := clName(red.Name)
	g.line(0, "%s %s%s; /* reduction(%s:%s): this work-item's private copy of the section */", red.CL, st, arrayRedDims(red.Dims), red.Op, name)
	g.line(0, "for (long _e = 0; _e < %d; _e++)", red.Len)
	g.line(0, "	((%s *)%s)[_e] = %s;", red.CL, st, identityCL(red.Op, red.CL))
	if red.Lo != "0" {
		if len(red.Dims) == 1 {
			g.line(0, "%s *%s = %s - _%s_lo; /* indexed as the user's array: from the section's first index */", red.CL, name, st, name)
		} else {
			g.line(0, "%s (*%s)%s = %s - _%s_lo; /* indexed as the user's array: from the section's first index */", red.CL, name, arrayRedDims(red.Dims[1:]), st, name)
		}
	}
	return name
}

// arrayRedCombine writes the end of the kernel for its array reductions:
// the work-group's private copies combined in __local memory, a chunk of
// elements at a time, into the group's partial copies. All the kernel's
// array reductions share one chunk loop (one tree, three barriers): PoCL's
// compile time grows with every loop that holds barriers (seven separate
// loops took it 40 s to compile, one 4 s).
func (g *kgen) arrayRedCombine(reds []*Reduction) {
	if len(reds) == 0 {
		return
	}
	if g.k.Serial {
		for _, red := range reds {
			_, part := g.redParams(red)
			g.line(0, "for (long _e = 0; _e < %d; _e++) /* reduction(%s:%s) */", red.Len, red.Op, clName(red.Name))
			g.line(0, "	%s[_e] = ((%s *)%s)[_e];", part, red.CL, arrayRedStorage(red))
		}
		return
	}
	var names []string
	var lmax int64
	for _, red := range reds {
		names = append(names, fmt.Sprintf("reduction(%s:%s)", red.Op, clName(red.Name)))
		lmax = max(lmax, red.Len)
	}
	// guard: the element exists in this reduction (they differ in length)
	has := func(red *Reduction, e string) string {
		if red.Len == lmax {
			return ""
		}
		return fmt.Sprintf("if (%s < %d) ", e, red.Len)
	}
	at := func(scr, off string) string { return fmt.Sprintf("%s[_j * _nlid + _lid%s]", scr, off) }
	g.line(0, "/* %s: combine the work-group's private copies, _accls_chunk elements at a time */", strings.Join(names, " "))
	g.line(0, "for (long _e0 = 0; _e0 < %d; _e0 += _accls_chunk) {", lmax)
	g.line(0, "	const long _c = min((long)_accls_chunk, %dL - _e0);", lmax)
	g.line(0, "	for (long _j = 0; _j < _c; _j++) {")
	for _, red := range reds {
		scr, _ := g.redParams(red)
		val := fmt.Sprintf("((%s *)%s)[_e0 + _j]", red.CL, arrayRedStorage(red))
		if m := maskCond(red.Mask); m != "" {
			val = fmt.Sprintf("%s ? %s : %s", m, val, identityCL(red.Op, red.CL))
		}
		g.line(0, "		%s%s = %s;", has(red, "_e0 + _j"), at(scr, ""), val)
	}
	g.line(0, "	}")
	g.line(0, "	barrier(CLK_LOCAL_MEM_FENCE);")
	// participant _lid + _k's copies into _lid's
	combineChunk := func() {
		g.line(0, "			for (long _j = 0; _j < _c; _j++) {")
		for _, red := range reds {
			scr, _ := g.redParams(red)
			g.line(0, "				%s%s = %s;", has(red, "_e0 + _j"), at(scr, ""), combineCL(red.Op, red.CL, at(scr, ""), at(scr, " + _k")))
		}
		g.line(0, "			}")
	}
	// as tree (kernelgen.go): a loop of work-item 0 on a CPU device, a tree elsewhere
	g.raw("#ifdef ACCLS_CPU_DEVICE")
	g.line(0, "	if (_lid == 0)")
	g.line(0, "		for (long _k = 1; _k < _nlid; _k++)")
	combineChunk()
	g.line(0, "	barrier(CLK_LOCAL_MEM_FENCE);")
	g.raw("#else")
	g.line(0, "	for (long _k = 1; _k < _nlid; _k <<= 1) {")
	g.line(0, "		if ((_lid & (2 * _k - 1)) == 0 && _lid + _k < _nlid)")
	combineChunk()
	g.line(0, "		barrier(CLK_LOCAL_MEM_FENCE);")
	g.line(0, "	}")
	g.raw("#endif")
	g.line(0, "	for (long _j = _lid; _j < _c; _j += _nlid) {")
	for _, red := range reds {
		scr, part := g.redParams(red)
		g.line(0, "		%s%s[_gang * %dL + _e0 + _j] = %s[_j * _nlid];", has(red, "_e0 + _j"), part, red.Len, scr)
	}
	g.line(0, "	}")
	g.line(0, "	barrier(CLK_LOCAL_MEM_FENCE);")
	g.line(0, "}")
}

// arrayRedParams are the extra kernel parameters of an array reduction:
// the section's first index (when not 0), and for the first array
// reduction of a kernel the chunk of elements the work-group combines at a
// time (arrayRedCombine).
func arrayRedParams(k *Kernel, red *Reduction) []*Param {
	var ps []*Param
	name := clName(red.Name)
	if red.Lo != "0" {
		ps = append(ps, &Param{Kind: ParamValue, Red: red, Name: "_" + name + "_lo", CL: "long", Host: red.Lo, HostT: "cl_long"})
	}
	if red.RunLen != "" {
		return append(ps, copiesParams(red)...) // reduce_copies.go
	}
	first := true
	for _, r := range arrayReductions(k.Reductions) {
		first = r == red
		break
	}
	if !k.Serial && first {
		ps = append(ps, &Param{Kind: ParamValue, Red: red, Name: "_accls_chunk", CL: "uint",
			Host: arrayRedChunk(k), HostT: "cl_uint"})
	}
	return ps
}

// arrayRedChunk is the host expression of the number of elements a
// work-group combines at a time (accls_W and accls_V are known then): each
// array reduction's scratch holds that many values of up to 8 bytes per
// work-item, all of them together ~16 KiB (GPUs have 48 KiB or more).
func arrayRedChunk(k *Kernel) string {
	return fmt.Sprintf("accls_red_chunk(%d, accls_W * accls_V, %d)", maxArrayRedLen(k), 8*len(arrayReductions(k.Reductions)))
}

// hasArrayReduction reports whether kernel k reduces an array.
func hasArrayReduction(k *Kernel) bool {
	for _, red := range k.Reductions {
		if red.Len > 0 {
			return true
		}
	}
	return false
}

// maxArrayRedLen is the largest private copy among k's array reductions.
func maxArrayRedLen(k *Kernel) int64 {
	var n int64
	for _, red := range arrayReductions(k.Reductions) {
		n = max(n, red.Len)
	}
	return n
}

// inDeviceMemory reports whether a construct's variable lives in device
// memory as an array (the transfers pass hoists those): arrays, and the
// sections of array reductions, which the construct enters as copy and
// whose device copy the final kernel updates.
func inDeviceMemory(cv *CVar) bool {
	return cv.Mode == ModeArray || cv.Mode == ModeReduction && cv.Red != nil && cv.Red.Len > 0
}

// arrayReductions are the reductions of reds on arrays with private copies
// (not those with copies in global memory, reduce_copies.go).
func arrayReductions(reds []*Reduction) []*Reduction {
	var out []*Reduction
	for _, red := range reds {
		if red.Len > 0 && red.RunLen == "" {
			out = append(out, red)
		}
	}
	return out
}
