package analysis_test

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/internal/golden"
)

// TestChecksDoc keeps docs/checks.md generated from the rule table; run with
// -update after changing a rule.
func TestChecksDoc(t *testing.T) {
	var b strings.Builder
	b.WriteString("# accls checks\n\n<!-- Generated from analysis/rules.go by `go test ./analysis -run TestChecksDoc -update`. Do not edit. -->\n\n")
	b.WriteString("Every diagnostic accls reports carries one of these rule ids as its `code` and `openacc` as its `source`.\n\n")
	b.WriteString("| rule | severity | summary |\n|---|---|---|\n")
	for _, r := range analysis.Rules() {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, r.Severity, r.Summary)
	}
	for _, r := range analysis.Rules() {
		fmt.Fprintf(&b, "\n## %s\n\n*%s.* %s\n\n%s\n", r.ID, r.Severity, upperFirst(r.Summary)+".", r.Doc)
		if r.Example != "" {
			fmt.Fprintf(&b, "\n```c\n%s\n```\n", r.Example)
		}
	}
	golden.Check(t, "../docs/checks.md", []byte(b.String()))
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// TestRulesHaveChecks: every documented rule is reported by some check, and
// every check reports only documented rules.
func TestRulesHaveChecks(t *testing.T) {
	covered := map[string]bool{}
	for _, c := range slices.Concat(analysis.DirectiveChecks(), analysis.SemanticChecks()) {
		for _, id := range c.Rules {
			if analysis.LookupRule(id) == nil {
				t.Errorf("check %s names undocumented rule %s", c.Name, id)
			}
			covered[id] = true
		}
	}
	for _, r := range analysis.Rules() {
		if !covered[r.ID] {
			t.Errorf("rule %s has no check", r.ID)
		}
		if r.Doc == "" || r.Summary == "" || r.Example == "" {
			t.Errorf("rule %s lacks documentation", r.ID)
		}
	}
}

// TestExamplesTrigger: each rule's documented example triggers that rule.
// Examples of rules that need the C code run through the whole pipeline
// (C front end, region model, semantic checks); an example that defines a
// function is a file of its own, any other is wrapped in a function.
func TestExamplesTrigger(t *testing.T) {
	directive := map[string]bool{}
	for _, c := range analysis.DirectiveChecks() {
		for _, id := range c.Rules {
			directive[id] = true
		}
	}
	for _, r := range analysis.Rules() {
		src := "void f(int *a, int n, int s, int b) {\n" + r.Example + "\nfor (int i = 0; i < n; i++) {}\n}\n"
		if strings.Contains(r.Example, "file scope") || fileScopeExample.MatchString(r.Example) {
			src = r.Example + "\n"
		}
		var diags []analysis.Diagnostic
		switch {
		case parseC != nil:
			diags = semantic(t, "example.c", []byte(src))
		case directive[r.ID]:
			diags = check(src)
		default:
			t.Logf("example of %s not run: no C front end", r.ID)
			continue
		}
		found := slices.ContainsFunc(diags, func(d analysis.Diagnostic) bool { return d.Rule == r.ID })
		if !found {
			t.Errorf("example of %s does not trigger it: %s", r.ID, r.Example)
		}
	}
}

// fileScopeExample matches examples that define or declare functions.
var fileScopeExample = regexp.MustCompile(`(?m)^(static |extern )?(void|int|float|double|long|char|unsigned)\b`)
