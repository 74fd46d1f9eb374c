package analysis

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// levelsCheck reports loops whose gang/worker/vector parallelism is nested
// the wrong way inside a compute region (§6.2), gang/worker/vector arguments
// the enclosing compute construct does not permit (§4), and gang
// reductions the gang shape of the region forbids (§8).
var levelsCheck = &Check{
	Name:  "levels",
	Rules: []string{"loop-level-order", "level-arg-invalid", "reduction-num-gangs-conflict"},
	Model: checkLevels,
}

func checkLevels(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		if !r.IsLoop() {
			continue
		}
		checkLevelOrder(p, r)
		checkLevelArgs(p, r)
		checkGangReduction(p, r)
	}
}

// gangDim is the dim: of a gang clause: 1 when absent, 0 when not a constant.
func gangDim(c *acc.Clause, consts acc.Consts) int64 {
	for _, it := range argItems(c) {
		if it.Key == "dim" {
			if v, ok := constantIn(it, consts); ok {
				return v
			}
			return 0
		}
	}
	return 1
}

// checkLevelOrder compares the levels of loop r with those of the loops
// around it in the same compute region (an enclosing combined construct
// counts as a loop; a nested compute region starts afresh).
func checkLevelOrder(p *Pass, r *Region) {
	if r.Kind == RegionCompute {
		return // a combined construct is the outermost loop of its region
	}
	kernels := regionComputeKind(r.Compute) == "kernels"
	for _, bit := range []Level{LevelGang, LevelWorker, LevelVector} {
		if r.Level&bit == 0 {
			continue
		}
		inner := levelClause(r.Directive, bit)
	outer:
		for a := r.Parent; a != nil; a = a.Parent {
			if a.IsLoop() {
				for _, ob := range []Level{LevelGang, LevelWorker, LevelVector} {
					if a.Level&ob == 0 || ob < bit {
						continue
					}
					oc := levelClause(a.Directive, ob)
					msg, sev := "", Severity(0)
					switch {
					case ob == bit && bit == LevelGang && !kernels:
						e, d := gangDim(inner, p.Model.Consts()), gangDim(oc, p.Model.Consts())
						if e == 0 || d == 0 || e < d {
							continue
						}
						if e == 1 && d == 1 {
							msg = "'gang' loop inside another 'gang' loop; an inner gang loop needs a smaller 'dim:' than the enclosing one (plain 'gang' is dim 1)"
						} else {
							msg = "gang loop of 'dim:' " + strconv.FormatInt(e, 10) + " inside a gang loop of 'dim:' " + strconv.FormatInt(d, 10) + "; an inner gang loop needs a smaller 'dim:'"
						}
					case ob == bit:
						msg = quote(levelName(bit)) + " loop inside another " + quote(levelName(bit)) +
							" loop; an inner loop cannot use the same parallelism as its enclosing loop"
						if kernels && pgiGrid(bit, a.Level, r.Level) {
							sev = SeverityWarning
							msg += pgiGridNote[bit]
						}
					default:
						msg = quote(levelName(bit)) + " loop inside a " + quote(levelName(ob)) +
							" loop; gang parallelism must be outside worker parallelism, and worker outside vector"
					}
					fixes := mergeNestFix(p, a, r)
					p.Report(Diagnostic{Span: inner.NameSpan, Rule: "loop-level-order", Message: msg, Severity: sev,
						Related: []Related{{Span: oc.Span, Message: "the enclosing " + quote(levelName(ob)) + " loop"}},
						Fixes:   fixes})
					break outer
				}
			}
			if a.Kind == RegionCompute {
				break
			}
		}
	}
}

// pgiGrid reports whether a loop of levels inner, inside a loop of levels
// outer that repeats its level, both in a kernels construct, is a nest
// PGI's compilers (and NVIDIA's) map onto a grid, as the compiler does
// (compiler/depend.go gangDimensions, vectorAsWorker): gang inside gang,
// `gang worker` inside `gang worker`, vector inside vector without
// workers.
func pgiGrid(level, outer, inner Level) bool {
	switch level {
	case LevelGang:
		return true
	case LevelWorker:
		return outer&LevelGang != 0 && inner&LevelGang != 0
	case LevelVector:
		return (outer|inner)&LevelWorker == 0 && inner&LevelGang == 0
	}
	return false
}

// pgiGridNote completes the message of pgiGrid's nests, by level.
var pgiGridNote = map[Level]string{
	LevelGang:   " (not OpenACC, and GCC rejects it; NVIDIA's compilers and accls map gang loops nested in a 'kernels' construct onto a grid, the outer loop the higher gang dimension)",
	LevelWorker: " (not OpenACC, and GCC rejects it; NVIDIA's compilers and accls make the outer 'gang worker' loop a gang dimension of a grid, the workers the inner loop's)",
	LevelVector: " (not OpenACC, and GCC rejects it; NVIDIA's compilers and accls give the outer loop's vector lanes to workers, the work-group's second dimension)",
}

// checkLevelArgs checks the gang/worker/vector arguments that depend on the
// parent compute construct (OpenACC 3.3 §2.9.2–§2.9.4).
func checkLevelArgs(p *Pass, r *Region) {
	parent := regionComputeKind(r.Compute)
	var parentDir *acc.Directive
	where := "an orphaned loop (outside any compute construct)"
	if r.Compute != nil {
		parentDir = r.Compute.Directive
		where = "a loop in a " + quote(parent) + " construct"
	}
	// limit is the clause of the parent compute construct that already fixes a count.
	limit := func(name string) *acc.Clause {
		if parentDir == nil {
			return nil
		}
		return clauseNamed(parentDir, name)
	}
	related := func(c *acc.Clause) []Related {
		if c == nil {
			return nil
		}
		return []Related{{Span: c.Span, Message: "the " + quote(parent) + " construct sets " + quote(canonical(c)) + " here"}}
	}
	for _, c := range r.Directive.Clauses {
		switch canonical(c) {
		case "gang":
			for _, it := range argItems(c) {
				switch it.Key {
				case "", "num":
					if parent != "kernels" {
						p.Reportf(it.Span, "level-arg-invalid",
							"the number of gangs may be given on 'gang' only inside a 'kernels' construct, not on %s; use 'num_gangs' on the compute construct", where)
					} else if ng := limit("num_gangs"); ng != nil {
						p.Report(Diagnostic{Span: it.Span, Rule: "level-arg-invalid",
							Message: "the number of gangs may not be given on 'gang' when the enclosing 'kernels' has 'num_gangs'",
							Related: related(ng)})
					}
				case "dim":
					if parent == "kernels" || parent == "serial" {
						p.Reportf(it.KeySpan, "level-arg-invalid",
							"gang 'dim:' is not allowed on %s; it needs a 'parallel' construct, an orphaned loop or a 'routine gang'", where)
					}
				}
			}
		case "worker":
			for _, it := range argItems(c) {
				if parent != "kernels" {
					p.Reportf(it.Span, "level-arg-invalid",
						"the number of workers may be given on 'worker' only inside a 'kernels' construct, not on %s; use 'num_workers' on the compute construct", where)
				} else if nw := limit("num_workers"); nw != nil {
					p.Report(Diagnostic{Span: it.Span, Rule: "level-arg-invalid",
						Message: "the number of workers may not be given on 'worker' when the enclosing 'kernels' has 'num_workers'",
						Related: related(nw)})
				}
			}
		case "vector":
			for _, it := range argItems(c) {
				vl := limit("vector_length")
				switch {
				case parent == "" || parent == "serial":
					p.Reportf(it.Span, "level-arg-invalid",
						"a vector length on 'vector' is not allowed on %s", where)
				case vl != nil:
					p.Report(Diagnostic{Span: it.Span, Rule: "level-arg-invalid",
						Message: "the vector length may not be given on 'vector' when the enclosing " + quote(parent) + " has 'vector_length'",
						Related: related(vl)})
				case parent == "parallel":
					p.Report(Diagnostic{Span: it.Span, Rule: "level-arg-invalid", Severity: SeverityWarning,
						Message: "a vector length on 'vector' inside a 'parallel' construct is rejected by gcc; use 'vector_length' on the 'parallel'"})
				}
			}
		}
	}
}

// checkGangReduction: a gang loop with a reduction inside a parallel
// construct whose num_gangs has several arguments, or with gang(dim:d>1).
func checkGangReduction(p *Pass, r *Region) {
	red := clauseNamed(r.Directive, "reduction")
	gang := levelClause(r.Directive, LevelGang)
	if red == nil || gang == nil {
		return
	}
	for _, it := range argItems(gang) {
		if it.Key != "dim" {
			continue
		}
		if v, ok := constantIn(it, p.Model.Consts()); ok && v > 1 {
			p.Report(Diagnostic{Span: red.NameSpan, Rule: "reduction-num-gangs-conflict",
				Message: "'reduction' may not appear on a loop with 'gang(dim:" + strconv.FormatInt(v, 10) + ")'; gang reductions are over one gang dimension",
				Related: []Related{{Span: it.Span, Message: "the gang dimension is set here"}}})
			return
		}
	}
	if r.Compute == nil || r.Compute == r || regionComputeKind(r.Compute) != "parallel" {
		return // a combined construct is checked with its own clauses
	}
	for _, c := range r.Compute.Directive.Clauses {
		if canonical(c) == "num_gangs" && len(argItems(c)) > 1 {
			p.Report(Diagnostic{Span: red.NameSpan, Rule: "reduction-num-gangs-conflict",
				Message: "'reduction' may not appear on a 'gang' loop inside a 'parallel' construct whose 'num_gangs' has more than one argument",
				Related: []Related{{Span: c.Span, Message: "multi-dimensional 'num_gangs' is here"}}})
			return
		}
	}
}

// mergeNestFix is the fix for a loop inner whose levels clash with those of
// the loop outer around it, in a nest of tightly nested loops that PGI's
// compilers partitioned as a grid in kernels constructs (gang(512)
// vector(2) around vector(128)): one directive with collapse(n) and the
// levels of all over the n loops, which OpenACC allows, and the inner
// directives removed. The nest is the longest chain of tightly nested loop
// directives through outer and inner, each on one loop (no collapse, tile
// or device_type), the bounds of each loop not using the variables of the
// loops around it; nil when there is none.
func mergeNestFix(p *Pass, outer, inner *Region) []SuggestedFix {
	if inner.Parent != outer || inner.Kind != RegionLoop || !mergeable(outer) || !mergeable(inner) || !tightlyNests(outer, inner) {
		return nil
	}
	top := outer
	for top.Kind == RegionLoop && top.Parent != nil && top.Parent.IsLoop() && mergeable(top.Parent) && tightlyNests(top.Parent, top) {
		top = top.Parent
	}
	chain := []*Region{top}
	for {
		last := chain[len(chain)-1]
		var next *Region
		for _, c := range last.Children {
			if c.Kind == RegionLoop && mergeable(c) && tightlyNests(last, c) { // (not a nested combined construct)
				next = c
			}
		}
		if next == nil {
			break
		}
		chain = append(chain, next)
	}
	var keep []string
	kept := map[string]bool{}
	var levels Level
	for i, r := range chain {
		for _, o := range chain[:i] {
			if v := forLoopVar(o.Loops[0]); v == nil || stmtMentions(r.Stmt.Init, v) || mentions(r.Stmt.Cond, v) || mentions(r.Stmt.Post, v) {
				return nil // not rectangular
			}
		}
		for _, c := range r.Directive.Clauses {
			switch name := canonical(c); name {
			case "gang", "worker", "vector":
				levels |= map[string]Level{"gang": LevelGang, "worker": LevelWorker, "vector": LevelVector}[name]
			default:
				t := strings.Join(strings.Fields(string(p.Text[c.Span.Start:c.Span.End])), " ")
				if !kept[t] {
					kept[t] = true
					keep = append(keep, t)
				}
			}
		}
	}
	for _, l := range []Level{LevelGang, LevelWorker, LevelVector} {
		if levels&l != 0 {
			keep = append(keep, levelName(l))
		}
	}
	keep = append(keep, fmt.Sprintf("collapse(%d)", len(chain)))
	od := top.Directive
	end := od.NameSpan.End
	if n := len(od.Clauses); n > 0 {
		end = od.Clauses[n-1].Span.End
	}
	edits := []TextEdit{{Span: acc.Span{Start: od.NameSpan.End, End: end}, NewText: " " + strings.Join(keep, " ")}}
	for _, r := range chain[1:] {
		// the directive's lines, up to the loop
		d := r.Directive
		from, to := lineStartAt(p.Text, d.Span.Start), d.Span.End
		if strings.TrimSpace(string(p.Text[from:d.Span.Start])) != "" {
			return nil
		}
		if to < len(p.Text) && p.Text[to] == '\r' {
			to++
		}
		if to < len(p.Text) && p.Text[to] == '\n' {
			to++
		}
		edits = append(edits, TextEdit{Span: acc.Span{Start: from, End: to}})
	}
	return []SuggestedFix{{Title: fmt.Sprintf("Partition the %d loops with collapse(%d) on the outer directive", len(chain), len(chain)), Edits: edits}}
}

// mergeable reports whether loop region r's directive could join a merged
// nest: one associated loop, no clause that fixes the association or the
// schedule otherwise (collapse, tile, device_type, seq, auto), no errors.
func mergeable(r *Region) bool {
	d := r.Directive
	if d == nil || d.Spec == nil || len(d.Errors) > 0 || len(r.Loops) != 1 || r.Stmt == nil {
		return false
	}
	for _, c := range d.Clauses {
		switch canonical(c) {
		case "collapse", "tile", "device_type", "seq", "auto":
			return false
		}
	}
	return true
}

// tightlyNests reports whether inner's loop is the whole body of outer's.
func tightlyNests(outer, inner *Region) bool {
	body := outer.Loops[0].Body
	for body != nil && body.Kind == cfacts.StmtCompound {
		var items []*cfacts.Stmt
		for _, it := range body.List {
			if it.Kind != cfacts.StmtNull {
				items = append(items, it)
			}
		}
		if len(items) != 1 {
			return false
		}
		body = items[0]
	}
	return body != nil && body == inner.Stmt
}
