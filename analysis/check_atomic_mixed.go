package analysis

import (
	"github.com/accls/accls/source/cfacts"
)

// atomicMixedCheck reports a shared scalar that a compute construct updates
// in an atomic construct and also reads or writes without one while
// iterations run at once: the plain access races with the atomic updates
// (OpenACC 3.3 §2.12 makes only the atomic accesses safe against each
// other). The usual form is a guard, `if (count < max) { #pragma acc atomic
// update count++; }`, which lets more iterations through than the guard
// means to (a DRACC data-race benchmark).
var atomicMixedCheck = &Check{
	Name:  "atomic-mixed",
	Rules: []string{"atomic-mixed-access"},
	Model: checkAtomicMixed,
}

func checkAtomicMixed(p *Pass, m *Model) {
	reported := map[*Region]map[*cfacts.Var]bool{}
	for _, a := range m.allRegions() {
		c := a.Compute
		if a.Kind != RegionAtomic || c == nil || c.Stmt == nil || computeKind(c.Directive) == "serial" || !concurrentAt(a) {
			continue
		}
		f, _ := ClassifyAtomic(m.Text, a)
		if f == nil || f.Kind == "read" {
			continue
		}
		x := strip(f.X)
		if x == nil || x.Kind != cfacts.ExprIdent || x.Var == nil || inSpan(c.Stmt.Span, x.Var.NameSpan) || privatizedAt(a, x.Var) {
			continue
		}
		v := x.Var
		if reported[c] == nil {
			reported[c] = map[*cfacts.Var]bool{}
		}
		if reported[c][v] {
			continue
		}
		atomics := atomicSpans(c)
		for _, r := range m.collectRefs(c.Stmt) {
			if r.Var != v || inAnySpan(atomics, r.Span.Start) {
				continue
			}
			how, fix := "read", "read it with '#pragma acc atomic read' into a local, or test the value an 'atomic capture' returns"
			if r.Access&AccWrite != 0 {
				how, fix = "written", "write it with '#pragma acc atomic write' or 'atomic update'"
			}
			reported[c][v] = true
			p.Report(Diagnostic{Span: r.Site(), Rule: "atomic-mixed-access",
				Message: quote(v.Name) + " is updated atomically in this " + quote(dirName(c.Directive)) + " but " + how +
					" here without 'atomic': this access races with the updates other iterations make at the same time; " + fix,
				Related: []Related{{Span: a.Directive.NameSpan, Message: "the atomic update of " + quote(v.Name)}}})
			break
		}
	}
}

// concurrentAt reports whether code at region r runs in several iterations
// at once: a loop around it (up to its compute construct) runs in parallel.
func concurrentAt(r *Region) bool {
	for a := r.Parent; a != nil; a = a.Parent {
		if a.IsLoop() && runsInParallel(a) {
			return true
		}
		if a == r.Compute {
			break
		}
	}
	return false
}

// privatizedAt reports whether a private, firstprivate or reduction clause
// of the constructs around r (up to its compute construct) names v.
func privatizedAt(r *Region, v *cfacts.Var) bool {
	for a := r.Parent; a != nil; a = a.Parent {
		for _, c := range a.Directive.Clauses {
			switch canonical(c) {
			case "private", "firstprivate", "reduction":
				for _, it := range argItems(c) {
					if it.Var != nil && it.Var.Name == v.Name && len(it.Var.Members) == 0 {
						return true
					}
				}
			}
		}
		if a == r.Compute {
			break
		}
	}
	return false
}
