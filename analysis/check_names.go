package analysis

import (
	"strings"

	"github.com/accls/accls/acc"
)

// namesCheck reports directive and clause names that are unknown or
// deprecated, with the fix that renames them.
var namesCheck = &Check{
	Name:      "names",
	Rules:     []string{"unknown-directive", "unknown-clause", "deprecated-clause"},
	Directive: checkNames,
}

var directiveNames = func() []string {
	var names []string
	for _, d := range acc.Directives() {
		names = append(names, d.Name)
	}
	return names
}()

// legacyDirectives are the PGI Accelerator model's directives that
// OpenACC renamed: `acc region` (and `acc region for`) became kernels.
var legacyDirectives = map[string]string{"region": "kernels"}

var clauseNames = func() []string {
	var names []string
	for _, c := range acc.Clauses() {
		names = append(names, c.Name)
	}
	return names
}()

func checkNames(p *Pass, d *acc.Directive) {
	if d.Name != "" && d.Spec == nil {
		diag := p.Reportf(d.NameSpan, "unknown-directive", "unknown OpenACC directive %s", quote(d.Name))
		span, s := d.NameSpan, nearest(d.Name, directiveNames)
		if legacy := legacyDirectives[d.Name]; legacy != "" {
			// the PGI Accelerator model's names, in code that predates OpenACC
			s = legacy
			if len(d.Clauses) > 0 && d.Clauses[0].Args == nil && d.Clauses[0].Name == "for" {
				span, s = acc.Span{Start: d.NameSpan.Start, End: d.Clauses[0].NameSpan.End}, legacy+" loop"
			}
			diag.Message += " (a PGI Accelerator model directive, from before OpenACC)"
		} else if len(d.Clauses) > 0 && d.Clauses[0].Args == nil {
			// `PARALLEL LOOP`, `enter DATA`: the second word was parsed as a clause;
			// a two-word name that matches is the better guess.
			second := d.Clauses[0]
			if s2 := nearest(d.Name+" "+second.Name, directiveNames); strings.Contains(s2, " ") {
				span, s = acc.Span{Start: d.NameSpan.Start, End: second.NameSpan.End}, s2
			}
		}
		if s != "" {
			diag.Message += "; did you mean " + quote(s) + "?"
			diag.Fixes = []SuggestedFix{{Title: "Change to " + quote(s), Preferred: true, Safe: true,
				Edits: []TextEdit{{Span: span, NewText: s}}}}
		}
		// The clauses of an unknown directive are not checked: clang's cascade of
		// "invalid clause" errors after a misspelt directive helps nobody.
		return
	}
	if d.Spec == nil {
		return
	}
	for _, c := range d.Clauses {
		switch {
		case c.Spec == nil:
			diag := p.Reportf(c.NameSpan, "unknown-clause", "unknown OpenACC clause %s", quote(c.Name))
			// Prefer a clause this directive accepts: `copy_in` on a loop is more
			// likely a misspelt `copyin` than anything else, but the closest clause
			// allowed here is the better guess when both are close.
			s := nearest(c.Name, d.Spec.Allowed)
			if s == "" {
				s = nearest(c.Name, clauseNames)
			}
			if s != "" {
				diag.Message += "; did you mean " + quote(s) + "?"
				diag.Fixes = []SuggestedFix{{Title: "Change to " + quote(s), Preferred: true, Safe: true,
					Edits: []TextEdit{{Span: c.NameSpan, NewText: s}}}}
			}
		case c.Alias != nil && c.Alias.Deprecated:
			p.Report(Diagnostic{
				Span: c.NameSpan, Rule: "deprecated-clause", Deprecated: true,
				Message: quote(c.Name) + " is a deprecated spelling; use " + quote(c.Spec.Name),
				Fixes: []SuggestedFix{{Title: "Change to " + quote(c.Spec.Name), Preferred: true, Safe: true,
					Edits: []TextEdit{{Span: c.NameSpan, NewText: c.Spec.Name}}}},
			})
		}
	}
}
