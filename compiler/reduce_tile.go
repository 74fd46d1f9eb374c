package compiler

// Loop reductions on a tile loop (a worker or vector loop with tile whose
// reduction variable is private to the gang, e.g. declared in the gang
// loop's body): as for any partitioned loop (kgen.loop), each work-item
// accumulates a private partial over the tile elements it runs; after the
// tile loop the partials combine in __local memory over the loop's levels
// and every lane gets the result. Construct-level reductions on tile loops
// need nothing here: their partial is the kernel's (kgen.kernel).

// tileReductions writes tile loop lp with its loop reductions around it.
func (g *kgen) tileReductions(lp *Loop) {
	reds := lp.Reductions
	g.line(0, "{")
	g.indent++
	sc := g.push()
	for _, red := range reds {
		g.line(0, "%s %s = %s; /* reduction(%s:%s): this work-item's partial */", red.CL, clName(red.Name), identityCL(red.Op, red.CL), red.Op, clName(red.Name))
		sc[red.Var] = clName(red.Name)
	}
	// the tile loop itself, without its reductions (they are written here)
	lp.Reductions = nil
	g.tileLoop(lp)
	lp.Reductions = reds
	for _, red := range reds {
		scr, _ := g.redParams(red)
		g.line(0, "%s[_lid] = %s;", scr, clName(red.Name))
	}
	g.pop()
	g.indent--
	g.line(0, "}")
	g.combineLoopReductions(lp, reds, " (tile loop)")
}
