package analysis

import (
	"github.com/accls/accls/acc"
)

// reductionCheck reports reductions that contradict other clauses of the
// same directive (openacc-rules.md §8).
var reductionCheck = &Check{
	Name:      "reduction",
	Rules:     []string{"reduction-private-conflict", "reduction-num-gangs-conflict"},
	Directive: checkReductionClauses,
}

func checkReductionClauses(p *Pass, d *acc.Directive) {
	if d.Spec == nil {
		return
	}
	reduced := map[string]*acc.Arg{}
	var reduction, numGangs *acc.Clause
	for _, c := range d.Clauses {
		if !d.Spec.Allows(canonical(c)) {
			continue // reported as not allowed; its meaning here is moot
		}
		switch canonical(c) {
		case "reduction":
			reduction = c
			for _, it := range argItems(c) {
				if it.Var != nil && reduced[it.Var.Name] == nil {
					reduced[it.Var.Name] = it
				}
			}
		case "num_gangs":
			numGangs = c
		}
	}
	for _, c := range d.Clauses {
		name := canonical(c)
		if (name != "private" && name != "firstprivate") || !d.Spec.Allows(name) {
			continue
		}
		for _, it := range argItems(c) {
			if it.Var == nil || reduced[it.Var.Name] == nil {
				continue
			}
			p.Report(Diagnostic{
				Span: it.Var.NameSpan, Rule: "reduction-private-conflict",
				Message: quote(it.Var.Name) + " is a reduction variable and cannot also be " + name,
				Related: []Related{{Span: reduced[it.Var.Name].Span, Message: "the reduction of " + quote(it.Var.Name) + " is here"}},
			})
		}
	}
	if reduction != nil && numGangs != nil && len(argItems(numGangs)) > 1 &&
		(d.Spec.Name == "parallel" || d.Spec.Name == "parallel loop") {
		p.Report(Diagnostic{
			Span: reduction.NameSpan, Rule: "reduction-num-gangs-conflict",
			Message: "'reduction' may not appear on " + quote(d.Spec.Name) + " whose 'num_gangs' has more than one argument",
			Related: []Related{{Span: numGangs.Span, Message: "multi-dimensional 'num_gangs' is here"}},
		})
	}
}

func argItems(c *acc.Clause) []*acc.Arg {
	if c.Args == nil {
		return nil
	}
	return c.Args.Items
}
