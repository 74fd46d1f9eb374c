package analysis_test

import (
	"slices"
	"strings"
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

// TestSizeClauseFix: a level clause with a count on a compute construct
// becomes the construct's size clause, and nothing is reported afterwards.
func TestSizeClauseFix(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"parallel gang(num:64)", "parallel num_gangs(64)"},
		{"kernels worker(4)", "kernels num_workers(4)"},
		{"parallel vector(128) copy(var[0:4])", "parallel vector_length(128) copy(var[0:4])"},
	} {
		src := "void f(int *var)\n{\n#pragma acc " + tc.in + "\n    { }\n}\n"
		diags := check(src)
		if len(diags) != 1 || len(diags[0].Fixes) < 2 {
			t.Fatalf("%s: want one diagnostic with two fixes, got %v", tc.in, diags)
		}
		e := diags[0].Fixes[0].Edits[0]
		fixed := src[:e.Span.Start] + e.NewText + src[e.Span.End:]
		if want := "#pragma acc " + tc.want + "\n"; !strings.Contains(fixed, want) {
			t.Errorf("%s: fixed text %q lacks %q", tc.in, fixed, want)
		}
		if after := check(fixed); len(after) > 0 {
			t.Errorf("%s: after the fix: %s", tc.in, after[0].Message)
		}
	}
}

// TestCombinedLoopFix: a bare level clause on a compute construct that
// governs a loop becomes the combined construct; not when a block follows.
func TestCombinedLoopFix(t *testing.T) {
	for _, tc := range []struct{ in, body, want string }{
		{"parallel gang", "for (int i = 0; i < 4; i++) var[i] = 0;", "parallel loop gang"},
		{"kernels vector copy(var[0:4])", "/* rows */ for (int i = 0; i < 4; i++) var[i] = 0;", "kernels loop vector copy(var[0:4])"},
		{"serial worker", "for (int i = 0; i < 4; i++) var[i] = 0;", "serial loop worker"},
		{"parallel gang", "{ }", ""},
		{"parallel gang(8)", "for (int i = 0; i < 4; i++) var[i] = 0;", ""},
	} {
		src := "void f(int *var)\n{\n#pragma acc " + tc.in + "\n    " + tc.body + "\n}\n"
		diags := check(src)
		if len(diags) != 1 {
			t.Fatalf("%s: want one diagnostic, got %v", tc.in, diags)
		}
		var fix *analysis.SuggestedFix
		for i, f := range diags[0].Fixes {
			if strings.Contains(f.Title, "governs a loop") {
				fix = &diags[0].Fixes[i]
			}
		}
		if tc.want == "" {
			if fix != nil {
				t.Errorf("%s + %q: unexpected fix %q", tc.in, tc.body, fix.Title)
			}
			continue
		}
		if fix == nil {
			t.Fatalf("%s: no combined-construct fix among %v", tc.in, diags[0].Fixes)
		}
		e := fix.Edits[0]
		fixed := src[:e.Span.Start] + e.NewText + src[e.Span.End:]
		if want := "#pragma acc " + tc.want + "\n"; !strings.Contains(fixed, want) {
			t.Errorf("%s: fixed text %q lacks %q", tc.in, fixed, want)
		}
		if after := check(fixed); len(after) > 0 {
			t.Errorf("%s: after the fix: %s", tc.in, after[0].Message)
		}
	}
}
