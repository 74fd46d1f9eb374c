package analysis

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// Index boxes: the elements an access of an array can reach, as a box of
// affine bounds over the program's symbols (n, rows + 2). An access's
// coordinates are its subscripts, or for one subscript that linearizes
// rows (r * (cols + 2) + c, with r and c's ranges inside a row) the row
// and the column. Each coordinate's bounds come from the ranges of the
// loops around it. Comparisons are decided only where two bounds differ by
// a constant; anything else is unknown, and callers read unknown as "may
// overlap": a box is a superset of what an access reaches, so a read
// proved outside every write's box reads elements nothing writes.

// lin is an affine integer expression: c + Σ k·atom.
type lin struct {
	c     int64
	terms map[*cfacts.Var]int64
}

func linConst(c int64) lin { return lin{c: c} }

func linVar(v *cfacts.Var) lin { return lin{terms: map[*cfacts.Var]int64{v: 1}} }

func (a lin) plus(b lin, k int64) lin {
	out := lin{c: a.c + k*b.c, terms: maps.Clone(a.terms)}
	for v, x := range b.terms {
		if out.terms == nil {
			out.terms = map[*cfacts.Var]int64{}
		}
		out.terms[v] += k * x
		if out.terms[v] == 0 {
			delete(out.terms, v)
		}
	}
	return out
}

func (a lin) times(k int64) lin { return linConst(0).plus(a, k) }

// constant reports a's value when it has no atoms.
func (a lin) constant() (int64, bool) { return a.c, len(a.terms) == 0 }

// equal reports whether a and b are the same expression.
func (a lin) equal(b lin) bool {
	d, ok := a.plus(b, -1).constant()
	return ok && d == 0
}

// less reports whether a < b is decided true.
func (a lin) less(b lin) bool {
	d, ok := b.plus(a, -1).constant()
	return ok && d > 0
}

// substitute replaces atom v with x.
func (a lin) substitute(v *cfacts.Var, x lin) lin {
	k, ok := a.terms[v]
	if !ok {
		return a
	}
	out := lin{c: a.c, terms: maps.Clone(a.terms)}
	delete(out.terms, v)
	return out.plus(x, k)
}

func (a lin) String() string {
	vs := slices.SortedFunc(maps.Keys(a.terms), func(x, y *cfacts.Var) int { return strings.Compare(x.Name, y.Name) })
	var b strings.Builder
	for _, v := range vs {
		k := a.terms[v]
		switch {
		case b.Len() == 0 && k == 1:
		case b.Len() == 0 && k == -1:
			b.WriteString("-")
		case k == 1:
			b.WriteString(" + ")
		case k == -1:
			b.WriteString(" - ")
		case b.Len() == 0:
			fmt.Fprintf(&b, "%d * ", k)
		case k < 0:
			fmt.Fprintf(&b, " - %d * ", -k)
		default:
			fmt.Fprintf(&b, " + %d * ", k)
		}
		b.WriteString(v.Name)
	}
	switch {
	case b.Len() == 0:
		fmt.Fprintf(&b, "%d", a.c)
	case a.c > 0:
		fmt.Fprintf(&b, " + %d", a.c)
	case a.c < 0:
		fmt.Fprintf(&b, " - %d", -a.c)
	}
	return b.String()
}

// linEnv turns expressions of one function into lins: the function's
// parameters mapped to the caller's values (sub), its scalars assigned
// once in a compute construct replaced by their value (defs).
type linEnv struct {
	sub  map[*cfacts.Var]lin
	defs map[*cfacts.Var]*cfacts.Expr
}

// of is e as a lin; false when it is not affine in integers.
func (env *linEnv) of(e *cfacts.Expr) (lin, bool) {
	return env.linOf(e, 8)
}

func (env *linEnv) linOf(e *cfacts.Expr, depth int) (lin, bool) {
	e = strip(e)
	switch {
	case e == nil || depth == 0:
		return lin{}, false
	case e.IsInt:
		return linConst(e.Int), true
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		v := e.Var
		if v == nil || v.Type == nil || v.Type.Kind != cfacts.TypeInt {
			return lin{}, false
		}
		if x, ok := env.sub[v]; ok {
			return x, true
		}
		if d := env.defs[v]; d != nil {
			return env.linOf(d, depth-1)
		}
		return linVar(v), true
	case cfacts.ExprUnary:
		x, ok := env.linOf(e.X, depth)
		switch {
		case !ok:
		case e.Op == "-":
			return x.times(-1), true
		case e.Op == "+":
			return x, true
		}
	case cfacts.ExprBinary:
		x, okx := env.linOf(e.X, depth)
		y, oky := env.linOf(e.Y, depth)
		if !okx || !oky {
			return lin{}, false
		}
		switch e.Op {
		case "+":
			return x.plus(y, 1), true
		case "-":
			return x.plus(y, -1), true
		case "*":
			if k, ok := x.constant(); ok {
				return y.times(k), true
			}
			if k, ok := y.constant(); ok {
				return x.times(k), true
			}
		}
	}
	return lin{}, false
}

// coords are the coordinates of an element access: its subscripts, or
// for one subscript that linearizes rows, the row and the column in rows
// of stride (set then).
type coords struct {
	x      []lin
	stride *lin
}

// accessCoords finds ref's coordinates.
func (env *linEnv) accessCoords(ref *Ref, loopVars map[*cfacts.Var]bool) (coords, bool) {
	if len(ref.Index) != 1 {
		var c coords
		for _, ix := range ref.Index {
			x, ok := env.of(ix)
			if !ok {
				return coords{}, false
			}
			c.x = append(c.x, x)
		}
		return c, len(c.x) > 0
	}
	// one subscript: row * stride + column, when a term is a product of
	// an expression of the loops and one without them
	var row, col lin
	var stride *lin
	ok := true
	var terms func(e *cfacts.Expr, sign int64, depth int)
	terms = func(e *cfacts.Expr, sign int64, depth int) {
		e = strip(e)
		if !ok || e == nil || depth == 0 {
			ok = false
			return
		}
		switch {
		case e.Kind == cfacts.ExprBinary && (e.Op == "+" || e.Op == "-"):
			terms(e.X, sign, depth-1)
			if e.Op == "-" {
				sign = -sign
			}
			terms(e.Y, sign, depth-1)
			return
		case e.Kind == cfacts.ExprIdent && e.Var != nil && env.defs[e.Var] != nil:
			terms(env.defs[e.Var], sign, depth-1)
			return
		case e.Kind == cfacts.ExprBinary && e.Op == "*":
			a, oka := env.of(e.X)
			b, okb := env.of(e.Y)
			if !oka || !okb {
				ok = false
				return
			}
			if _, k := a.constant(); k {
				break
			}
			if _, k := b.constant(); k {
				break
			}
			// the factor without loop variables is the stride
			if linMentions(b, loopVars) {
				a, b = b, a
			}
			if linMentions(b, loopVars) {
				ok = false // a product of two loop variables
				return
			}
			if stride != nil && !stride.equal(b) {
				ok = false
				return
			}
			stride = &b
			row = row.plus(a, sign)
			return
		}
		x, okx := env.of(e)
		if !okx {
			ok = false
			return
		}
		col = col.plus(x, sign)
	}
	terms(ref.Index[0], 1, 16)
	if !ok {
		return coords{}, false
	}
	if stride == nil {
		return coords{x: []lin{col}}, true
	}
	return coords{x: []lin{row, col}, stride: stride}, true
}

func linMentions(a lin, vs map[*cfacts.Var]bool) bool {
	for v := range a.terms {
		if vs[v] {
			return true
		}
	}
	return false
}

// loopRange is a loop variable's range, [lo, hi].
type loopRange struct{ lo, hi lin }

// loopRanges finds the ranges of the loops around s (to the function's
// body): canonical for loops, upward or downward; false for a loop
// variable of another form.
func (env *linEnv) loopRanges(s *cfacts.Stmt) (map[*cfacts.Var]loopRange, bool) {
	out := map[*cfacts.Var]loopRange{}
	for ; s != nil; s = s.Parent {
		if s.Kind != cfacts.StmtFor {
			continue
		}
		v := forLoopVar(s)
		if v == nil {
			continue
		}
		r, ok := env.forRange(s, v)
		if !ok {
			return nil, false
		}
		if _, seen := out[v]; !seen {
			out[v] = r
		}
	}
	return out, true
}

// forRange is the range of loop variable v of for statement s.
func (env *linEnv) forRange(s *cfacts.Stmt, v *cfacts.Var) (loopRange, bool) {
	init, ok := env.of(loopInit(s))
	c := strip(s.Cond)
	if !ok || c == nil || c.Kind != cfacts.ExprBinary {
		return loopRange{}, false
	}
	op, bound := c.Op, c.Y
	if !isVarIdent(c.X, v) {
		if !isVarIdent(c.Y, v) {
			return loopRange{}, false
		}
		bound = c.X
		op = map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<="}[op]
	}
	b, ok := env.of(bound)
	if !ok {
		return loopRange{}, false
	}
	up := stepsUp(s, v)
	switch {
	case up > 0 && op == "<":
		return loopRange{init, b.plus(linConst(1), -1)}, true
	case up > 0 && op == "<=":
		return loopRange{init, b}, true
	case up < 0 && op == ">":
		return loopRange{b.plus(linConst(1), 1), init}, true
	case up < 0 && op == ">=":
		return loopRange{b, init}, true
	}
	return loopRange{}, false
}

// stepsUp is the direction for statement s steps v in: 1 up, -1 down, 0
// another form.
func stepsUp(s *cfacts.Stmt, v *cfacts.Var) int {
	p := strip(s.Post)
	switch {
	case p == nil:
	case (p.Kind == cfacts.ExprPostInc || p.Kind == cfacts.ExprPreInc) && isVarIdent(p.X, v):
		if p.Op == "++" {
			return 1
		}
		return -1
	case p.Kind == cfacts.ExprAssign && (p.Op == "+=" || p.Op == "-=") && isVarIdent(p.X, v) && p.Y != nil && p.Y.IsInt && p.Y.Int > 0:
		if p.Op == "+=" {
			return 1
		}
		return -1
	}
	return 0
}

// extreme is the least (max false) or greatest value of a over the loop
// ranges: each loop variable replaced by the bound its coefficient's sign
// picks, inner loops' bounds naming outer variables replaced in turn.
func extreme(a lin, ranges map[*cfacts.Var]loopRange, max bool) (lin, bool) {
	for range 8 {
		var v *cfacts.Var
		for x := range a.terms {
			if _, ok := ranges[x]; ok {
				v = x
				break
			}
		}
		if v == nil {
			return a, true
		}
		r := ranges[v]
		if (a.terms[v] > 0) == max {
			a = a.substitute(v, r.hi)
		} else {
			a = a.substitute(v, r.lo)
		}
	}
	return lin{}, false
}

// box is the bounds of an access's coordinates.
type box struct {
	lo, hi []lin
	stride *lin
}

// accessBox is the box ref reaches: false when its coordinates or loops
// are of another form, or, for rows of a stride, when its columns are not
// inside a row.
func (env *linEnv) accessBox(ref *Ref) (box, bool) {
	ranges, ok := env.loopRanges(ref.Stmt)
	if !ok {
		return box{}, false
	}
	loopVars := map[*cfacts.Var]bool{}
	for v := range ranges {
		loopVars[v] = true
	}
	c, ok := env.accessCoords(ref, loopVars)
	if !ok {
		return box{}, false
	}
	b := box{stride: c.stride}
	for _, x := range c.x {
		lo, ok1 := extreme(x, ranges, false)
		hi, ok2 := extreme(x, ranges, true)
		if !ok1 || !ok2 {
			return box{}, false
		}
		b.lo, b.hi = append(b.lo, lo), append(b.hi, hi)
	}
	if b.stride != nil {
		// the column stays in its row: 0 <= col <= stride - 1
		if !linConst(-1).less(b.lo[1]) || !b.hi[1].less(*b.stride) {
			return box{}, false
		}
	}
	return b, true
}

// outsideFace finds a face of read box r (a coordinate and its bound) that
// no write box reaches, decided; ok false when there is none.
func outsideFace(r box, writes []box) (dim int, hi bool, ok bool) {
	for d := range r.lo {
		for _, side := range []bool{false, true} {
			face := r.lo[d]
			if side {
				face = r.hi[d]
			}
			all := true
			for _, w := range writes {
				if len(w.lo) != len(r.lo) || (w.stride == nil) != (r.stride == nil) || w.stride != nil && !w.stride.equal(*r.stride) {
					return 0, false, false // boxes of different shapes: not comparable
				}
				if !face.less(w.lo[d]) && !w.hi[d].less(face) {
					all = false
					break
				}
			}
			if all {
				return d, side, true
			}
		}
	}
	return 0, false, false
}

// faceWords names the elements of box b (of array name) whose coordinate
// d is x: "row 0", "b[0]", "u[0][…]".
func faceWords(b box, name string, d int, x lin) string {
	if b.stride != nil {
		if d == 0 {
			return "row " + x.String()
		}
		return "column " + x.String()
	}
	s := name
	for k := range b.lo {
		if k == d {
			s += "[" + x.String() + "]"
		} else {
			s += "[…]"
		}
	}
	return s
}

// scalarDefs are the integer scalars that compute construct body assigns
// exactly once (and the construct's own declarations with an initializer
// that nothing assigns), by their value: row_above = (r - 1) * (cols + 2)
// before a[row_above + c].
func scalarDefs(body *cfacts.Stmt) map[*cfacts.Var]*cfacts.Expr {
	defs := map[*cfacts.Var]*cfacts.Expr{}
	count := map[*cfacts.Var]int{}
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		for _, v := range s.Decls {
			if v.Init != nil && v.Type != nil && v.Type.Kind == cfacts.TypeInt {
				defs[v] = v.Init
				count[v]++
			}
		}
		if v := forLoopVar(s); v != nil {
			count[v] += 2 // a loop's variable has many values
		}
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				switch x.Kind {
				case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
					if id := strip(x.X); id != nil && id.Kind == cfacts.ExprIdent && id.Var != nil {
						count[id.Var]++
						if x.Kind == cfacts.ExprAssign && x.Op == "=" {
							defs[id.Var] = x.Y
						} else {
							count[id.Var]++
						}
					}
				}
				return true
			})
		})
		return true
	})
	for v, n := range count {
		if n != 1 || v.Type == nil || v.Type.Kind != cfacts.TypeInt {
			delete(defs, v)
		}
	}
	return defs
}
