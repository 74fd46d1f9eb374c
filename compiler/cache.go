package compiler

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The cache directive (OpenACC 3.3 §2.10): `#pragma acc cache(a[lo:len])`
// at the top of a loop body names the window of a that an iteration reads.
// accls stages it in __local memory where the work-items of a group run
// the loop together:
//
//   - a vector loop (gang vector, worker vector, vector; not collapsed)
//     runs in rounds: in each round the group's work-items take
//     consecutive iterations, the group loads the union of their windows
//     (cooperatively, all work-items, one element each in turn) into a
//     __local buffer, a barrier, the iterations, a barrier;
//   - a tile loop (tile.go) with the cache in its innermost body: the tile
//     is the group's work; the group loads the union of the windows of the
//     tile's elements before the element loop ("tile with __local memory").
//
// lo must be affine in the loop's variables (i - 1, 2 * i + off) with names
// that are the same for the whole group (loop variables of enclosing gang
// or sequential loops, firstprivate scalars the construct never writes,
// macros and enum constants, which the host evaluates and passes in); len
// may be any such expression, not the loop variables. The window of a
// round is the smallest box holding every iteration's window: along each
// dimension start = lo at the first iteration + Σ min(0, Δ), width = len +
// Σ |Δ|, Δ the change of lo over the round's iterations.
//
// The loads are guarded by the device buffer's extent (accrt_dev_size(),
// passed in), so the windows of edge iterations (cache(b[i-1:3]) at i = 0)
// never read outside the buffer; an element outside the array is loaded
// only when the buffer holds it and never used, since the program does
// not read it. The buffer is a kernel-scope __local array of a fixed
// capacity (the kernel's staging budget split over its buffers, or the
// exact size of a tile's window when it is known); a round whose window
// does not fit reads device memory instead (the test is uniform).
//
// In the body, a read of a (every subscript given) reads the local copy:
// without a test when its subscripts provably fall in the iteration's own
// window (a[i + 1] against cache(a[i-1:3])), else behind a range test. The
// loop must not write a (nor pass it to a call or take its address):
// then, and wherever the loop cannot synchronize its group (inside a worker
// or vector loop, with reductions, collapse, a serial kernel, routines),
// the directive stays a hint — the accesses stay in __global memory, always
// correct — and the loop's note (--dump=ir, the kernel's comment) says
// why. Staging is off unless Options.CacheStage (accls --cache-stage):
// measured, it lost to the hint on both devices (below). The directive is always checked: each item must name a variable
// (or a sub-array of one) visible at the directive, so that a typo is an
// error.
//
// Measured on PoCL (bench/cache/README.md): a tile + cache matrix product
// runs 2.1× faster staged (each staged element is read 16 times from the
// group's copy); a 5-point stencil runs 3–5× slower (the CPU's caches
// already serve its few re-reads, and the barriers cost more). The loads
// are laid out for GPUs (consecutive work-items load consecutive elements
// of a row, reads of neighbouring iterations hit neighbouring banks). On the
// device machine the hint won everywhere: H100 jacobi 0.056 vs 0.022
// ms/sweep (gang+vector), 0.052 vs 0.031 (tile), matmul 0.124 vs 0.074 ms;
// PoCL on 16 cores 20.4 vs 6.8, 13.5 vs 6.3, 93 vs 42 (the caches already
// serve the re-reads). Hence off by default. Not done: caching into private memory (registers)
// for a sequential loop's small constant window, and windows of collapsed
// loops.

// cacheBudget is the __local memory (bytes) a kernel's staged windows and
// gang-shared arrays may take together: half the 32 KiB that OpenCL 1.2
// guarantees, leaving room for reduction scratch. (A window that does not
// fit its buffer at run time reads device memory; with gang-shared arrays
// over the budget, the buffers keep one element and always do.)
const cacheBudget = 16384

// stageUnroll is the most iterations a work-item takes per round of a
// staged vector loop (stagedLoop).
const stageUnroll = 16

// cacheStage is the staging of one loop's cache directives.
type cacheStage struct {
	loop  *Loop
	items []*stagedItem
	// host names the bounds use (macros, enum constants): kernel arguments
	hosts map[string]string
}

// stagedItem is one sub-array of a cache directive that is staged.
type stagedItem struct {
	id     int
	text   string // as written
	cv     *CVar
	param  *Param // the array's ParamDev
	size   string // kernel parameter: the size in bytes of its buffer
	rank   int
	lo, n  []*cx    // per dimension: the window's lower bound and length
	loLin  []linear // lo as linear forms (the loop variables' coefficients)
	nConst []int64  // n when it is a constant, else -1
	buf    string   // the __local buffer
	cap    int64    // its capacity in elements
	exact  bool     // cap is the exact window size (a tile's)
	loop   *Loop
}

// checkCache checks the items of a cache directive inside a compute
// construct or routine.
func (c *compilation) checkCache(r *analysis.Region) {
	d := r.Directive
	if d.Paren == nil {
		return
	}
	fn := r.Func.Func
	for _, it := range d.Paren.Items {
		if it.Var == nil {
			c.errorAt(it.Span, "'%s' is not a variable or sub-array", it.Text)
			continue
		}
		if c.lookupVar(fn, it.Span.Start, it.Var.Name) == nil {
			c.errorAt(it.Span, "'%s' is not declared here", it.Var.Name)
		}
	}
}

// planCacheStages decides, for each loop of kernel k whose body starts
// with cache directives, which items are staged (Kernel.Stages) and notes
// why the others stay hints (Loop.Note).
func (c *compilation) planCacheStages(k *Kernel) {
	var caches []*analysis.Region
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			if r.Directive != nil && r.Directive.Spec != nil && r.Directive.Spec.Name == "cache" && r.Directive.Paren != nil {
				caches = append(caches, r)
			}
			walk(r.Children)
		}
	}
	walk([]*analysis.Region{k.Construct.Region})
	if len(caches) == 0 {
		return
	}
	var all []*stagedItem
	forEachLoop(k.Loops, func(lp *Loop) {
		last := lp.Stmts[len(lp.Stmts)-1]
		var items []*acc.Arg
		for _, r := range caches {
			if r.Container == last.Body || r.Container == last {
				items = append(items, r.Directive.Paren.Items...)
			}
		}
		if len(items) == 0 {
			return
		}
		var notes []string
		why := c.stageBlocker(k, lp)
		st := &cacheStage{loop: lp, hosts: map[string]string{}}
		for _, it := range items {
			if it.Var == nil {
				continue // checkCache reported it
			}
			if why != "" {
				notes = append(notes, fmt.Sprintf("cache(%s) is a hint: %s", it.Text, why))
				continue
			}
			si, err := c.stageItem(k, lp, st, it)
			for _, x := range st.items {
				if err == nil && x.cv == si.cv {
					err = fmt.Errorf("'%s' is already staged by cache(%s)", x.cv.Name, x.text)
				}
			}
			if err != nil {
				notes = append(notes, fmt.Sprintf("cache(%s) is a hint: %v", it.Text, err))
				continue
			}
			si.id = len(all) + 1
			si.buf = fmt.Sprintf("_cache%d_%s", si.id, clName(si.cv.Name))
			all = append(all, si)
			st.items = append(st.items, si)
			notes = append(notes, fmt.Sprintf("cache(%s) staged in __local memory", it.Text))
		}
		if len(st.items) > 0 {
			if k.Stages == nil {
				k.Stages = map[*Loop]*cacheStage{}
			}
			k.Stages[lp] = st
		}
		note := strings.Join(notes, "; ")
		if lp.Note != "" {
			note = lp.Note + "; " + note
		}
		lp.Note = note
	})
	// The budget, less the kernel's gang-shared arrays, split evenly; a
	// tile's window of known size takes what it needs.
	budget := int64(cacheBudget)
	for v := range k.Shared {
		if v.Type != nil && v.Type.Size > 0 {
			budget -= v.Type.Size
		}
	}
	for _, si := range all {
		elem := si.cv.Elem.Size
		if elem <= 0 {
			elem = 8
		}
		si.cap = max(budget/int64(len(all))/elem, 1)
		if n, ok := si.exactSize(si.loop); ok && n <= si.cap {
			si.cap, si.exact = n, true
		}
	}
}

// stageBlocker says why the cache directives of loop lp cannot be staged
// ("" when they can).
func (c *compilation) stageBlocker(k *Kernel, lp *Loop) string {
	wv := analysis.LevelWorker | analysis.LevelVector
	switch {
	case !c.opts.CacheStage:
		return "staging is off (accls --cache-stage turns it on)"
	case k.Serial:
		return "the kernel runs on one work-item"
	case lp.Static != "" || k.GangDims > 0:
		return "gang(static:) and gang(dim:) schedules do not stage"
	case lp.Levels == 0:
		return "the loop runs sequentially on each work-item"
	case len(lp.Tile) > 0 && lp.Levels&wv == 0:
		return "the tile's elements are not shared by the work-items of a group"
	case len(lp.Tile) == 0 && lp.Levels&analysis.LevelVector == 0:
		return "only vector loops and tile loops stage (the work-items of a group must take neighbouring iterations)"
	case len(lp.Tile) == 0 && len(lp.Vars) > 1:
		return "collapsed loops do not stage yet"
	case len(lp.Reductions) > 0 || lp.Uniform || lp.Shares || hasBarrierInside(lp):
		return "the loop already synchronizes its work-group (reductions or gang-shared arrays)"
	}
	for p := lp.Parent; p != nil; p = p.Parent {
		if p.Levels&wv != 0 {
			return "the loop is inside a worker or vector loop, whose work-items do not run it together"
		}
	}
	return ""
}

// stageItem plans the staging of one item of a cache directive of loop lp.
func (c *compilation) stageItem(k *Kernel, lp *Loop, st *cacheStage, it *acc.Arg) (*stagedItem, error) {
	ref := it.Var
	fn := k.Construct.Region.Func.Func
	v := c.lookupVar(fn, it.Span.Start, ref.Name)
	if v == nil {
		return nil, fmt.Errorf("'%s' is not declared here", ref.Name)
	}
	if len(ref.Members) > 0 {
		return nil, fmt.Errorf("struct members do not stage")
	}
	var cv *CVar
	for _, x := range k.Vars {
		if x.Var == v {
			cv = x
		}
	}
	switch {
	case cv == nil:
		return nil, fmt.Errorf("the kernel does not use '%s'", ref.Name)
	case cv.Mode != ModeArray || cv.Elem == nil:
		return nil, fmt.Errorf("'%s' is not an array in device memory", ref.Name)
	case cv.VLA:
		return nil, fmt.Errorf("variable-length arrays do not stage yet")
	case len(ref.Subscripts) > cv.Rank:
		return nil, fmt.Errorf("'%s' has more subscripts than dimensions", it.Text)
	}
	body := lp.Stmts[len(lp.Stmts)-1].Body
	if !onlyElementReads(body, v, cv.Rank) {
		return nil, fmt.Errorf("the loop writes '%s', passes it on or takes its address: staged reads would not see the writes", ref.Name)
	}
	si := &stagedItem{text: it.Text, cv: cv, rank: cv.Rank, loop: lp}
	for _, p := range k.Params {
		if p.Kind == ParamDev && p.Var == cv {
			si.param = p
		}
	}
	if si.param == nil {
		return nil, fmt.Errorf("'%s' has no device buffer in this kernel", ref.Name)
	}
	var loopVars []*cfacts.Var
	for _, lv := range lp.Vars {
		loopVars = append(loopVars, lv.Var)
	}
	resolve := func(name string) *cfacts.Var { return c.lookupVar(fn, it.Span.Start, name) }
	parse := func(text string) (*cx, error) {
		n, err := parseCx(text, resolve)
		if err != nil {
			return nil, err
		}
		return n, c.uniformNames(k, lp, n, st)
	}
	for d := 0; d < cv.Rank; d++ {
		var lo, n *cx
		var err error
		var sub *acc.Subscript
		if d < len(ref.Subscripts) {
			sub = &ref.Subscripts[d]
		}
		if sub != nil && sub.Lower != nil && strings.TrimSpace(sub.Lower.Text) != "" {
			if lo, err = parse(sub.Lower.Text); err != nil {
				return nil, err
			}
		} else {
			lo = &cx{op: 'n'}
		}
		switch {
		case sub != nil && !sub.Section:
			n = &cx{op: 'n', val: 1}
		case sub != nil && sub.Length != nil && strings.TrimSpace(sub.Length.Text) != "":
			if n, err = parse(sub.Length.Text); err != nil {
				return nil, err
			}
		case d > 0:
			n = &cx{op: '-', x: &cx{op: 'n', val: cv.Dims[d-1]}, y: lo}
		case v.Type != nil && v.Type.Kind == cfacts.TypeArray && v.Type.Len > 0:
			n = &cx{op: '-', x: &cx{op: 'n', val: v.Type.Len}, y: lo}
		default:
			return nil, fmt.Errorf("'%s' is a pointer: its window needs a length", ref.Name)
		}
		l := lo.lin(loopVars)
		if !l.ok {
			return nil, fmt.Errorf("the lower bound '%s' is not affine in the loop variables", lo)
		}
		for _, lv := range loopVars {
			if n.has(lv) {
				return nil, fmt.Errorf("the length '%s' depends on the loop variable '%s'", n, lv.Name)
			}
		}
		nl := n.lin(nil)
		nc := int64(-1)
		if nl.isConst() {
			nc = nl.c
			if nc <= 0 {
				return nil, fmt.Errorf("the length '%s' is not positive", n)
			}
		}
		si.lo, si.n, si.loLin, si.nConst = append(si.lo, lo), append(si.n, n), append(si.loLin, l), append(si.nConst, nc)
	}
	si.size = "_accls_size_" + clName(cv.Name)
	found := false
	for _, p := range k.Params {
		found = found || p.Kind == ParamStride && p.Name == si.size
	}
	if !found {
		addUlongParam(k, si.size, "accrt_dev_size("+devView(cv.Name)+")", cv)
	}
	return si, nil
}

// uniformNames checks that the names of a bound have one value for the
// whole work-group and are visible where the window is loaded; host names
// become kernel arguments.
func (c *compilation) uniformNames(k *Kernel, lp *Loop, n *cx, st *cacheStage) error {
	if n == nil {
		return nil
	}
	if err := c.uniformNames(k, lp, n.x, st); err != nil {
		return err
	}
	if err := c.uniformNames(k, lp, n.y, st); err != nil {
		return err
	}
	switch n.op {
	case 'h':
		if !c.definedConstant(n.name) {
			return fmt.Errorf("'%s' is neither a variable nor a macro or enum constant of this file", n.name)
		}
		if _, ok := st.hosts[n.name]; !ok {
			p := "_accls_host_" + n.name
			st.hosts[n.name] = p
			found := false
			for _, x := range k.Params {
				found = found || x.Kind == ParamStride && x.Name == p
			}
			if !found {
				addUlongParam(k, p, "(long)("+n.name+")", nil)
			}
		}
		return nil
	case 'v':
	default:
		return nil
	}
	v := n.v
	for x := lp; x != nil; x = x.Parent {
		for _, lv := range x.Vars {
			if lv.Var == v && (x == lp || x.Levels&(analysis.LevelWorker|analysis.LevelVector) == 0) {
				return nil
			}
		}
	}
	for _, cv := range k.Vars {
		if cv.Var == v && cv.Mode == ModeValue && !cv.Written {
			return nil
		}
	}
	return fmt.Errorf("'%s' is not a loop variable of this loop or of an enclosing gang or sequential loop, nor a firstprivate scalar that the construct keeps: it may differ between the work-items of a group", v.Name)
}

// definedConstant reports whether the program text defines name as an
// object-like macro (#define name …) or an enum constant, which the host
// can evaluate at the launch. (Macros from headers are not seen: such a
// bound keeps the item a hint rather than risk a name the host does not
// know.)
func (c *compilation) definedConstant(name string) bool {
	if b, ok := c.fileDefines()[name]; ok && b != "" {
		return true
	}
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`\benum\b[^{;]*\{[^}]*\b` + q + `\b`).Match(c.prog.Text)
}

// addUlongParam appends a ulong kernel parameter whose value the host
// evaluates at the launch.
func addUlongParam(k *Kernel, name, host string, cv *CVar) {
	idx := nextParamIndex(k)
	k.Params = append(k.Params, &Param{Kind: ParamStride, Index: idx, Var: cv, Name: name, CL: "ulong", Host: host, HostT: "cl_ulong", Dim: -1})
}

// onlyElementReads reports whether every use of v in s reads one element
// (rank subscripts, not assigned, incremented, addressed or passed on).
func onlyElementReads(s *cfacts.Stmt, v *cfacts.Var, rank int) bool {
	for _, r := range analysis.CollectRefs(s) {
		if r.Var == v && (r.MayWrite() || len(r.Index) != rank) {
			return false
		}
	}
	return true
}

// indexChain splits a[s0][s1]... into the array and its subscripts,
// outermost first (nil when the base is not a name).
func indexChain(e *cfacts.Expr) (*cfacts.Expr, []*cfacts.Expr) {
	var subs []*cfacts.Expr
	for e != nil && e.Kind == cfacts.ExprIndex {
		subs = append([]*cfacts.Expr{e.Y}, subs...)
		e = e.X
	}
	if e == nil || e.Kind != cfacts.ExprIdent {
		return nil, nil
	}
	return e, subs
}

// pureExpr reports whether e can be evaluated twice (no assignment,
// increment or call).
func pureExpr(e *cfacts.Expr) bool {
	pure := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc, cfacts.ExprCall, cfacts.ExprComma, cfacts.ExprOther:
			pure = false
		}
		return pure
	})
	return pure
}

// exactSize is the number of elements of a tile's window when the lengths
// and steps are constants (each tile loop adds |coefficient| · |step| ·
// (size - 1) to the width of the dimensions it moves).
func (si *stagedItem) exactSize(lp *Loop) (int64, bool) {
	if len(lp.Tile) == 0 {
		return 0, false
	}
	total := int64(1)
	for d := 0; d < si.rank; d++ {
		w := si.nConst[d]
		if w <= 0 {
			return 0, false
		}
		for j, lv := range lp.Vars {
			coef := si.loLin[d].terms[varKey(lv.Var)]
			if coef == 0 {
				continue
			}
			if lv.Step != nil {
				return 0, false
			}
			w += abs64(coef) * abs64(lv.StepVal) * (lp.Tile[j] - 1)
		}
		if w > 1<<20 || total > 1<<20 {
			return 0, false
		}
		total *= w
	}
	return total, true
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// ---- kernel side ----

// stageOf is the staging of loop lp in the kernel being written (nil: none).
func (g *kgen) stageOf(lp *Loop) *cacheStage {
	if g.rt != nil || g.k.Stages == nil {
		return nil
	}
	return g.k.Stages[lp]
}

// cacheBuffers declares the kernel's staging buffers (__local memory lives
// at kernel scope).
func (g *kgen) cacheBuffers() {
	var items []*stagedItem
	for _, st := range g.k.Stages {
		items = append(items, st.items...)
	}
	sort.Slice(items, func(i, j int) bool { return items[i].id < items[j].id })
	for _, si := range items {
		what := "capacity"
		if si.exact {
			what = "the tile's window"
		}
		g.line(0, "__local %s %s[%d]; /* cache(%s): %s, %d elements */", si.param.CL, si.buf, si.cap, si.text, what, si.cap)
	}
}

// stageWindows loads the windows of a stage for the group's iterations:
// for each loop variable, the index of the group's first iteration (t0)
// and their number (m, at least 1 when active); active is a condition for
// the group having iterations at all ("" when it always has). Ends with a
// barrier.
func (g *kgen) stageWindows(st *cacheStage, t0, m []string, active string) {
	lp := st.loop
	for _, si := range st.items {
		p := fmt.Sprintf("_c%d", si.id)
		g.line(0, "/* cache(%s): the group's window of '%s' in __local memory */", si.text, si.cv.Name)
		name := g.stageNames(st, t0)
		var widths []string
		for d := 0; d < si.rank; d++ {
			start := si.lo[d].emit(name)
			width := si.n[d].emit(name)
			for j, lv := range lp.Vars {
				if delta := g.stageDelta(si, d, lv, m[j]); delta != "" {
					start += fmt.Sprintf(" + min(%s, 0L)", delta)
					width += fmt.Sprintf(" + max(%s, -(%s))", delta, delta)
				}
			}
			g.line(0, "const long %s_s%d = %s, %s_w%d = %s;", p, d, start, p, d, width)
			widths = append(widths, fmt.Sprintf("%s_w%d", p, d))
		}
		total := strings.Join(widths, " * ")
		if active != "" {
			total = fmt.Sprintf("(%s) ? %s : 0", active, total)
		}
		g.line(0, "const long %s_n = %s;", p, total)
		if si.exact {
			g.line(0, "const bool %s_f = true; /* a tile's window always fits */", p)
		} else {
			g.line(0, "const bool %s_f = %s_n <= %d; /* else this round reads device memory */", p, p, si.cap)
		}
		arr, off := clName(si.cv.Name), si.param.Name+"_off"
		g.line(0, "{")
		g.indent++
		g.line(0, "__global const %s *%s_g = (__global const %s *)%s;", si.param.CL, p, si.param.CL, arr)
		// the view's offset is signed: a sub-array a[lo:n] starts its
		// buffer at a[lo], and a is lo elements before it
		g.line(0, "const long %s_lo = -((long)%s / (long)sizeof(%s)), %s_hi = ((long)%s - (long)%s) / (long)sizeof(%s); /* the elements of the buffer, around '%s' */", p, off, si.param.CL, p, si.size, off, si.param.CL, si.cv.Name)
		g.line(0, "for (long _cq = _lid; _cq < (%s_f ? %s_n : 0); _cq += _nlid) {", p, p)
		g.indent++
		if si.rank > 1 {
			g.line(0, "long _cr = _cq;")
		}
		for d := si.rank - 1; d >= 0; d-- {
			if d == 0 {
				r := "_cr"
				if si.rank == 1 {
					r = "_cq"
				}
				g.line(0, "const long _cx0 = %s_s0 + %s;", p, r)
				continue
			}
			g.line(0, "const long _cx%d = %s_s%d + _cr %% %s_w%d;", d, p, d, p, d)
			g.line(0, "_cr /= %s_w%d;", p, d)
		}
		flat := "_cx0"
		for d := 1; d < si.rank; d++ {
			flat = fmt.Sprintf("(%s) * %d + _cx%d", flat, si.cv.Dims[d-1], d)
		}
		g.line(0, "const long _cf = %s;", flat)
		g.line(0, "if (_cf >= %s_lo && _cf < %s_hi) /* edge windows: only what the buffer holds */", p, p)
		g.line(0, "\t%s[_cq] = %s_g[_cf];", si.buf, p)
		g.indent--
		g.line(0, "}")
		g.indent--
		g.line(0, "}")
	}
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE); /* cache: the windows are loaded */")
}

// stageNames spells the names of the bounds of a stage's windows, the loop
// variables at the iterations t0.
func (g *kgen) stageNames(st *cacheStage, t0 []string) func(n *cx) string {
	lp := st.loop
	return func(n *cx) string {
		if n.op == 'h' {
			return st.hosts[n.name]
		}
		for j, lv := range lp.Vars {
			if lv.Var == n.v {
				return paren(g.loopValue(lv, t0[j]))
			}
		}
		s, err := g.spell(n.v)
		if err != nil {
			g.fail(lp.Stmts[0].Span, "%v", err)
		}
		return s
	}
}

// stageDelta is how much dimension d of a window's lower bound moves over
// m iterations of loop lv ("" when it does not depend on lv).
func (g *kgen) stageDelta(si *stagedItem, d int, lv *LoopVar, m string) string {
	coef := si.loLin[d].terms[varKey(lv.Var)]
	if coef == 0 {
		return ""
	}
	if lv.Down {
		coef = -coef
	}
	delta := fmt.Sprintf("(%s - 1)", m)
	if step := g.stepMagnitude(lv); step != "1" {
		delta = paren(step) + " * " + delta
	}
	if coef != 1 {
		delta = fmt.Sprintf("%d * %s", coef, delta)
	}
	return delta
}

// stageFits is the condition that the windows of a one-loop stage over m
// iterations fit their buffers.
func (g *kgen) stageFits(st *cacheStage, m string) string {
	lv := st.loop.Vars[0]
	name := g.stageNames(st, []string{"0"})
	var conds []string
	for _, si := range st.items {
		var widths []string
		for d := 0; d < si.rank; d++ {
			w := si.n[d].emit(name)
			if delta := g.stageDelta(si, d, lv, m); delta != "" {
				w = fmt.Sprintf("(%s + max(%s, -(%s)))", w, delta, delta)
			}
			widths = append(widths, w)
		}
		conds = append(conds, fmt.Sprintf("%s <= %d", strings.Join(widths, " * "), si.cap))
	}
	return strings.Join(conds, " && ")
}

// cacheRead is the emitter's hook for a[...] in a staged loop's body: the
// read of the local copy of a staged array.
func (g *kgen) cacheRead(e *cfacts.Expr) (string, bool) {
	if len(g.cacheOn) == 0 {
		return "", false
	}
	root, subs := indexChain(e)
	if root == nil || root.Var == nil {
		return "", false
	}
	si := g.cacheOn[root.Var]
	if si == nil || len(subs) != si.rank {
		return "", false
	}
	for _, s := range subs {
		if !pureExpr(s) {
			return "", false
		}
	}
	saved := g.cacheOn
	g.cacheOn = nil
	defer func() { g.cacheOn = saved }()
	p := fmt.Sprintf("_c%d", si.id)
	orig := g.expr(e, precPostfix)
	conds := []string{p + "_f"}
	idx := ""
	for d, s := range subs {
		x := fmt.Sprintf("(long)%s - %s_s%d", g.expr(s, precUnary), p, d)
		diff := linC(s).add(si.loLin[d], -1)
		if !(diff.isConst() && si.nConst[d] > 0 && diff.c >= 0 && diff.c < si.nConst[d]) {
			conds = append(conds, fmt.Sprintf("(ulong)(%s) < (ulong)%s_w%d", x, p, d))
		}
		if d == 0 {
			idx = x
		} else {
			idx = fmt.Sprintf("(%s) * %s_w%d + %s", idx, p, d, x)
		}
	}
	return fmt.Sprintf("(%s ? %s[%s] : %s)", strings.Join(conds, " && "), si.buf, idx, orig), true
}

// stagedBody writes the body of a staged loop's iteration with the reads
// of the staged arrays going to their local copies.
func (g *kgen) stagedBody(lp *Loop, st *cacheStage) {
	saved := g.cacheOn
	g.cacheOn = map[*cfacts.Var]*stagedItem{}
	for _, si := range st.items {
		g.cacheOn[si.cv.Var] = si
	}
	g.nestBody(lp, "")
	g.cacheOn = saved
}

// stagedLoop writes a vector loop with staged cache directives in rounds:
// in each round a group takes u·P consecutive iterations (P work-items,
// each taking every P-th, so that neighbouring work-items take
// neighbouring iterations), its windows loaded before them. u (at most
// stageUnroll) is the largest power of two whose windows fit the buffers:
// fewer barriers, and less of each window is halo.
func (g *kgen) stagedLoop(lp *Loop, st *cacheStage) {
	s := lp.Stmts[0]
	lv := lp.Vars[0]
	v := clName(lv.Var.Name)
	// the work-item's position among the P that share the iterations in
	// its group, and the group's first (partition's index = base + pos)
	_, num := partition(lp.Levels)
	pos, cnt, base := "_lane", "_vlen", "0"
	if lp.Levels&analysis.LevelWorker != 0 {
		pos, cnt = "_lid", "_nlid"
	}
	if lp.Levels&analysis.LevelGang != 0 {
		base = "_gang * " + cnt
	}
	g.line(g.srcLine(s.Span.Start), "{ /* loop %s%s */", lp.Levels, loopNoteText(lp))
	g.indent++
	n, t, u := "_n_"+v, "_t_"+v, "_u_"+v
	g.line(0, "const long %s = %s;", n, g.trip(lv))
	g.line(0, "long %s = %d; /* iterations per work-item and round: the windows of %s * %s iterations fit */", u, stageUnroll, u, cnt)
	g.line(0, "while (%s > 1 && !(%s))", u, g.stageFits(st, fmt.Sprintf("(long)%s * %s", cnt, u)))
	g.line(0, "	%s /= 2;", u)
	g.line(0, "const long _rounds_%s = (%s + %s * %s - 1) / (%s * %s); /* the same for every work-item: barriers inside */", v, n, paren(num), u, paren(num), u)
	g.line(0, "for (long _r = 0; _r < _rounds_%s; _r++) {", v)
	g.indent++
	g.line(0, "const long _t0_%s = (_r * (%s) + %s) * %s, _m_%s = min((long)%s * %s, %s - _t0_%s); /* the group's iterations in this round */", v, num, base, u, v, cnt, u, n, v)
	g.stageWindows(st, []string{"_t0_" + v}, []string{"_m_" + v}, "_m_"+v+" > 0")
	g.line(0, "for (long _k = 0; _k < %s; _k++) {", u)
	g.indent++
	g.line(0, "const long %s = _t0_%s + _k * %s + %s;", t, v, cnt, pos)
	g.line(0, "if (%s < %s) do {", t, n)
	g.indent++
	sc := g.push()
	g.bindLoopVar(lv, g.loopValue(lv, t), sc)
	g.privates(lp, sc, true)
	g.stagedBody(lp, st)
	g.pop()
	g.indent--
	g.line(0, "} while (0);")
	g.indent--
	g.line(0, "}")
	g.line(0, "barrier(CLK_LOCAL_MEM_FENCE); /* cache: the round's reads are done */")
	g.indent--
	g.line(0, "}")
	g.indent--
	g.line(0, "}")
}

// stageTile loads the windows of a tile loop's stage for tile tv (tile.go):
// the tile's first element along each loop and the number of its elements
// (partial tiles at the edges).
func (g *kgen) stageTile(lp *Loop, st *cacheStage, tv string, nts, sz, ns []string) {
	var t0, m []string
	for i, lv := range lp.Vars {
		v := clName(lv.Var.Name)
		first := fmt.Sprintf("%s * %s", digit(tv, nts, i), sz[i])
		g.line(0, "const long _t0_%s = %s, _m_%s = min((long)%s, %s - _t0_%s);", v, first, v, sz[i], ns[i], v)
		t0 = append(t0, "_t0_"+v)
		m = append(m, "_m_"+v)
	}
	g.stageWindows(st, t0, m, "")
}
