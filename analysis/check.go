package analysis

import (
	"fmt"
	"sort"

	"github.com/accls/accls/acc"
)

// Check is one entry of the check table: a named family of related findings.
type Check struct {
	Name string
	// Rules lists the rule ids the check may report.
	Rules []string
	// Directive runs once per scanned directive.
	Directive func(p *Pass, d *acc.Directive)
}

// directiveChecks is the table of checks that need only the scanned
// directives, not the C code around them. Each lives in its own file.
var directiveChecks = []*Check{
	syntaxCheck,
	namesCheck,
	clauseSetsCheck,
	argumentsCheck,
	reductionCheck,
	varListsCheck,
	placementCheck,
}

// DirectiveChecks returns the table of directive-level checks.
func DirectiveChecks() []*Check { return directiveChecks }

// Pass carries one run of the checks over one document.
type Pass struct {
	Text  []byte
	File  *acc.File
	diags []Diagnostic
}

// Report records a diagnostic.
func (p *Pass) Report(d Diagnostic) {
	if d.Severity == 0 {
		d.Severity = ruleByID[d.Rule].Severity
	}
	p.diags = append(p.diags, d)
}

// Reportf records a diagnostic of the rule's default severity.
func (p *Pass) Reportf(span acc.Span, rule, format string, args ...any) *Diagnostic {
	p.Report(Diagnostic{Span: span, Rule: rule, Message: fmt.Sprintf(format, args...)})
	return &p.diags[len(p.diags)-1]
}

// CheckDirectives runs every directive-level check (those that need no C
// semantics) over the scanned file and returns the diagnostics sorted by
// position. It is fast enough to run on every keystroke.
func CheckDirectives(text []byte, f *acc.File) []Diagnostic {
	p := &Pass{Text: text, File: f}
	for _, d := range f.Directives {
		for _, c := range directiveChecks {
			c.Directive(p, d)
		}
	}
	sortDiagnostics(p.diags)
	return p.diags
}

func sortDiagnostics(ds []Diagnostic) {
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Span.Start != ds[j].Span.Start {
			return ds[i].Span.Start < ds[j].Span.Start
		}
		return ds[i].Span.End < ds[j].Span.End
	})
}

// quote wraps a name in single quotes, the style of every message.
func quote(s string) string { return "'" + s + "'" }
