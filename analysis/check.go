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
	// Model runs once per document over the region model (semantic checks:
	// those that need the C code).
	Model func(p *Pass, m *Model)
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

// semanticChecks is the table of checks that read the region model (the
// directives bound to the C code). Each lives in its own file.
var semanticChecks = []*Check{
	loopsCheck,
	levelsCheck,
	routineCheck,
	nestingCheck,
	dataBlockCheck,
	standaloneCheck,
	branchCheck,
	atomicCheck,
	atomicMixedCheck,
	reductionNestCheck,
	implicitCheck,
	undeclaredCheck,
	itemTypesCheck,
	memberCheck,
	dataClausesCheck,
	createReadsCheck,
	reductionTypesCheck,
	reductionUnusedCheck,
	subarrayBoundsCheck,
	sectionAccessCheck,
	transfersCheck,
	dependenceCheck,
	gangSyncCheck,
	staleCheck,
	asyncCheck,
	constArgsCheck,
	invariantUpdateCheck,
}

// SemanticChecks returns the table of semantic checks.
func SemanticChecks() []*Check { return semanticChecks }

// Pass carries one run of the checks over one document.
type Pass struct {
	Text []byte
	File *acc.File
	// Model is the region model; nil for the directive-level checks.
	Model *Model
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

// CheckSemantics runs every semantic check over the region model and returns
// the diagnostics sorted by position. Nothing is reported inside functions
// whose facts are stale (their current text does not parse) or missing.
func CheckSemantics(m *Model) []Diagnostic {
	if m == nil {
		return nil
	}
	p := &Pass{Text: m.Text, File: m.Acc, Model: m}
	for _, c := range semanticChecks {
		c.Model(p, m)
	}
	diags := p.diags[:0]
	skip := m.unreliable()
	for _, d := range p.diags {
		if !inAnySpan(skip, d.Span.Start) {
			diags = append(diags, d)
		}
	}
	sortDiagnostics(diags)
	return diags
}

// unreliable returns the parts of the document where semantic diagnostics
// would rest on wrong facts: functions whose facts are stale or missing, and
// in functions with holes (statements being typed, left out by the C front
// end's error recovery) each hole with the outermost region around it or
// bound across it.
func (m *Model) unreliable() []acc.Span {
	var skip []acc.Span
	for _, fm := range m.Funcs {
		f := fm.Func
		if f.Stale || f.Body == nil {
			skip = append(skip, f.Span)
			continue
		}
		for _, h := range f.Holes {
			skip = append(skip, h)
			for _, r := range regionsOf(fm) {
				ext := r.extent()
				end := ext.End
				if r.Stmt == nil && r.Container != nil {
					end = r.Container.Span.End // bound to nothing: perhaps to what the hole held
				}
				crosses := r.Stmt != nil && r.Directive.Span.End <= h.Start && h.End <= r.Stmt.Span.Start
				if crosses || ext.Start <= h.Start && h.Start < end {
					skip = append(skip, acc.Span{Start: ext.Start, End: max(end, h.End)})
					break
				}
			}
		}
	}
	return skip
}

func inAnySpan(spans []acc.Span, off int) bool {
	for _, s := range spans {
		if s.Start <= off && off < s.End {
			return true
		}
	}
	return false
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
