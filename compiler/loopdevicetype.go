package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// device_type sections on loop constructs, and the loop clauses after
// device_type on combined constructs (OpenACC 3.3 §2.4, §2.9): the clauses
// collapse, gang, worker, vector, seq, independent, auto and tile may be
// chosen per device type. They change the kernels themselves, so the
// compiler lowers the compute construct once per view of its loops:
//
//   - the fallback view (device types that no loop section names): the
//     device_type(*) section where there is one, else the clauses before
//     the first device_type; its kernels are the construct's own;
//   - one view per device class (gpu, cpu, accelerator: devicetype.go's
//     names) that some loop section names, when it differs from the
//     fallback: a variant construct, its kernels named NAME_gpu...
//
// In a view, a section's clauses replace those of the defaults with the
// same name; a section that names a level (gang, worker, vector, seq)
// replaces all the default levels, and one of seq/independent/auto the
// defaults' others. hostgen launches the view of the OpenCL device's class
// (the run-time test of devicetype.go), with that class's launch shape.
// The views are the loop regions' directives swapped for the lowering only
// (Region.Directive, Level, Loops), so that every reader of the regions,
// analysis.DataAttributes included, sees the same loops.

// loopScheduleClauses may follow device_type on a loop (and are the loop
// part of a combined construct's sections).
var loopScheduleClauses = []string{"collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile"}

// loopView is one device class's directives for the loop regions that have
// device_type sections.
type loopView struct {
	class string // "gpu", "cpu", "accelerator"; "" for the fallback
	names []string
	dirs  map[*analysis.Region]*acc.Directive
	key   string // identifies the clauses chosen, to share equal views
}

// lowerCompute lowers a compute construct: once, or once per view of its
// loops when they have device_type sections.
func (c *compilation) lowerCompute(n *Node) {
	nerr := len(c.errors)
	regions := c.loopDeviceTypeRegions(n.Region)
	if len(c.errors) > nerr {
		return // (the dump shows a construct without kernels)
	}
	if len(regions) == 0 {
		con := c.lowerConstruct(n, "")
		n.Construct = con
		c.prog.Constructs = append(c.prog.Constructs, con)
		if len(c.errors) == nerr {
			c.cpuNestVariant(n, con)
		}
		return
	}
	named := map[string][]string{} // class → the device type names that name it
	for _, r := range regions {
		for _, s := range splitSections(r.Directive)[1:] {
			if s.header.Args == nil {
				continue // `device_type` alone: an error (deviceClassesOf)
			}
			for _, it := range s.header.Args.Items {
				name := strings.ToLower(strings.TrimSpace(it.Text))
				for _, dc := range deviceClasses {
					if containsStr(dc.names, name) && !containsStr(named[dc.class], it.Text) {
						named[dc.class] = append(named[dc.class], it.Text)
					}
				}
			}
		}
	}
	fallback := c.loopViewOf(regions, "")
	con := c.lowerInView(n, fallback, "")
	n.Construct = con
	c.prog.Constructs = append(c.prog.Constructs, con)
	if len(c.errors) > nerr {
		return
	}
	variants := map[string]*Construct{} // view key → its construct
	for _, dc := range deviceClasses {
		if len(named[dc.class]) == 0 {
			continue
		}
		v := c.loopViewOf(regions, dc.class)
		v.names = named[dc.class]
		if v.key == fallback.key {
			continue // the same loops as the fallback
		}
		vc := variants[v.key]
		if vc == nil {
			vc = c.lowerInView(n, v, "_"+dc.class)
			variants[v.key] = vc
			c.sameDeviceData(con, vc, v.names)
			if len(c.errors) > nerr {
				return
			}
		}
		con.addLoopVariant(dc.class, v.names, vc)
	}
}

// AllKernels are the construct's kernels and, when its loops differ per
// device type, those of the other device classes' variants (each once).
func (con *Construct) AllKernels() []*Kernel {
	ks := con.Kernels
	seen := map[*Construct]bool{}
	for _, l := range con.DeviceTypes {
		if v := l.Variant; v != nil && !seen[v] {
			seen[v] = true
			ks = append(ks[:len(ks):len(ks)], v.Kernels...)
		}
	}
	return ks
}

// sameDeviceData checks that a variant's kernels find their device data
// where the construct puts it: hostgen enters the data (and makes the
// device views accls_d_NAME) of the construct's own lowering once, for
// every device type.
func (c *compilation) sameDeviceData(con, vc *Construct, names []string) {
	mode := map[*cfacts.Var]VarMode{}
	for _, cv := range con.Vars {
		mode[cv.Var] = cv.Mode
	}
	for _, cv := range vc.Vars {
		if cv.Mode != ModeArray && cv.Mode != ModeRef && cv.Mode != ModeReduction {
			continue
		}
		if m, ok := mode[cv.Var]; !ok || m != cv.Mode {
			c.errorAt(cv.Var.NameSpan, "the loop clauses of device_type(%s) change how '%s' reaches the device (%s there, not %s): not supported by the compiler yet", strings.Join(names, ", "), cv.Name, cv.Mode, m)
		}
	}
}

// lowerInView lowers the construct with its loop regions seen as view has them.
func (c *compilation) lowerInView(n *Node, view *loopView, variant string) *Construct {
	type saved struct {
		d     *acc.Directive
		level analysis.Level
		loops []*cfacts.Stmt
	}
	old := map[*analysis.Region]saved{}
	for r, d := range view.dirs {
		old[r] = saved{r.Directive, r.Level, r.Loops}
		r.Directive, r.Level = d, viewLevel(d)
		if r.Stmt != nil && r.Stmt.Kind == cfacts.StmtFor {
			r.Loops = viewNest(r.Stmt, viewLoopCount(d))
		}
	}
	// A variant's data clauses and implicit copies are the construct's: the
	// node keeps the first lowering's (hostgen enters them once).
	data := n.Data
	defer func() {
		for r, s := range old {
			r.Directive, r.Level, r.Loops = s.d, s.level, s.loops
		}
		if variant != "" {
			n.Data = data
		}
	}()
	return c.lowerConstruct(n, variant)
}

// addLoopVariant makes the launch of device class use the kernels of vc:
// the class's entry of DeviceTypes, added (with the launch shape of the
// types no compute section names) when the construct's sections do not
// name the class.
func (con *Construct) addLoopVariant(class string, names []string, vc *Construct) {
	cond := "accrt_device_info()->type & "
	for _, dc := range deviceClasses {
		if dc.class == class {
			cond += dc.cl
		}
	}
	for _, l := range con.DeviceTypes {
		if l.Cond == cond {
			l.Variant = vc
			return
		}
	}
	// the shape of the unnamed types: the last (fallback) entry's, or the
	// construct's own when it has no entries (then a fallback is added)
	other := &DeviceTypeLaunch{}
	if n := len(con.DeviceTypes); n > 0 {
		cp := *con.DeviceTypes[n-1]
		other = &cp
	} else {
		con.DeviceTypes = []*DeviceTypeLaunch{{}}
	}
	other.Cond, other.Names, other.Variant = cond, strings.Join(names, ", "), vc
	// keep the order of the run-time test (deviceClasses), the fallback last
	rank := func(l *DeviceTypeLaunch) int {
		for i, dc := range deviceClasses {
			if l.Cond == "accrt_device_info()->type & "+dc.cl {
				return i
			}
		}
		return len(deviceClasses)
	}
	at := len(con.DeviceTypes)
	for i, l := range con.DeviceTypes {
		if rank(l) > rank(other) {
			at = i
			break
		}
	}
	con.DeviceTypes = append(con.DeviceTypes[:at], append([]*DeviceTypeLaunch{other}, con.DeviceTypes[at:]...)...)
}

// loopDeviceTypeRegions returns the loop regions of compute region r (r
// itself when combined) whose directive has device_type sections with loop
// clauses, checking the clauses that follow device_type.
func (c *compilation) loopDeviceTypeRegions(r *analysis.Region) []*analysis.Region {
	var out []*analysis.Region
	var walk func(rr *analysis.Region)
	walk = func(rr *analysis.Region) {
		if rr.IsLoop() && rr.Directive != nil && rr.Directive.Spec != nil {
			d := rr.Directive
			loopPart := false
			for _, s := range splitSections(d)[1:] {
				if !d.Spec.IsCompute() {
					c.deviceClassesOf(s.header) // unknown names are errors (devicetype.go reports a compute construct's)
				}
				for _, cl := range s.clauses {
					switch {
					case containsStr(loopScheduleClauses, cl.Spec.Name):
						loopPart = true
					case d.Spec.IsCompute():
						// the compute part: devicetype.go
					default:
						c.errorAt(cl.NameSpan, "'%s' may not follow 'device_type' on 'loop' (OpenACC 3.3 §2.4: only %s)", cl.Name, strings.Join(loopScheduleClauses, ", "))
					}
				}
			}
			if loopPart {
				out = append(out, rr)
			}
		}
		for _, ch := range rr.Children {
			walk(ch)
		}
	}
	walk(r)
	return out
}

// splitSections splits a directive's clauses at its device_type clauses:
// the first section holds the clauses before any device_type.
func splitSections(d *acc.Directive) []*dtSection {
	secs := []*dtSection{{}}
	for _, cl := range d.Clauses {
		if cl.Spec == nil {
			continue
		}
		if cl.Spec.Name == "device_type" {
			secs = append(secs, &dtSection{header: cl, classes: classesOf(cl)})
			continue
		}
		secs[len(secs)-1].clauses = append(secs[len(secs)-1].clauses, cl)
	}
	return secs
}

// classesOf maps the names of a device_type clause to device classes ("*"
// for device_type(*)), quietly (deviceClassesOf reports unknown names).
func classesOf(cl *acc.Clause) map[string]bool {
	out := map[string]bool{}
	if cl.Args == nil {
		return out
	}
	for _, it := range cl.Args.Items {
		name := strings.ToLower(strings.TrimSpace(it.Text))
		if containsStr(anyDeviceNames, name) {
			out["*"] = true
		}
		for _, dc := range deviceClasses {
			if containsStr(dc.names, name) {
				out[dc.class] = true
			}
		}
	}
	return out
}

// loopViewOf makes the view of device class ("" for the fallback) of the
// regions' directives.
func (c *compilation) loopViewOf(regions []*analysis.Region, class string) *loopView {
	v := &loopView{class: class, dirs: map[*analysis.Region]*acc.Directive{}}
	var key strings.Builder
	for _, r := range regions {
		d := r.Directive
		secs := splitSections(d)
		var pick *dtSection
		for _, s := range secs[1:] {
			if class != "" && s.classes[class] {
				pick = s
				break
			}
		}
		if pick == nil {
			for _, s := range secs[1:] {
				if s.classes["*"] {
					pick = s
					break
				}
			}
		}
		clauses := viewClauses(secs[0].clauses, pick)
		nd := *d
		nd.Clauses = clauses
		v.dirs[r] = &nd
		fmt.Fprintf(&key, "%p:", r)
		for _, cl := range clauses {
			fmt.Fprintf(&key, "%p,", cl)
		}
		key.WriteString(";")
	}
	v.key = key.String()
	return v
}

// levelClauses and modeClauses are the groups a section replaces as a whole.
var (
	levelClauses = []string{"gang", "worker", "vector", "seq"}
	modeClauses  = []string{"seq", "independent", "auto"}
)

// viewClauses are the defaults with the section's clauses in place of those
// they replace.
func viewClauses(defaults []*acc.Clause, s *dtSection) []*acc.Clause {
	if s == nil {
		return defaults
	}
	has := map[string]bool{}
	for _, cl := range s.clauses {
		has[cl.Spec.Name] = true
	}
	anyOf := func(names []string) bool {
		for _, n := range names {
			if has[n] {
				return true
			}
		}
		return false
	}
	var out []*acc.Clause
	for _, cl := range defaults {
		n := cl.Spec.Name
		if has[n] || containsStr(levelClauses, n) && anyOf(levelClauses) || containsStr(modeClauses, n) && anyOf(modeClauses) {
			continue
		}
		out = append(out, cl)
	}
	return append(out, s.clauses...)
}

// viewLevel is the levels a view's clauses name (analysis's loop level).
func viewLevel(d *acc.Directive) analysis.Level {
	var l analysis.Level
	for _, cl := range d.Clauses {
		switch cl.Spec.Name {
		case "gang":
			l |= analysis.LevelGang
		case "worker":
			l |= analysis.LevelWorker
		case "vector":
			l |= analysis.LevelVector
		case "seq":
			l |= analysis.LevelSeq
		}
	}
	return l
}

// viewLoopCount is the number of loops a view's collapse or tile associates.
func viewLoopCount(d *acc.Directive) int {
	n := 1
	for _, cl := range d.Clauses {
		k := 0
		switch cl.Spec.Name {
		case "collapse":
			if cl.Args != nil && len(cl.Args.Items) == 1 {
				if v, ok := constInt(cl.Args.Items[0]); ok && v > 0 && v < 1000 {
					k = int(v)
				}
			}
		case "tile":
			if cl.Args != nil {
				k = len(cl.Args.Items)
			}
		}
		n = max(n, k)
	}
	return n
}

// viewNest returns up to n loops of the nest at for statement s, outermost
// first, through bodies that hold exactly one loop (analysis's loopNest,
// §2.9.1).
func viewNest(s *cfacts.Stmt, n int) []*cfacts.Stmt {
	loops := []*cfacts.Stmt{s}
	for len(loops) < n {
		inner := innerLoopsOf(loops[len(loops)-1].Body)
		if len(inner) != 1 || inner[0].Kind != cfacts.StmtFor {
			break
		}
		loops = append(loops, inner[0])
	}
	return loops
}

// innerLoopsOf is analysis's innerLoops: the loops at the top of a body.
func innerLoopsOf(body *cfacts.Stmt) []*cfacts.Stmt {
	if body == nil {
		return nil
	}
	switch body.Kind {
	case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
		return []*cfacts.Stmt{body}
	case cfacts.StmtCompound:
		var out []*cfacts.Stmt
		for _, it := range body.List {
			out = append(out, innerLoopsOf(it)...)
		}
		return out
	}
	return nil
}

// dumpLoopVariants prints the kernels of the device types whose loops
// differ (--dump=ir), after the construct's own.
func dumpLoopVariants(b *strings.Builder, con *Construct, ind string, text []byte) {
	seen := map[*Construct]bool{}
	for _, l := range con.DeviceTypes {
		v := l.Variant
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		fmt.Fprintf(b, "%s  loops for device_type(%s):\n", ind, l.Names)
		only := *v // its kernels: the variables and launches are the construct's
		only.DeviceTypes, only.Vars = nil, nil
		dumpConstruct(b, &only, ind+"  ", text)
	}
}

// pointwiseGrid reports whether the innermost gang loop of the grid lp
// heads runs straight-line code for each point (no loop in its body).
func pointwiseGrid(lp *Loop) bool {
	inner := lp
	for {
		var next *Loop
		for _, ch := range inner.Children {
			if ch.Levels&analysis.LevelGang != 0 {
				next = ch
			}
		}
		if next == nil {
			break
		}
		inner = next
	}
	pointwise := true
	cfacts.Walk(inner.Stmts[len(inner.Stmts)-1].Body, func(s *cfacts.Stmt) bool {
		pointwise = pointwise && s.Kind != cfacts.StmtFor && s.Kind != cfacts.StmtWhile && s.Kind != cfacts.StmtDo
		return pointwise
	})
	return pointwise
}

// cpuNestVariant gives a kernels construct whose nests without loop
// directives the compiler collapsed (lower.go implicitCollapse) a variant
// for CPU devices with the outer loops alone: there a work-item per row,
// which PoCL runs as a plain loop over the row, was faster than the 2-D
// NDRange: the first batch's Laplace example took 3.0-5.0 s against
// 6.7-8.0 s (2-core container, two runs each), while on a GPU the
// NDRange's coalesced rows and its occupancy win (bench/README.md,
// twenty-fourth session).
//
// PGI's nested gang loops made a grid (depend.go gangDimensions) get the
// variant too when the innermost one's body has no loop: a 3-D stencil of
// SPEC ACCEL took 1.27 s with the grid and 0.35-0.39 s with rows, a heat
// code 0.31-0.33 s and 0.09-0.12 s; a matrix product, whose points each
// run a loop, was faster with the grid (0.22-0.23 s against 0.25-0.34 s,
// n = 512; all on the 2-core container, two runs each).
func (c *compilation) cpuNestVariant(n *Node, con *Construct) {
	if con.Kind != "kernels" || len(con.DeviceTypes) > 0 {
		return
	}
	collapsed := false
	for _, k := range con.Kernels {
		forEachLoop(k.Loops, func(lp *Loop) {
			collapsed = collapsed || lp.Region == nil && len(lp.Stmts) > 1 || lp.GangDim > 1 && lp.Parent == nil && pointwiseGrid(lp)
		})
	}
	if !collapsed {
		return
	}
	data := n.Data
	c.rowsOnly = true
	vc := c.lowerConstruct(n, "_cpu")
	c.rowsOnly = false
	n.Data = data // (the construct's data actions are the first lowering's)
	names := []string{"cpu"}
	c.sameDeviceData(con, vc, names)
	con.addLoopVariant("cpu", names, vc)
}
