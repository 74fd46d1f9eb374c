package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// The tile clause (OpenACC 3.3 §2.9.8): tile(s1, ..., sn) on a nest of n
// tightly nested rectangular loops splits their iteration space into tiles
// of s_n × ... × s1 iterations (the first size is the innermost loop's).
// The tile loops take the loop's gang level: work-groups take whole tiles
// (a grid-stride loop over the linearized tile index); the element loops
// take its worker and vector levels: the work-items of the group share the
// iterations of the tile (a grid-stride loop over the linearized element
// index), so a work-group touches one compact block of the data at a time.
// Trip counts that are not multiples of the sizes leave partial tiles at
// the edges, whose missing elements are skipped. A loop without a level
// clause is gang and, as the innermost partitioned loop, vector (tiles to
// gangs, elements to lanes); `tile(...) vector` inside a gang loop runs the
// tiles one after the other and their elements on the lanes. tile(*)
// picks 32 for the innermost loop and 4 for the others. The element loops
// read and write the arrays where they are, unless a cache directive at
// the top of the innermost body names the windows the elements read: then
// the group loads the tile's window into __local memory before the
// element loop (cache.go: work-group tiling with __local memory).
// A tile loop that runs sequentially keeps the original loop order.

// tileStar are the sizes tile(*) picks: innermost, then the others.
const tileStarInner, tileStarOuter = 32, 4

// tileSizes reads the sizes of a tile clause, outermost loop first.
func (l *lowering) tileSizes(cl *acc.Clause) ([]int64, bool) {
	if cl.Args == nil || len(cl.Args.Items) == 0 {
		l.c.errorAt(cl.Span, "tile needs one size per associated loop")
		return nil, false
	}
	n := len(cl.Args.Items)
	sizes := make([]int64, n)
	for i, it := range cl.Args.Items {
		outer := n - 1 - i // the first size is the innermost loop's
		if strings.TrimSpace(it.Text) == "*" {
			sizes[outer] = tileStarOuter
			if i == 0 {
				sizes[outer] = tileStarInner
			}
			continue
		}
		v, ok := constInt(it)
		if !ok || v <= 0 {
			l.c.errorAt(it.Span, "a tile size must be a positive integer constant or *")
			return nil, false
		}
		sizes[outer] = v
	}
	return sizes, true
}

// tileLoop writes a partitioned loop with a tile clause.
func (g *kgen) tileLoop(lp *Loop) {
	s := lp.Stmts[0]
	ln := g.srcLine(s.Span.Start)
	if lp.Uniform || lp.Shares {
		g.fail(s.Span, "a tile loop with gang-shared arrays or with reduction loops inside it is not supported by the compiler yet")
		return
	}
	if len(lp.Reductions) > 0 {
		g.tileReductions(lp) // reduce_tile.go
		return
	}
	base := clName(lp.Vars[0].Var.Name)
	tileLv := lp.Levels & analysis.LevelGang
	elemLv := lp.Levels & (analysis.LevelWorker | analysis.LevelVector)
	tid, tnum := g.partitionOf(lp, tileLv)
	eid, enum := partition(elemLv)
	var sz []string
	for _, t := range lp.Tile {
		sz = append(sz, strconv.FormatInt(t, 10))
	}
	g.line(ln, "{ /* loop %s tile(%s): tiles on %s, their elements on %s%s */", lp.Levels, strings.Join(sz, ", "), levelsOr(tileLv, "one work-item after the other"), levelsOr(elemLv, "one work-item"), loopNoteText(lp))
	g.indent++
	var ns, nts []string
	for _, lv := range lp.Vars {
		v := clName(lv.Var.Name)
		trip := g.trip(lv)
		if g.active != "" {
			trip = fmt.Sprintf("(%s) ? %s : 0", g.active, trip)
		}
		g.line(0, "const long _n_%s = %s;", v, trip)
		ns = append(ns, "_n_"+v)
	}
	for i, lv := range lp.Vars {
		v := clName(lv.Var.Name)
		g.line(0, "const long _nt_%s = (%s + %s - 1) / %s; /* tiles along '%s' */", v, ns[i], sz[i], sz[i], lv.Var.Name)
		nts = append(nts, "_nt_"+v)
	}
	tiles := "_tiles_" + base
	elems := int64(1)
	for _, t := range lp.Tile {
		elems *= t
	}
	g.line(0, "const long %s = %s;", tiles, strings.Join(nts, " * "))
	tv, ev := "_tile_"+base, "_e_"+base
	g.line(0, "for (long %s = %s; %s < %s; %s += %s) {", tv, tid, tv, tiles, tv, tnum)
	g.indent++
	st := g.stageOf(lp)
	if st != nil {
		g.stageTile(lp, st, tv, nts, sz, ns)
	}
	g.line(0, "for (long %s = %s; %s < %d; %s += %s) {", ev, eid, ev, elems, ev, enum)
	g.indent++
	// Mixed-radix digits of the tile and element indices, outermost first.
	var xs, conds []string
	for i, lv := range lp.Vars {
		v := clName(lv.Var.Name)
		tDigit, eDigit := digit(tv, nts, i), digit(ev, sz, i)
		x := "_x_" + v
		g.line(0, "const long %s = %s * %s + %s;", x, tDigit, sz[i], eDigit)
		xs = append(xs, x)
		conds = append(conds, fmt.Sprintf("%s < %s", x, ns[i]))
	}
	g.line(0, "if (%s) {", strings.Join(conds, " && "))
	g.indent++
	sc := g.push()
	for i, lv := range lp.Vars {
		g.bindLoopVar(lv, g.loopValue(lv, xs[i]), sc)
	}
	g.privates(lp, sc, true)
	if st != nil {
		g.stagedBody(lp, st)
	} else {
		g.nestBody(lp, "")
	}
	g.pop()
	for range 2 {
		g.indent--
		g.line(0, "}")
	}
	if st != nil {
		g.line(0, "barrier(CLK_LOCAL_MEM_FENCE); /* cache: the tile's reads are done */")
	}
	g.indent--
	g.line(0, "}")
	g.indent--
	g.line(0, "}")
}

// digit is digit i (outermost first) of index idx in the mixed radix of
// the sizes: idx / (sizes[i+1] * ...) % sizes[i].
func digit(idx string, sizes []string, i int) string {
	d := idx
	if i < len(sizes)-1 {
		d = fmt.Sprintf("(%s / (%s))", idx, strings.Join(sizes[i+1:], " * "))
	}
	if i > 0 {
		d = fmt.Sprintf("(%s %% %s)", d, sizes[i])
	}
	return d
}

// levelsOr spells levels, or what runs instead when there are none.
func levelsOr(l analysis.Level, none string) string {
	if l == 0 {
		return none
	}
	return l.String()
}
