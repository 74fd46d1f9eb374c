package analysis_test

import (
	"slices"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// TestRequiredClauseFix: for every directive that requires a clause, the fix
// of required-clause-missing yields a directive with no diagnostic at all.
func TestRequiredClauseFix(t *testing.T) {
	for _, d := range acc.Directives() {
		if len(d.Required) == 0 {
			continue
		}
		src := "void f(int *var, int queue)\n{\n#pragma acc " + d.Name + "\n}\n"
		diags := check(src)
		i := slices.IndexFunc(diags, func(g analysis.Diagnostic) bool { return g.Rule == "required-clause-missing" })
		if i < 0 || len(diags[i].Fixes) == 0 {
			t.Errorf("%s: no required-clause-missing fix in %v", d.Name, diags)
			continue
		}
		e := diags[i].Fixes[0].Edits[0]
		fixed := src[:e.Span.Start] + e.NewText + src[e.Span.End:]
		if after := check(fixed); len(after) > 0 {
			t.Errorf("%s: after the fix %q: %s [%s]", d.Name, fixed, after[0].Message, after[0].Rule)
		}
	}
}
