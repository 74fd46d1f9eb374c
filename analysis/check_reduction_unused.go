package analysis

import "github.com/accls/accls/source/cfacts"

// reductionUnusedCheck reports reduction variables the construct's code
// never uses: the reduction leaves them as they were, while the loop most
// often accumulates into some other variable (a real program's knapsack
// reduced max:best_value over a loop that summed temp_value).
var reductionUnusedCheck = &Check{
	Name:  "reduction-unused",
	Rules: []string{"reduction-unused"},
	Model: checkReductionUnused,
}

func checkReductionUnused(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		d := r.Directive
		if r.Stmt == nil || d.Spec == nil || len(d.Errors) > 0 || r.Kind != RegionLoop && r.Kind != RegionCompute {
			continue
		}
		for _, c := range d.Clauses {
			if canonical(c) != "reduction" || !d.Spec.Allows("reduction") || c.Args == nil {
				continue
			}
			for _, it := range c.Args.Items {
				if it.Var == nil || len(it.Var.Members) > 0 {
					continue
				}
				v := m.C.Lookup(r.Func.Func, d.Span.Start, it.Var.Name)
				if v == nil || v.Type == nil || v.Type.Kind == cfacts.TypePointer || stmtMentions(r.Stmt, v) || v.Storage == cfacts.StorageGlobal && callsProgram(m, r.Stmt) {
					continue // (reduction-op-type reports a pointer; a routine the code calls may update a global)
				}
				diag := Diagnostic{Span: it.Var.NameSpan, Rule: "reduction-unused",
					Message: quote(it.Var.Name) + " is not used in the code of this " + quote(dirName(d)) +
						": its reduction leaves it unchanged; reduce the variable the code accumulates into"}
				if len(c.Args.Items) == 1 {
					diag.Fixes = []SuggestedFix{removeFix(p, d, c, false)}
				}
				p.Report(diag)
			}
		}
	}
}
