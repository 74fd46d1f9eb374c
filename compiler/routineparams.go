package compiler

import (
	"fmt"
	"strconv"

	"github.com/accls/accls/source/cfacts"
)

// Routine parameters OpenCL C cannot declare as C does. A kernel indexes a
// variable-length array and the rows of a pointer to pointers through
// linearization (cemit.go vlaIndex: a[i][j] is a[i * stride + j]), and a
// routine does the same with such parameters:
//
//   - a pointer to variable-length arrays, `double a[n][m]` (adjusted to
//     `double (*a)[m]`), is a pointer to its elements; the routine computes
//     the strides from the length expressions at its entry, as C evaluates
//     them when the function is called;
//   - a pointer to pointers, `float **a`, whose rows a data clause maps into
//     one device buffer a pitch apart (rows.go), is that buffer and the pitch
//     in elements, an extra parameter the call passes.
//
// An argument that is a linearized array of the caller (a VLA or rows of
// the construct, or such a parameter of the calling routine) is passed as
// the address of its first element, cast to the parameter's pointer type
// where the parameter is a pointer to arrays of fixed lengths.

// linearParam describes a routine parameter passed linearized.
type linearParam struct {
	rows bool         // a pointer to pointers: the rows' buffer, then its pitch
	elem *cfacts.Type // the element type
	// dims are the array types the pointer points to, outermost first
	// (a pointer to variable-length arrays).
	dims []*cfacts.Type
}

// linearParamOf returns how a parameter of type t is passed linearized,
// nil when OpenCL C declares it as C does.
func linearParamOf(t *cfacts.Type) *linearParam {
	if t == nil || t.Kind != cfacts.TypePointer || t.Elem == nil {
		return nil
	}
	e := t.Elem
	if e.Kind == cfacts.TypePointer && e.Elem != nil && (isArith(e.Elem) || isRecord(e.Elem)) {
		return &linearParam{rows: true, elem: e.Elem}
	}
	var dims []*cfacts.Type
	vla := false
	for ; e != nil && e.Kind == cfacts.TypeArray; e = e.Elem {
		dims = append(dims, e)
		vla = vla || e.Len < 0
	}
	if !vla || e == nil {
		return nil
	}
	return &linearParam{elem: e, dims: dims}
}

// linearParamDecl declares routine parameter p, passed as lp, named name:
// the parameters of the signature, and the strides its subscripts use
// (g.vla). A pointer to variable-length arrays gets its strides as
// constants the body computes at entry (entry: their declarations).
func (g *kgen) linearParamDecl(p *cfacts.Var, lp *linearParam, name string) (params, strides, entry []string, err error) {
	space := "__global"
	if sp, ok := g.paramSpaces[p]; ok {
		space = sp
	}
	elem := *lp.elem
	elem.Const = lp.elem.Const || lp.rows && p.Type.Elem.Elem.Const
	d, err := g.pointerCL(&cfacts.Type{Kind: cfacts.TypePointer, Elem: &elem}, space, name)
	if err != nil {
		return nil, nil, nil, err
	}
	if lp.rows {
		pitch := name + "_pitch"
		return []string{d, "const long " + pitch}, []string{pitch}, nil, nil
	}
	// strides[k] is the product of the lengths of dims[k:]
	strides = make([]string, len(lp.dims))
	for k := len(lp.dims) - 1; k >= 0; k-- {
		t := lp.dims[k]
		var n string
		switch {
		case t.Len >= 0:
			n = strconv.FormatInt(t.Len, 10)
		case t.LenExpr != nil:
			n = "(long)" + g.expr(t.LenExpr, precUnary)
		default:
			return nil, nil, nil, fmt.Errorf("the length of a dimension of '%s' is not known", p.Name)
		}
		s := fmt.Sprintf("%s_stride%d", name, k)
		if k+1 < len(lp.dims) {
			n += " * " + strides[k+1]
		}
		entry = append(entry, fmt.Sprintf("const long %s = %s;", s, n))
		strides[k] = s
	}
	return []string{d}, strides, entry, nil
}

// linearized returns the variable a names when it is a linearized array
// (a VLA or rows of the construct, a linearized routine parameter), and
// its strides.
func (g *kgen) linearized(a *cfacts.Expr) (*cfacts.Var, []string) {
	if a = strip(a); a == nil || a.Kind != cfacts.ExprIdent || a.Var == nil || g.em.vla == nil {
		return nil, nil
	}
	if s := g.em.vla(a.Var); s != nil {
		return a.Var, s
	}
	return nil, nil
}

// linearArgs spells argument a (the i-th) of a call of routine name whose
// parameter is p, pointing into space, when the parameter or the argument
// is linearized; ok is false for the other arguments.
func (g *kgen) linearArgs(name string, i int, a *cfacts.Expr, p *cfacts.Var, space string) (args []string, ok bool) {
	if !isPointer(p.Type) {
		return nil, false
	}
	lp := linearParamOf(p.Type)
	v, strides := g.linearized(a)
	switch {
	case lp == nil && v == nil:
		return nil, false
	case lp != nil && lp.rows:
		if v == nil || !isRowsType(v.Type) {
			g.fail(a.Span, "argument %d of '%s' is a pointer to pointers: on the device its rows are one buffer, so pass a pointer to pointers that a data clause maps with its rows (%s[lo:n][lo:m]), or the calling routine's own such parameter", i+1, name, exprName(a))
			return []string{"0", "0"}, true
		}
		base, _ := g.em.ident(v)
		return []string{base, strides[0]}, true
	case v != nil && isRowsType(v.Type):
		g.fail(a.Span, "argument %d of '%s': '%s' is a pointer to pointers whose rows are one device buffer, so the parameter ('%s') must be a pointer to pointers too", i+1, name, v.Name, p.Type.Name)
		return []string{"0"}, true
	}
	// the address of the first element, in the parameter's type
	var val string
	if v != nil {
		val, _ = g.em.ident(v)
	} else {
		val = g.expr(a, precUnary)
	}
	t := p.Type
	if lp != nil {
		t = &cfacts.Type{Kind: cfacts.TypePointer, Elem: lp.elem}
	}
	ty, err := g.pointerCL(t, space, "")
	if err != nil {
		g.fail(a.Span, "argument %d of '%s': %v", i+1, name, err)
		return []string{"0"}, true
	}
	return []string{"(" + ty + ")" + paren(val)}, true
}

// exprName is the name an argument expression starts with, for messages.
func exprName(e *cfacts.Expr) string {
	for e != nil {
		switch e.Kind {
		case cfacts.ExprIdent:
			return e.Name
		case cfacts.ExprIndex, cfacts.ExprUnary, cfacts.ExprCast:
			e = e.X
		default:
			return "a"
		}
	}
	return "a"
}
