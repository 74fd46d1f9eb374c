package compiler

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The atomic construct (OpenACC 3.3 §2.12). The outline pass takes each
// atomic statement apart with analysis.ClassifyAtomic (the same forms the
// editor's atomic-invalid-form rule accepts); kernelgen writes it as OpenCL
// 1.2 atomics on the location's address:
//
//   - 32-bit int/unsigned: x += e, x -= e, x &= e, x |= e, x ^= e, x++,
//     x-- with an integer e use atomic_add/sub/and/or/xor, which return the
//     value before (a capture of the value after recomputes it);
//   - long/unsigned long: x += e, x -= e use atom_add/atom_sub
//     (cl_khr_int64_base_atomics);
//   - everything else (float, double, *, /, <<, >>, x = e - x, chains
//     x = x + a + b, float operands) is a compare-and-swap loop on the bit
//     pattern (atomic_cmpxchg on uint, atom_cmpxchg on ulong, as_float /
//     as_double / as_int...);
//   - write is an exchange, read an atomic add of 0.
//
// In code that the workers or vector lanes of a gang run redundantly
// (outside the loops that partition them), one work-item performs the
// atomic; a capture's value then goes to the others through the kernel's
// __local scratch between two barriers, which needs every work-item of the
// group to run the code: not inside a worker loop, not in a routine.
//
// Locations are array elements and scalars in device memory (__global) or
// gang-shared arrays (__local). A location private to the work-item (a
// private or firstprivate scalar, a private array) has no other accessor:
// its statement is written as plain code. 64-bit atomics need the device's
// cl_khr_int64_base_atomics: the program then says so with #error when the
// device lacks it (the build log shows it).

// atomicSite is one atomic construct of a compute construct.
type atomicSite struct {
	region *analysis.Region
	form   *analysis.AtomicForm
}

// checkAtomic classifies the statement of an atomic region inside a
// compute construct; an invalid statement is an error at the statement.
func (c *compilation) checkAtomic(r *analysis.Region) {
	f, msg := analysis.ClassifyAtomic(c.prog.Text, r)
	if f == nil {
		at := r.Directive.NameSpan
		if r.Stmt != nil {
			at = r.Stmt.Span
		}
		c.errorAt(at, "%s", msg)
		return
	}
	if f.X != nil {
		if _, _, err := atomicType(f.X.Type); err != nil {
			c.errorAt(f.X.Span, "%v", err)
			return
		}
	}
	// The value computed may not read v (it is assigned around the update:
	// OpenACC and OpenMP leave such statements undefined).
	if f.V != nil {
		for _, e := range append([]*cfacts.Expr{f.Write}, f.Operands...) {
			if e != nil && mentionsRoot(e, f.V) {
				c.errorAt(e.Span, "the expression of an atomic capture may not use the captured variable '%s'", c.text(f.V.Span))
				return
			}
		}
	}
	if c.prog.atomics == nil {
		c.prog.atomics = map[*cfacts.Stmt]*atomicSite{}
	}
	c.prog.atomics[r.Stmt] = &atomicSite{region: r, form: f}
}

// mentionsRoot reports whether e references the variable at the root of
// the lvalue v (v, v[...], *v).
func mentionsRoot(e, v *cfacts.Expr) bool {
	for v != nil && (v.Kind == cfacts.ExprIndex || v.Kind == cfacts.ExprUnary) {
		v = v.X
	}
	if v == nil || v.Kind != cfacts.ExprIdent || v.Var == nil {
		return false
	}
	return mentionsVar(e, v.Var)
}

// atomicType returns the OpenCL type of an atomic location and the unsigned
// integer type of its bits ("uint" or "ulong").
func atomicType(t *cfacts.Type) (cl, bits string, err error) {
	if t != nil && (t.Kind == cfacts.TypeInt && !isBool(t) || t.Kind == cfacts.TypeFloat) {
		s, e := scalarCL(t)
		if e == nil {
			switch s {
			case "int", "uint", "float":
				return s, "uint", nil
			case "long", "ulong", "double":
				return s, "ulong", nil
			}
		}
	}
	name := "?"
	if t != nil {
		name = t.Name
	}
	return "", "", fmt.Errorf("an atomic access to a value of type '%s' is not supported (int, unsigned, long, unsigned long, float and double are)", name)
}

// nativeAtomic maps an update operator to the OpenCL atomic function that
// performs it, per bit width ("" when a CAS loop is needed).
var nativeAtomic = map[string][2]string{
	"+": {"atomic_add", "atom_add"},
	"-": {"atomic_sub", "atom_sub"},
	"&": {"atomic_and", ""},
	"|": {"atomic_or", ""},
	"^": {"atomic_xor", ""},
}

// atomicSpace is the address space of an atomic location: "__global",
// "__local", or "" when it is private to the work-item.
func (g *kgen) atomicSpace(x *cfacts.Expr) string {
	e := x
	for e != nil && (e.Kind == cfacts.ExprIndex || e.Kind == cfacts.ExprUnary && e.Op == "*") {
		if e.Kind == cfacts.ExprUnary {
			return privateAsEmpty(g.pointedSpace(e.X)) // pointerspace.go
		}
		e = e.X
	}
	if e == nil || e.Kind != cfacts.ExprIdent || e.Var == nil {
		return "__global"
	}
	v := e.Var
	if v.Type != nil && v.Type.Kind == cfacts.TypePointer {
		return privateAsEmpty(g.pointeeSpace(v)) // p[i] through a pointer
	}
	return privateAsEmpty(g.varSpace(v)) // pointerspace.go
}

// atomic writes the statement of an atomic construct.
func (g *kgen) atomic(s *cfacts.Stmt, site *atomicSite) {
	f := site.form
	ln := g.srcLine(s.Span.Start)
	space := g.atomicSpace(f.X)
	if space == "" {
		// Private to this work-item: nobody else can see the location.
		for _, st := range f.Stmts {
			g.line(g.srcLine(st.Span.Start), "%s; /* atomic %s on a private location: plain code */", g.expr(st.Expr, precComma), f.Kind)
		}
		return
	}
	t, bits, err := atomicType(f.X.Type)
	if err != nil {
		g.fail(f.X.Span, "%v", err)
		return
	}
	if needsFP64(t) {
		g.em.fp64 = true
	}
	// Code that several work-items run redundantly (outside the loops that
	// partition the vector lanes or workers) performs the update once.
	// A capture there is performed by one work-item and its value handed
	// to the others through __local memory, between barriers.
	guard, broadcast := "", false
	if f.Kind != "read" {
		cond, redundant := g.atomicGuard(s.Span)
		if f.Kind == "capture" && redundant {
			if !g.captureBroadcast(s.Span) {
				g.fail(s.Span, "an atomic capture in code that the workers or vector lanes of a gang run redundantly is supported only where all the work-items of the gang run it (not inside a worker loop, not in a routine): only one of them performs it")
				return
			}
			broadcast = true
		}
		guard = cond
	}
	if guard != "" {
		g.line(0, "if (%s) /* one work-item of those that run this code redundantly */", guard)
	}
	wide := bits == "ulong"
	if wide {
		g.c.prog.Int64Atomics = true
	}
	w := 0
	if wide {
		w = 1
	}
	ptr := fmt.Sprintf("(volatile %s %s *)&%s", space, bits, g.expr(f.X, precUnary))
	g.line(ln, "{ /* atomic %s */", f.Kind)
	g.indent++
	g.line(0, "volatile %s %s *_ap = %s;", space, bits, ptr)
	capture := func(val string) {
		switch {
		case f.V == nil:
		case broadcast:
			g.line(ln, "((__local %s *)%s)[0] = %s; /* for the other work-items */", t, routineScratchName, val)
		default:
			g.line(ln, "%s = %s;", g.expr(f.V, precUnary), val)
		}
	}
	switch {
	case f.Kind == "read":
		g.line(ln, "%s = as_%s(%s(_ap, %s));", g.expr(f.V, precUnary), t, [2]string{"atomic_add", "atom_add"}[w], [2]string{"0u", "0ul"}[w])
	case f.Write != nil:
		xchg := fmt.Sprintf("%s(_ap, as_%s((%s)%s))", [2]string{"atomic_xchg", "atom_xchg"}[w], bits, t, g.expr(f.Write, precUnary))
		if f.V == nil {
			g.line(ln, "%s;", xchg)
		} else {
			g.line(ln, "const %s _aold = as_%s(%s);", t, t, xchg)
			capture("_aold")
		}
	default:
		g.update(f, space, t, bits, w, ln, capture)
	}
	g.indent--
	g.line(0, "}")
	if broadcast {
		g.line(0, "barrier(CLK_LOCAL_MEM_FENCE);")
		g.line(ln, "%s = ((__local %s *)%s)[0];", g.expr(f.V, precUnary), t, routineScratchName)
		g.line(0, "barrier(CLK_LOCAL_MEM_FENCE);")
	}
}

// captureBroadcast reports whether an atomic capture at span sp, in code
// that several work-items of a gang run redundantly, can hand its value to
// them: in a kernel (not a routine), outside worker and vector loops (all
// the work-items of the group reach the barriers), with the kernel's
// __local scratch (routineScratch gives it to such kernels).
func (g *kgen) captureBroadcast(sp acc.Span) bool {
	if g.rt != nil {
		return false
	}
	around, _ := g.callPlace(sp)
	if around&(analysis.LevelWorker|analysis.LevelVector) != 0 {
		return false
	}
	for _, p := range g.k.Params {
		if p.Kind == ParamScratch && p.Name == routineScratchName {
			return true
		}
	}
	return false
}

// redundantCapture reports whether kernel k has an atomic capture in code
// that several of its work-items run redundantly (it then needs the
// __local scratch to broadcast the value).
func (l *lowering) redundantCapture(k *Kernel) bool {
	if k.Serial {
		return false
	}
	multi := k.Levels & (analysis.LevelWorker | analysis.LevelVector)
	found := false
	for _, s := range k.Stmts {
		cfacts.Walk(s, func(x *cfacts.Stmt) bool {
			if site := l.c.prog.atomics[x]; site != nil && site.form.Kind == "capture" && multi&^l.levelsAround(k, x.Span) != 0 {
				found = true
			}
			return !found
		})
	}
	return found
}

// update writes an atomic update (and its capture).
func (g *kgen) update(f *analysis.AtomicForm, space, t, bits string, w, ln int, capture func(string)) {
	// The operands, evaluated once.
	var ops []string
	intOperands := true
	for i, e := range f.Operands {
		et, err := scalarCL(e.Type)
		if err != nil {
			g.fail(e.Span, "the operand of an atomic update: %v", err)
			return
		}
		if needsFP64(et) {
			g.em.fp64 = true
		}
		if e.Type.Kind != cfacts.TypeInt {
			intOperands = false
		}
		name := fmt.Sprintf("_ae%d", i)
		g.line(ln, "const %s %s = %s;", et, name, g.expr(e, precAssign))
		ops = append(ops, name)
	}
	if len(ops) == 0 {
		ops = []string{"1"} // x++, x--
	}
	isInt := t != "float" && t != "double"
	if fn := nativeAtomic[f.Op][w]; fn != "" && isInt && intOperands && len(ops) == 1 && (!f.Reversed || f.Op != "-") {
		call := fmt.Sprintf("%s((volatile %s %s *)_ap, (%s)%s)", fn, space, t, t, ops[0])
		if f.V == nil {
			g.line(ln, "%s;", call)
			return
		}
		g.line(ln, "const %s _aold = %s;", t, call)
		if f.CaptureAfter {
			capture(fmt.Sprintf("(%s)(_aold %s (%s)%s)", t, f.Op, t, ops[0]))
		} else {
			capture("_aold")
		}
		return
	}
	// Compare and swap on the bit pattern.
	newVal := "_aold"
	if f.Reversed {
		newVal = ops[0] + " " + f.Op + " _aold"
	} else {
		for i, o := range ops {
			if i > 0 {
				newVal = "(" + newVal + ")"
			}
			newVal += " " + f.Op + " " + o
		}
	}
	cas := [2]string{"atomic_cmpxchg", "atom_cmpxchg"}[w]
	g.line(0, "%s _aseen = *_ap, _aexp;", bits)
	g.line(0, "%s _aold, _anew;", t)
	g.line(0, "do {")
	g.line(0, "	_aexp = _aseen;")
	g.line(0, "	_aold = as_%s(_aexp);", t)
	g.line(ln, "	_anew = (%s)(%s);", t, newVal)
	g.line(0, "	_aseen = %s(_ap, _aexp, as_%s(_anew));", cas, bits)
	g.line(0, "} while (_aseen != _aexp);")
	if f.CaptureAfter {
		capture("_anew")
	} else {
		capture("_aold")
	}
}

// atomicPrologue is what the program needs before its kernels for the
// 64-bit atomics it uses.
func atomicPrologue(p *Program) string {
	if !p.Int64Atomics {
		return ""
	}
	return `#ifndef cl_khr_int64_base_atomics
#error "accls: this program uses 64-bit atomics (long, unsigned long or double in an atomic construct) and the OpenCL device lacks cl_khr_int64_base_atomics"
#endif
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
`
}
