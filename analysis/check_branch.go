package analysis

import (
	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// branchCheck reports branches out of (and into) compute, data and
// host_data constructs, and `break` out of the loops of loop constructs
// (openacc-rules.md §6.1; OpenACC 3.3 §2.5.4).
var branchCheck = &Check{
	Name:  "branch",
	Rules: []string{"branch-out-of-region"},
	Model: checkBranches,
}

func checkBranches(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func.Body == nil {
			continue
		}
		reported := map[*cfacts.Stmt]bool{}
		// Innermost regions first, so that a branch is reported against the
		// nearest construct it leaves.
		rs := regionsOf(fm)
		for i := len(rs) - 1; i >= 0; i-- {
			r := rs[i]
			if r.Stmt == nil || !r.hasExtent() || (r.Kind != RegionCompute && r.Kind != RegionData && r.Kind != RegionLoop) {
				continue
			}
			checkBranchesOut(p, r, reported)
		}
		checkBranchesIn(p, fm, reported)
	}
}

// branchState is what encloses a statement inside the region being checked.
type branchState struct {
	loops, switches int  // loops and switches inside the region (not associated loops)
	assoc           bool // inside a loop associated with the region's loop construct
}

func checkBranchesOut(p *Pass, r *Region, reported map[*cfacts.Stmt]bool) {
	labels := map[string]bool{}
	stWalk(r.Stmt, func(s *cfacts.Stmt) bool {
		if s.Kind == cfacts.StmtLabel {
			labels[s.Label] = true
		}
		return true
	})
	assoc := map[*cfacts.Stmt]bool{}
	if r.IsLoop() {
		for _, l := range r.Loops {
			assoc[l] = true
		}
		if len(r.Loops) == 0 {
			assoc[r.Stmt] = true
		}
	}
	name := quote(dirName(r.Directive))
	report := func(s *cfacts.Stmt, msg string) {
		if reported[s] {
			return
		}
		reported[s] = true
		p.Report(Diagnostic{Span: loopHeader(s), Rule: "branch-out-of-region", Message: msg,
			Related: []Related{{Span: r.Directive.NameSpan, Message: "the " + name + " construct"}}})
	}
	var walk func(s *cfacts.Stmt, st branchState)
	walk = func(s *cfacts.Stmt, st branchState) {
		if s == nil {
			return
		}
		// return and goto out of a loop construct inside a compute construct
		// are reported against the compute construct.
		leaves := !(r.Kind == RegionLoop && r.Compute != nil)
		switch s.Kind {
		case cfacts.StmtReturn:
			if !leaves {
				break
			}
			report(s, "'return' leaves the "+name+" construct; a program may not branch out of "+regionNoun(r))
		case cfacts.StmtGoto:
			if leaves && !labels[s.Label] {
				report(s, "'goto "+s.Label+"' leaves the "+name+" construct; a program may not branch out of "+regionNoun(r))
			}
		case cfacts.StmtBreak:
			switch {
			case st.loops > 0 || st.switches > 0:
			case st.assoc:
				report(s, "'break' leaves the loop of the "+name+" construct; every iteration of an OpenACC loop must run")
			default:
				report(s, "'break' leaves the "+name+" construct; a program may not branch out of "+regionNoun(r))
			}
		case cfacts.StmtContinue:
			if st.loops == 0 && !st.assoc {
				report(s, "'continue' leaves the "+name+" construct; a program may not branch out of "+regionNoun(r))
			}
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			inner := st
			if assoc[s] {
				inner.assoc = true
			} else {
				inner.loops++
			}
			for _, c := range subStmts(s) {
				walk(c, inner)
			}
			return
		case cfacts.StmtSwitch:
			inner := st
			inner.switches++
			walk(s.Body, inner)
			return
		}
		for _, c := range subStmts(s) {
			walk(c, st)
		}
	}
	walk(r.Stmt, branchState{})
}

func regionNoun(r *Region) string {
	switch r.Kind {
	case RegionCompute:
		return "a compute construct"
	case RegionData:
		return "a data construct"
	}
	return "a loop construct"
}

// checkBranchesIn reports a goto outside a compute or data construct whose
// label is inside it.
func checkBranchesIn(p *Pass, fm *FuncModel, reported map[*cfacts.Stmt]bool) {
	labels := map[string]*cfacts.Stmt{}
	var gotos []*cfacts.Stmt
	stWalk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		switch s.Kind {
		case cfacts.StmtLabel:
			labels[s.Label] = s
		case cfacts.StmtGoto:
			gotos = append(gotos, s)
		}
		return true
	})
	for _, g := range gotos {
		l := labels[g.Label]
		if l == nil || reported[g] {
			continue
		}
		for _, r := range regionsOf(fm) {
			if r.Stmt == nil || !r.hasExtent() || (r.Kind != RegionCompute && r.Kind != RegionData) {
				continue
			}
			if spanWithin(l.Span, r.Stmt.Span) && !spanWithin(g.Span, r.Stmt.Span) {
				reported[g] = true
				p.Report(Diagnostic{Span: loopHeader(g), Rule: "branch-out-of-region",
					Message: "'goto " + g.Label + "' jumps into the " + quote(dirName(r.Directive)) + " construct; a program may not branch into " + regionNoun(r),
					Related: []Related{{Span: acc.Span{Start: l.Span.Start, End: l.Span.Start + len(l.Label)}, Message: "the label is inside the construct"}, {Span: r.Directive.NameSpan, Message: "the " + quote(dirName(r.Directive)) + " construct"}}})
				break
			}
		}
	}
}
