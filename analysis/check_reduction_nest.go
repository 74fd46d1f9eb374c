package analysis

import "github.com/accls/accls/acc"

// reductionNestCheck reports nested constructs that reduce the same variable
// with different operators (openacc-rules.md §8; OpenACC 3.3 §2.9.11).
var reductionNestCheck = &Check{
	Name:  "reduction-nest",
	Rules: []string{"reduction-op-mismatch"},
	Model: checkReductionNest,
}

// reductionOf returns the reduction clause and item of d that reduce the
// variable name, nil when d does not reduce it.
func reductionOf(d *acc.Directive, name string) (*acc.Clause, *acc.Arg) {
	for _, c := range d.Clauses {
		if canonical(c) != "reduction" || c.Args == nil {
			continue
		}
		for _, it := range c.Args.Items {
			if it.Var != nil && it.Var.Name == name {
				return c, it
			}
		}
	}
	return nil, nil
}

func checkReductionNest(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		for _, c := range r.Directive.Clauses {
			if canonical(c) != "reduction" || c.Args == nil || c.Args.Modifier == "" {
				continue
			}
			for _, it := range c.Args.Items {
				if it.Var == nil {
					continue
				}
				// The nearest enclosing construct of the same compute region
				// that reduces the variable.
				for a := r.Parent; a != nil && r.Kind != RegionCompute; a = a.Parent {
					oc, oit := reductionOf(a.Directive, it.Var.Name)
					if oc != nil && oc.Args.Modifier != "" {
						if oc.Args.Modifier != c.Args.Modifier {
							p.Report(Diagnostic{Span: c.Args.ModifierSpan, Rule: "reduction-op-mismatch",
								Message: "reduction of " + quote(it.Var.Name) + " with " + quote(c.Args.Modifier) +
									" inside a reduction of it with " + quote(oc.Args.Modifier) + "; nested reductions of a variable must use the same operator",
								Related: []Related{{Span: oc.Args.ModifierSpan, Message: "the enclosing reduction of " + quote(oit.Var.Name)}}})
						}
						break
					}
					if a.Kind == RegionCompute {
						break
					}
				}
			}
		}
	}
}
