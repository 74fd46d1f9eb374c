package analysis

import (
	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// nestingCheck reports directives placed where their construct has no
// meaning or is not allowed: compute constructs inside compute regions, data
// directives and init/shutdown/set inside compute regions, directives inside
// atomic constructs, and cache directives outside loops (openacc-rules.md §6.1, §14).
var nestingCheck = &Check{
	Name:  "nesting",
	Rules: []string{"nested-compute-construct", "data-construct-in-compute", "bad-nesting", "cache-outside-loop"},
	Model: checkNesting,
}

func checkNesting(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		d := r.Directive
		name := dirName(d)
		var outer *Region // the enclosing compute region
		if r.Parent != nil {
			outer = r.Parent.Compute
		}
		if atomic := enclosingAtomic(r); atomic != nil {
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "bad-nesting",
				Message: quote(name) + " may not appear inside an 'atomic' construct, which contains only the atomic statement",
				Related: []Related{{Span: atomic.Directive.NameSpan, Message: "the 'atomic' construct is here"}}})
			continue
		}
		switch {
		case r.Kind == RegionCompute && outer != nil:
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "nested-compute-construct",
				Message: quote(name) + " construct inside the compute region of " + quote(dirName(outer.Directive)) +
					"; nested compute constructs are not supported by most compilers (gcc rejects them)",
				Related: []Related{{Span: outer.Directive.NameSpan, Message: "the enclosing " + quote(dirName(outer.Directive)) + " construct"}}})
		case outer != nil && (name == "data" || name == "host_data" || name == "enter data" || name == "exit data" || name == "update"):
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "data-construct-in-compute",
				Message: quote(name) + " inside the compute region of " + quote(dirName(outer.Directive)) +
					" has no meaning on the device (gcc rejects it); move it before or after the compute construct",
				Related: []Related{{Span: outer.Directive.NameSpan, Message: "the enclosing " + quote(dirName(outer.Directive)) + " construct"}}})
		case outer != nil && (name == "init" || name == "shutdown" || name == "set"):
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "bad-nesting",
				Message: quote(name) + " may not appear inside a compute region",
				Related: []Related{{Span: outer.Directive.NameSpan, Message: "the enclosing " + quote(dirName(outer.Directive)) + " construct"}}})
		case name == "cache":
			checkCachePlacement(p, r)
		}
	}
}

// enclosingAtomic returns the atomic construct whose extent holds r's directive.
func enclosingAtomic(r *Region) *Region {
	for a := r.Parent; a != nil; a = a.Parent {
		if a.Kind == RegionAtomic {
			return a
		}
	}
	return nil
}

// checkCachePlacement: a cache directive belongs at the top of the body of a
// loop that runs on the device: one inside a compute region, associated with
// a loop construct, or in a routine.
func checkCachePlacement(p *Pass, r *Region) {
	if r.Container == nil {
		return
	}
	var loop *cfacts.Stmt
	for s := r.Container; s != nil; s = s.Parent {
		if s.Kind == cfacts.StmtFor || s.Kind == cfacts.StmtWhile || s.Kind == cfacts.StmtDo {
			loop = s
			break
		}
	}
	if loop == r.Container {
		return // the sole body of the loop: standalone-directive-placement says it
	}
	onDevice := r.Compute != nil || r.Func.Routine != nil
	for a := r.Parent; a != nil && !onDevice; a = a.Parent {
		onDevice = a.IsLoop()
	}
	d := r.Directive
	if loop == nil || !onDevice {
		where := "not inside any loop"
		if loop != nil {
			where = "in a loop that runs on the host (no compute construct, 'loop' construct or 'routine' around it)"
		}
		p.Reportf(d.NameSpan, "cache-outside-loop",
			"'cache' must appear at the top of a loop body inside a compute region or a 'loop' construct; this one is %s", where)
		return
	}
	if r.Container != loop.Body {
		p.Report(Diagnostic{Span: d.NameSpan, Rule: "cache-outside-loop",
			Message: "'cache' must appear at the top of the loop body, not inside a nested statement",
			Related: []Related{{Span: loopHeader(loop), Message: "the enclosing loop"}}})
		return
	}
	for _, s := range r.Container.List {
		if s.Span.Start >= d.Span.Start {
			break
		}
		if s.Kind != cfacts.StmtDecl && s.Kind != cfacts.StmtNull {
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "cache-outside-loop",
				Message: "'cache' must appear at the top of the loop body, before the statements of the iteration",
				Related: []Related{{Span: s.Span, Message: "this statement comes before it"}}})
			return
		}
	}
}

// loopHeader is the span of a statement's keyword (`for`, `while`, `do`,
// `if`, `switch`...), for related information.
func loopHeader(s *cfacts.Stmt) acc.Span {
	n := map[cfacts.StmtKind]int{cfacts.StmtFor: 3, cfacts.StmtWhile: 5, cfacts.StmtDo: 2,
		cfacts.StmtIf: 2, cfacts.StmtSwitch: 6, cfacts.StmtReturn: 6, cfacts.StmtGoto: 4,
		cfacts.StmtBreak: 5, cfacts.StmtContinue: 8}[s.Kind]
	if s.Kind == cfacts.StmtCompound {
		n = 1 // the '{'
	}
	if n == 0 || s.Span.Len() < n {
		return s.Span
	}
	return acc.Span{Start: s.Span.Start, End: s.Span.Start + n}
}
