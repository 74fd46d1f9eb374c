package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// Gang arguments beyond num: (OpenACC 3.3 §2.9.2) and num_gangs with
// several values (§2.5.10).
//
// gang(static:n) deals the loop's iterations to the gangs in chunks of n,
// round-robin: chunk c (iterations c*n ... c*n+n-1) goes to gang c mod
// num_gangs; gang(static:*) lets the compiler choose, and accls chooses one
// chunk per gang (ceil(trip / num_gangs): each gang a contiguous block). The
// worker and vector levels of the same loop share the iterations of the
// gang's chunk. n must be a positive integer constant.
//
// num_gangs(g1, g2, g3) on a parallel construct makes a 1-, 2- or 3-D grid
// of gangs, and gang(dim:d) partitions a loop over dimension d only: the
// gangs that differ in the other dimensions run its iterations redundantly,
// so that nested gang(dim:2) / gang(dim:1) loops give every (outer, inner)
// pair to exactly one gang. OpenCL has the same shape: the kernel runs on a
// 3-D NDRange whose work-groups are the gangs (groups of dimension 0 are
// gang dimension 1, each group holding the workers and vector lanes along
// dimension 0); gang dimension d's index is get_group_id(d-1). Without
// num_gangs, the trip counts of the gang loops of dimension d (when the host
// can compute them) size dimension d. Reductions are not allowed there
// (§2.5.4, §2.9.11) and stay errors.

// maxGangDims is the number of gang dimensions OpenACC (and OpenCL) has.
const maxGangDims = 3

// gangSchedule reads the static: and dim: arguments of a loop's gang clause
// (the loop's num: is read with the other sizes).
func (l *lowering) gangSchedule(lp *Loop, d *acc.Directive) bool {
	routine := l.con.Kind == "" // a routine's loop (routine.go)
	if dt := findClause(d, "device_type"); dt != nil && routine {
		// compute constructs see their loops per device type (loopdevicetype.go)
		l.c.errorAt(dt.NameSpan, "device_type on a loop in a routine is not supported by the compiler yet")
		return false
	}
	cl := findClause(d, "gang")
	if cl == nil || cl.Args == nil {
		return true
	}
	for _, it := range cl.Args.Items {
		switch it.Key {
		case "static":
			if it.Star || strings.TrimSpace(it.Text) == "*" {
				lp.Static = "*"
			} else {
				v, ok := constInt(it)
				switch {
				case ok && v <= 0:
					l.c.errorAt(it.Span, "gang(static:) needs a positive chunk size, or *")
					return false
				case ok:
					lp.Static = strconv.FormatInt(v, 10)
				case routine:
					l.c.errorAt(it.Span, "gang(static:) in a routine needs a constant chunk size or * (a run-time one is not supported by the compiler yet)")
					return false
				default:
					if msg := l.hostExprProblem(it); msg != "" {
						l.c.errorAt(it.Span, "gang(static:%s): %s", it.Text, msg)
						return false
					}
					lp.Static, lp.StaticHost = it.Text, it.Text
					// one argument per loop directive (two loops may share a variable)
					lp.StaticArg = fmt.Sprintf("_static_%s_L%d", clName(lp.Vars[0].Var.Name), l.c.prog.lines.line(d.Span.Start))
				}
			}
			lp.Note = joinNote(lp.Note, "gang(static:"+lp.Static+")")
		case "dim":
			v, ok := constInt(it)
			if !ok || v < 1 || v > maxGangDims {
				l.c.errorAt(it.Span, "gang(dim:) must be the constant 1, 2 or 3")
				return false
			}
			if routine && v > 1 {
				l.c.errorAt(it.Span, "gang(dim:%d) in a routine is not supported by the compiler yet", v)
				return false
			}
			if !routine && l.con.Kind != "parallel" {
				l.c.errorAt(it.KeySpan, "gang(dim:) is allowed only in a 'parallel' construct (OpenACC 3.3 §2.9.2), not in '%s'", l.con.Kind)
				return false
			}
			lp.GangDim = int(v)
			lp.Note = joinNote(lp.Note, fmt.Sprintf("gang dimension %d", v)) // the dump and the kernel's comment
		}
	}
	return true
}

// joinNote appends to a loop's note.
func joinNote(note, more string) string {
	if note == "" {
		return more
	}
	return note + "; " + more
}

// gangNumArg is the num: argument of a gang clause (written with or without
// the keyword), "" when absent.
func gangNumArg(cl *acc.Clause) string {
	for _, it := range cl.Args.Items {
		if it.Key == "" || it.Key == "num" {
			return it.Text
		}
	}
	return ""
}

// numGangsDims reads a num_gangs clause with several values.
func (c *compilation) numGangsDims(con *Construct) {
	// Per device type: one value only, and not next to several (the kernel's
	// gang dimensions would differ per device type).
	secs := splitSections(con.Dir)
	lead := findClause(&acc.Directive{Clauses: secs[0].clauses}, "num_gangs")
	for _, s := range secs[1:] {
		for _, cl := range s.clauses {
			if cl.Spec.Name != "num_gangs" || cl.Args == nil {
				continue
			}
			if len(cl.Args.Items) > 1 || lead != nil && lead.Args != nil && len(lead.Args.Items) > 1 {
				c.errorAt(cl.Span, "num_gangs with several values and num_gangs after device_type on one construct are not supported by the compiler yet")
				return
			}
		}
	}
	cl := lead
	if cl == nil || cl.Args == nil || len(cl.Args.Items) < 2 {
		return
	}
	if con.Kind != "parallel" || len(cl.Args.Items) > maxGangDims {
		c.errorAt(cl.Span, "num_gangs takes one value on '%s' (up to 3, the gang dimensions, on 'parallel')", con.Kind)
		return
	}
	con.NumGangsDims = argTexts(cl)
}

// scheduleKernel checks the kernel's gang(static:) loops and decides its
// gang dimensions: several when the construct gives num_gangs several
// values or a loop asks for a dimension above 1. Such a kernel keeps the
// linear gang number (_gang) for what needs one (routines called from it
// partition over all its gangs); loops partition over their dimension's
// index. Both leave the 2-D/3-D grid form (gridfast.go) aside.
func (l *lowering) scheduleKernel(k *Kernel) {
	n := len(l.con.NumGangsDims)
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Static != "" {
			k.Grid = 0
			if msg := staticUnsupported(lp); msg != "" && lp.Region != nil {
				at := lp.Region.Directive.NameSpan
				if cl := findClause(lp.Region.Directive, "gang"); cl != nil {
					at = cl.Span
				}
				l.c.errorAt(at, "%s", msg)
			}
		}
		if lp.Levels&analysis.LevelGang != 0 && lp.GangDim > n {
			n = lp.GangDim
		}
		if lp.GangDim > 0 && lp.Levels&analysis.LevelGang == 0 && lp.Region != nil {
			l.c.errorAt(lp.Region.Directive.NameSpan, "gang(dim:) on a loop that is not gang-partitioned")
		}
	})
	if k.Serial || n < 2 {
		return
	}
	k.GangDims = n
	k.Grid = 0
	if reds := append(append([]*Reduction{}, k.Reductions...), k.Local...); len(reds) > 0 {
		at := l.con.Dir.NameSpan
		if reds[0].Pos > 0 {
			at = acc.Span{Start: reds[0].Pos, End: reds[0].Pos}
		}
		l.c.errorAt(at, "reductions in a construct with several gang dimensions (num_gangs with several values, gang(dim:)) are not allowed (OpenACC 3.3 §2.5.4, §2.9.11)")
	}
}

// gangInGangDim reports whether loop lp, whose levels start at gang, may
// sit inside the gang loop around it: the loops around partition only gangs
// (lo, the deepest level above, is gang) and the nearest gang loop around
// has a higher gang dimension (§2.9.2: an inner gang loop needs a lower dim:).
func gangInGangDim(lp *Loop, lo int) bool {
	if lo != depth(analysis.LevelGang) {
		return false
	}
	for p := lp.Parent; p != nil; p = p.Parent {
		if p.Levels&analysis.LevelGang != 0 {
			return max(p.GangDim, 1) > max(lp.GangDim, 1)
		}
	}
	return false
}

// partitionOf is the work-item's index and the number of work-items that
// share a loop's iterations: partition, with the loop's gang dimension in a
// kernel of several.
func (g *kgen) partitionOf(lp *Loop, l analysis.Level) (id, num string) {
	id, num = partition(l)
	if g.k.GangDims == 0 || l&analysis.LevelGang == 0 {
		return id, num
	}
	d := max(lp.GangDim, 1) - 1
	gang, ngangs := fmt.Sprintf("(long)get_group_id(%d)", d), fmt.Sprintf("(long)get_num_groups(%d)", d)
	w, v := l&analysis.LevelWorker != 0, l&analysis.LevelVector != 0
	switch {
	case w && v:
		return gang + " * _nlid + _lid", ngangs + " * _nlid"
	case w:
		return gang + " * _nworkers + _worker", ngangs + " * _nworkers"
	case v:
		return gang + " * _vlen + _lane", ngangs + " * _vlen"
	}
	return gang, ngangs
}

// gangDimsPrologue declares the work-item coordinates of a kernel with
// several gang dimensions: _gang is the linear gang number.
func (g *kgen) gangDimsPrologue() {
	g.line(0, "/* %d gang dimensions: gang dimension d is work-group dimension d-1 */", g.k.GangDims)
	g.line(0, "const long _gang = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));")
	g.line(0, "const long _ngangs = get_num_groups(0) * get_num_groups(1) * get_num_groups(2);")
	g.line(0, "const long _lid = get_local_id(0), _nlid = get_local_size(0);")
	g.line(0, "const long _worker = _lid / _vlen, _lane = _lid %% _vlen;")
}

// staticHeader writes the head of a gang(static:) loop: the chunks of the
// gang's share, then the iterations of a chunk shared by the loop's worker
// and vector levels. It opens one brace, as the plain grid-stride loop.
func (g *kgen) staticHeader(lp *Loop, tname, total string) {
	base := clName(lp.Vars[0].Var.Name)
	gid, gnum := g.partitionOf(lp, analysis.LevelGang)
	eid, enum := partition(lp.Levels &^ analysis.LevelGang)
	chunk, c, end := "_chunk_"+base, "_c_"+base, "_end_"+base
	switch {
	case lp.Static == "*":
		g.line(0, "const long %s = (%s + %s - 1) / %s; /* gang(static:*): one chunk per gang */", chunk, total, gnum, gnum)
	case lp.StaticArg != "": // evaluated by the host; a size below 1 would never end
		g.line(0, "const long %s = %s > 0 ? %s : 1; /* gang(static:%s) */", chunk, lp.StaticArg, lp.StaticArg, lp.Static)
	default:
		g.line(0, "const long %s = %s; /* gang(static:%s) */", chunk, lp.Static, lp.Static)
	}
	g.line(0, "for (long %s = %s; %s * %s < %s; %s += %s) /* this gang's chunks */", c, gid, c, chunk, total, c, gnum)
	first := c + " * " + chunk
	if eid != "0" {
		first += " + " + eid
	}
	g.line(0, "for (long %s = %s, %s = %s * %s + %s < %s ? %s * %s + %s : %s; %s < %s; %s += %s) {",
		tname, first, end, c, chunk, chunk, total, c, chunk, chunk, total, tname, end, tname, enum)
	g.indent++
}

// hostExprProblem says why the host cannot evaluate clause argument it
// at the construct's entry ("" when it can): it calls a function, or names
// a variable declared inside the construct.
func (l *lowering) hostExprProblem(it *acc.Arg) string {
	for _, m := range identRE.FindAllStringIndex(it.Text, -1) {
		name := it.Text[m[0]:m[1]]
		before := strings.TrimSpace(it.Text[:m[0]])
		if name == "sizeof" || strings.HasSuffix(before, ".") || strings.HasSuffix(before, "->") {
			continue // an operator; a member's name
		}
		if strings.HasPrefix(strings.TrimSpace(it.Text[m[1]:]), "(") {
			return fmt.Sprintf("a run-time chunk size may not call '%s' (the host evaluates it once, at the construct's entry)", name)
		}
		if v := l.c.lookupVar(l.fn, it.Span.Start, name); v != nil && declaredIn(v, l.con.Region.Stmt) {
			return fmt.Sprintf("'%s' is declared in the construct, but a run-time chunk size is evaluated by the host, at the construct's entry", name)
		}
	}
	return ""
}

// staticUnsupported says why a gang(static:) loop cannot be written, "" when it can.
func staticUnsupported(lp *Loop) string {
	switch {
	case lp.Static == "" || lp.Levels&analysis.LevelGang == 0:
		return "" // a loop the compiler runs without gangs (sequential, serial kernel): no chunks to deal
	case lp.Uniform:
		return "gang(static:) on a loop whose body needs barriers (worker-level reductions or worker-single code) is not supported by the compiler yet"
	case len(lp.Tile) > 0:
		return "gang(static:) together with tile is not supported by the compiler yet"
	}
	return ""
}

// launchGangs writes the host's grid of gangs of a kernel with several gang
// dimensions: num_gangs' values (one value: dimension 1's, the others one
// gang), or per dimension the largest trip count of its gang loops that the
// host can compute (64 otherwise; one gang along a dimension no loop
// partitions).
func (h *hgen) launchGangs(k *Kernel, ind string) {
	con := k.Construct
	h.w(ind, "size_t accls_gd[3] = {1, 1, 1}; /* gangs per dimension */")
	given := con.NumGangsDims
	if len(given) == 0 && con.NumGangs != "" {
		given = []string{con.NumGangs} // one value: dimension 1's, one gang along the others
	}
	if len(given) > 0 {
		for i, v := range given {
			h.w(ind, "accls_gd[%d] = (size_t)(%s) > 0 ? (size_t)(%s) : 1;", i, v, v)
		}
		h.w(ind, "accls_G = accls_gd[0] * accls_gd[1] * accls_gd[2];")
		return
	}
	for d := 1; d <= k.GangDims; d++ {
		var gs []string
		known, loops := true, 0
		forEachLoop(k.Loops, func(lp *Loop) {
			if lp.Levels&analysis.LevelGang == 0 || max(lp.GangDim, 1) != d {
				return
			}
			loops++
			t, ok := h.hostTrip(k, lp)
			if !ok {
				known = false
				return
			}
			gs = append(gs, fmt.Sprintf("accls_gangs(%s, %d, %d, accls_W, accls_V)", t, b2i(lp.Levels&analysis.LevelWorker != 0), b2i(lp.Levels&analysis.LevelVector != 0)))
		})
		if loops == 0 {
			continue // no loop partitions this dimension: one gang along it
		}
		if !known {
			h.w(ind, "accls_gd[%d] = 64; /* dimension %d's gang loops' trip counts are only known on the device */", d-1, d)
			continue
		}
		g := gs[0]
		for _, x := range gs[1:] {
			g = "accls_max(" + g + ", " + x + ")"
		}
		h.w(ind, "accls_gd[%d] = %s;", d-1, g)
	}
	h.w(ind, "accls_G = accls_gd[0] * accls_gd[1] * accls_gd[2];")
	h.privArrayGangs(k, ind, true) // privarray.go
}

// tileCollapse checks a collapse clause next to tile(s1, ..., sk): the k
// tile loops are already one iteration space of tiles (and of elements),
// so collapse(n) with n <= k asks for nothing more and is accepted; with
// n > k the loops below the tiled ones would have to be collapsed into the
// element loops, which the compiler does not do.
func (l *lowering) tileCollapse(d *acc.Directive, n, k int) bool {
	cl := findClause(d, "collapse")
	if cl == nil || n <= k {
		return true
	}
	l.c.errorAt(cl.Span, "collapse(%d) next to a tile of %d loop(s): collapsing more loops than the tile covers is not supported by the compiler (give the tile %d sizes)", n, k, n)
	return false
}
