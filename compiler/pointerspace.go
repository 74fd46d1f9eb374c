package compiler

import (
	"fmt"
	"strconv"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Address spaces of the pointers a kernel or routine declares.
//
// OpenCL C 1.2 has no generic address space: a pointer's type names the
// memory it points into: __global (device data: arrays and pointers of the
// construct, routine pointer parameters), __local (gang-shared arrays) or
// private (the work-item's own variables). C code in a compute construct
// says nothing of it: `double *row = &a[i * m];` must become `__global
// double *row`, and `double t[4]; double *q = t;` a private `double *q`.
// Each pointer declared in the kernel (or private to it, or a routine's
// local) gets the space of the addresses assigned to it, the assignments
// read in any order and through chains (q = p; p = &a[i]) to a fixed
// point. A pointer that receives addresses of two spaces is an error of
// its own (no OpenCL type holds both); one that receives only NULL, or
// nothing, points into __global memory.

// inferPointerSpaces fills g.ptrSpaces for the pointers stmts declare or
// assign (candidates: declared in stmts, or private variables of the
// kernel), and reports a pointer given addresses of two spaces.
func (g *kgen) inferPointerSpaces(stmts []*cfacts.Stmt, private []*cfacts.Var) {
	type site struct {
		p   *cfacts.Var
		val *cfacts.Expr
		at  acc.Span
	}
	candidate := map[*cfacts.Var]bool{}
	for _, v := range private {
		if isPointer(v.Type) {
			candidate[v] = true
		}
	}
	var sites []site
	for _, s := range stmts {
		cfacts.Walk(s, func(st *cfacts.Stmt) bool {
			for _, v := range st.Decls {
				switch {
				case isPointer(v.Type):
					candidate[v] = true
					if v.Init != nil {
						sites = append(sites, site{v, v.Init, v.Init.Span})
					}
				case isPointerArray(v.Type):
					// its elements' addresses: the initializer's values
					candidate[v] = true
					for _, x := range initValues(v.Init) {
						sites = append(sites, site{v, x, x.Span})
					}
				}
			}
			cfacts.StmtExprs(st, func(e *cfacts.Expr) {
				cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
					if x.Kind == cfacts.ExprAssign && x.Op == "=" {
						if lhs := strip(x.X); lhs != nil && lhs.Kind == cfacts.ExprIdent && lhs.Var != nil && isPointer(lhs.Var.Type) {
							sites = append(sites, site{lhs.Var, x.Y, x.Y.Span})
						} else if a := pointerElementOf(lhs); a != nil {
							sites = append(sites, site{a, x.Y, x.Y.Span})
						}
					}
					return true
				})
			})
			return true
		})
	}
	g.ptrSpaces = map[*cfacts.Var]string{}
	g.ptrCandidates = candidate
	first := map[*cfacts.Var]acc.Span{}
	for changed := true; changed; {
		changed = false
		for _, s := range sites {
			if !candidate[s.p] {
				continue
			}
			sp, known := g.valueSpace(s.val)
			if !known {
				continue
			}
			old, ok := g.ptrSpaces[s.p]
			switch {
			case !ok:
				g.ptrSpaces[s.p] = sp
				first[s.p] = s.at
				changed = true
			case old != sp:
				g.fail(s.at, "'%s' is given an address of %s here and of %s at line %d: a pointer in a compute construct points into one kind of memory (OpenCL address spaces); use two pointers",
					s.p.Name, spaceWords(sp), spaceWords(old), g.srcLine(first[s.p].Start))
				return
			}
		}
	}
}

// isPointerArray reports whether t is an array of pointers (of any rank).
func isPointerArray(t *cfacts.Type) bool {
	if t == nil || t.Kind != cfacts.TypeArray {
		return false
	}
	for t.Kind == cfacts.TypeArray && t.Elem != nil {
		t = t.Elem
	}
	return isPointer(t)
}

// pointerElementOf is the array of pointers whose element e is (names[i],
// t[i][j]: as many subscripts as the array has dimensions), nil when e is
// not one. Its elements share one address space, the array's.
func pointerElementOf(e *cfacts.Expr) *cfacts.Var {
	for e != nil && e.Kind == cfacts.ExprCast {
		e = e.X
	}
	n := 0
	for ; e != nil && e.Kind == cfacts.ExprIndex; e = e.X {
		n++
	}
	if n == 0 || e == nil || e.Kind != cfacts.ExprIdent || e.Var == nil || !isPointerArray(e.Var.Type) {
		return nil
	}
	rank := 0
	for t := e.Var.Type; t.Kind == cfacts.TypeArray; t = t.Elem {
		rank++
	}
	if rank != n {
		return nil
	}
	return e.Var
}

// initValues are the values of an initializer, its braces flattened.
func initValues(e *cfacts.Expr) []*cfacts.Expr {
	if e == nil {
		return nil
	}
	if e.Kind == cfacts.ExprOther && e.Op == "{}" {
		var vs []*cfacts.Expr
		for _, a := range e.Args {
			vs = append(vs, initValues(a)...)
		}
		return vs
	}
	return []*cfacts.Expr{e}
}

// spaceWords names an address space for messages.
func spaceWords(space string) string {
	switch space {
	case "__global":
		return "device data"
	case "__local":
		return "gang-shared (__local) memory"
	case "__constant":
		return "a string literal"
	}
	return "a private variable"
}

// pointeeSpace is the address space a pointer variable of the kernel
// points into: the inferred one for the kernel's own pointers, the
// variant's for a routine's pointer parameters (routine.go), __global for
// the others (device pointers).
func (g *kgen) pointeeSpace(p *cfacts.Var) string {
	if sp, ok := g.ptrSpaces[p]; ok {
		return sp
	}
	if sp, ok := g.paramSpaces[p]; ok {
		return sp
	}
	return "__global"
}

// valueSpace is the address space a pointer value points into
// ("__global", "__local", "__private", or "__constant" for a string
// literal): that of the storage the
// analysis finds it pointing into (analysis.PointerRoots: &a[i], a + k,
// p, s.m, ?:...). known is false when it cannot tell yet (a null pointer
// constant, a pointer whose space is still being inferred).
func (g *kgen) valueSpace(e *cfacts.Expr) (space string, known bool) {
	if isStringLiteral(e) {
		return "__constant", true // where OpenCL C keeps literals (strings.go)
	}
	if a := pointerElementOf(e); a != nil && g.ptrCandidates[a] {
		sp, ok := g.ptrSpaces[a]
		return sp, ok
	}
	for _, r := range analysis.PointerRoots(e) {
		if !isPointer(r.Type) {
			return g.varSpace(r), true
		}
		if !g.ptrCandidates[r] {
			return g.pointeeSpace(r), true // device pointers, routine parameters
		}
		if sp, ok := g.ptrSpaces[r]; ok {
			return sp, true
		}
	}
	return "", false
}

// pointedSpace is valueSpace where it is known, else __global.
func (g *kgen) pointedSpace(e *cfacts.Expr) string {
	if sp, ok := g.valueSpace(e); ok {
		return sp
	}
	return "__global"
}

// varSpace is where a variable of the kernel lives: __local for the
// gang-shared arrays, __private for a name an inner scope binds,
// __global for device data (arrays, scalars with a device copy, globals
// in a routine), __private for the rest.
func (g *kgen) varSpace(v *cfacts.Var) string {
	if _, ok := g.k.Shared[v]; ok {
		return "__local"
	}
	// A name bound by an inner scope (private clause, declaration) is the
	// work-item's own.
	for i := len(g.scopes) - 1; i >= 1; i-- {
		if _, ok := g.scopes[i][v]; ok {
			return "__private"
		}
	}
	for _, cv := range g.k.Vars {
		if cv.Var == v && (cv.Mode == ModeArray || cv.Mode == ModeRef) {
			return "__global"
		}
	}
	if g.rt != nil && v.Storage == cfacts.StorageGlobal {
		return "__global" // a global declared for the device (declare.go)
	}
	return "__private"
}

// privateAsEmpty converts to the spelling of atomicSpace and of the
// routine argument check, where "" is private memory.
func privateAsEmpty(space string) string {
	if space == "__private" {
		return ""
	}
	return space
}

// pointerCL spells a pointer of type t into space named name: "__global
// const float *p", "float (*q)[4]" (private), or with name "" the type of
// a cast.
func (g *kgen) pointerCL(t *cfacts.Type, space, name string) (string, error) {
	e := t.Elem
	dims := ""
	for e != nil && e.Kind == cfacts.TypeArray {
		if e.Len < 0 {
			return "", fmt.Errorf("pointers to variable-length arrays cannot be declared in a compute construct")
		}
		dims += "[" + strconv.FormatInt(e.Len, 10) + "]"
		e = e.Elem
	}
	var s string
	switch {
	case e == nil:
		return "", fmt.Errorf("a pointer to an unknown type")
	case e.Kind == cfacts.TypeVoid:
		s = "void"
	case e.Kind == cfacts.TypePointer:
		return "", fmt.Errorf("pointers to pointers are not supported in a compute construct (device memory holds no device addresses)")
	default:
		var err error
		if s, err = g.c.prog.typeCL(e); err != nil {
			return "", err
		}
		if needsFP64(s) {
			g.em.fp64 = true
		}
	}
	if e.Const { // a pointer to const data: device arrays the construct only reads are const
		s = "const " + s
	}
	if space != "__private" {
		s = space + " " + s
	}
	if dims != "" {
		return fmt.Sprintf("%s (*%s)%s", s, name, dims), nil
	}
	if name == "" {
		return s + " *", nil
	}
	return s + " *" + name, nil
}

// castCL spells the type of a cast to a pointer type, (T *)x, in the
// space of what x points into.
func (g *kgen) castCL(e *cfacts.Expr) (string, error) {
	if x := e.X; x != nil && x.Type != nil && x.Type.Kind == cfacts.TypeInt && !x.IsInt {
		// an address the host computed (host_data use_device, acc_deviceptr)
		// is an opaque value here: the device copies are OpenCL buffers
		return "", fmt.Errorf("a pointer made from an integer cannot be used on the device: accls's device addresses (host_data use_device, acc_deviceptr) are handles of OpenCL buffers, not addresses; pass the data through a data clause or deviceptr instead")
	}
	return g.pointerCL(e.Type, g.pointedSpace(e.X), "")
}
