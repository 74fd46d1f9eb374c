package analysis

import (
	"slices"

	"github.com/accls/accls/acc"
)

// varListsCheck reports a variable named by two data-movement clauses of one
// construct (openacc-rules.md §8, §9): the spec does not forbid it, but the
// transfers contradict each other and gcc rejects it ("'a' appears more than
// once in data clauses").
var varListsCheck = &Check{
	Name:      "var-lists",
	Rules:     []string{"duplicate-data-clause"},
	Directive: checkVarLists,
}

// dataMovementClauses are the clauses that decide how a variable is moved.
var dataMovementClauses = []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "delete", "detach"}

func checkVarLists(p *Pass, d *acc.Directive) {
	if d.Spec == nil {
		return
	}
	type mention struct {
		clause *acc.Clause
		item   *acc.Arg
	}
	first := map[string]mention{}
	for _, c := range d.Clauses {
		name := canonical(c)
		if !slices.Contains(dataMovementClauses, name) || !d.Spec.Allows(name) {
			continue
		}
		for _, it := range argItems(c) {
			if it.Var == nil || len(it.Var.Members) > 0 {
				continue // members of one struct may well go different ways
			}
			prev, seen := first[it.Var.Name]
			if !seen {
				first[it.Var.Name] = mention{c, it}
				continue
			}
			msg := quote(it.Var.Name) + " already appears in " + quote(prev.clause.Name) + " on this " + quote(d.Spec.Name)
			if prev.clause == c {
				msg = quote(it.Var.Name) + " appears twice in this " + quote(c.Name) + " clause"
			}
			p.Report(Diagnostic{
				Span: it.Var.NameSpan, Rule: "duplicate-data-clause",
				Message: msg + "; each variable may have one data clause per construct (gcc rejects this)",
				Related: []Related{{Span: prev.item.Span, Message: "first data clause for " + quote(it.Var.Name)}},
			})
		}
	}
}
