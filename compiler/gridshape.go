package compiler

import "github.com/accls/accls/source/cfacts"

// The lanes of a 2-D/3-D grid kernel's group form a tile of the two
// innermost loops (accrt_gen.h accls_grid_ndrange). On a GPU the runtime makes the tile
// 32 lanes wide along the innermost loop, so that a warp reads 32
// neighbouring elements of a row where the subscripts step by one with the
// innermost index (gemm's B[k][j], a stencil's B[i][j±1]). When the reads
// that dominate step by a whole row with that index instead (syrk's
// A[j*m+k] inside its k loop), each lane of a 32-wide warp touches its own
// cache line and a narrow tile is much faster: on an H100, syrk 1024×512
// kernel time 6.7 ms with 32-wide tiles, 3.7 with 16, 2.5 with 8
// (bench/device.sh's shape sweep); gemm, 2mm, jacobi-2d and heat-3d are
// unit-stride and keep 32. gridStrided makes that call at compile time; the
// host passes it to accls_grid_ndrange.

// strideKind is how a subscript moves with a loop variable.
type strideKind int

const (
	strideNone    strideKind = iota // does not mention it
	strideUnit                      // ± the variable plus terms without it
	strideStrided                   // anything else: a row or a gather
)

// gridStrided reports whether the array reads and writes in the body of
// grid kernel k step mostly by more than one element with the innermost
// grid loop's variable. A reference counts 8× for each loop around it
// inside the body (those run many times per work-item).
func gridStrided(k *Kernel) bool {
	if k.Grid == 0 || len(k.Loops) != 1 {
		return false
	}
	lp := k.Loops[0]
	x := lp.Vars[len(lp.Vars)-1].Var
	body := lp.Stmts[len(lp.Stmts)-1].Body
	if x == nil || body == nil {
		return false
	}
	var unit, strided int
	var stmt func(s *cfacts.Stmt, weight int)
	stmt = func(s *cfacts.Stmt, weight int) {
		if s == nil {
			return
		}
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			forEachSubscripted(e, func(subs []*cfacts.Expr) {
				switch subscriptStride(subs, x) {
				case strideUnit:
					unit += weight
				case strideStrided:
					strided += weight
				}
			})
		})
		inner := weight
		switch s.Kind {
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			if inner < 1<<12 {
				inner *= 8
			}
		}
		switch s.Kind {
		case cfacts.StmtCompound:
			for _, c := range s.List {
				stmt(c, weight)
			}
		case cfacts.StmtIf:
			stmt(s.Then, weight)
			stmt(s.Else, weight)
		case cfacts.StmtFor:
			stmt(s.Init, weight)
			stmt(s.Body, inner)
		default:
			stmt(s.Body, inner)
		}
	}
	stmt(body, 1)
	return strided > unit
}

// forEachSubscripted calls f with the subscripts (outermost dimension
// first) of every subscripted expression in e: a[i][j] once with [i j].
func forEachSubscripted(e *cfacts.Expr, f func(subs []*cfacts.Expr)) {
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind != cfacts.ExprIndex {
			return true
		}
		var subs []*cfacts.Expr
		base := x
		for base.Kind == cfacts.ExprIndex {
			subs = append([]*cfacts.Expr{base.Y}, subs...)
			base = strip(base.X)
			if base == nil {
				return false
			}
		}
		f(subs)
		// subscripts of subscripts (a[idx[j]]) count on their own
		for _, s := range subs {
			forEachSubscripted(s, f)
		}
		return false
	})
}

// subscriptStride classifies a reference by the last subscript (the
// contiguous dimension); x in an earlier one steps by a row.
func subscriptStride(subs []*cfacts.Expr, x *cfacts.Var) strideKind {
	last := linearStride(subs[len(subs)-1], x)
	if last != strideNone {
		return last
	}
	for _, s := range subs[:len(subs)-1] {
		if mentionsVar(s, x) {
			return strideStrided
		}
	}
	return strideNone
}

// linearStride classifies one subscript expression.
func linearStride(e *cfacts.Expr, x *cfacts.Var) strideKind {
	e = strip(e)
	if e == nil || !mentionsVar(e, x) {
		return strideNone
	}
	if isIdentOf(e, x) {
		return strideUnit
	}
	if e.Kind == cfacts.ExprUnary && (e.Op == "-" || e.Op == "+") {
		return linearStride(e.X, x)
	}
	if e.Kind != cfacts.ExprBinary {
		return strideStrided
	}
	a, b := linearStride(e.X, x), linearStride(e.Y, x)
	switch e.Op {
	case "+", "-":
		switch {
		case a == strideNone:
			return b
		case b == strideNone:
			return a
		}
		return strideStrided
	case "*":
		// x * ±1 is still unit; x * anything else steps by it
		if a == strideUnit && b == strideNone && isUnitConst(e.Y) || b == strideUnit && a == strideNone && isUnitConst(e.X) {
			return strideUnit
		}
	}
	return strideStrided
}

func isUnitConst(e *cfacts.Expr) bool {
	e = strip(e)
	return e != nil && e.IsInt && (e.Int == 1 || e.Int == -1)
}
