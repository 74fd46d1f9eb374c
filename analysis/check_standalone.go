package analysis

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// standaloneCheck reports executable directives without a statement of
// their own (update, enter/exit data, wait, init, shutdown, set, cache)
// written as the whole body of an if/else/for/while/do/switch or after a
// label (openacc-rules.md §15).
var standaloneCheck = &Check{
	Name:  "standalone",
	Rules: []string{"standalone-directive-placement"},
	Model: checkStandalone,
}

func checkStandalone(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		d := r.Directive
		if d.Spec == nil || d.Spec.Assoc != acc.AssocStandalone || r.Container == nil {
			continue
		}
		what := ""
		switch r.Container.Kind {
		case cfacts.StmtIf:
			what = "the body of an 'if'"
			if r.Stmt != nil && r.Stmt == r.Container.Else {
				what = "the body of an 'else'"
			}
		case cfacts.StmtFor:
			what = "the body of a 'for' loop"
		case cfacts.StmtWhile:
			what = "the body of a 'while' loop"
		case cfacts.StmtDo:
			what = "the body of a 'do' loop"
		case cfacts.StmtSwitch:
			what = "the body of a 'switch'"
		case cfacts.StmtLabel, cfacts.StmtCase, cfacts.StmtDefault:
			what = "the statement after a label"
		default:
			continue
		}
		diag := Diagnostic{Span: d.NameSpan, Rule: "standalone-directive-placement",
			Message: quote(dirName(d)) + " cannot be " + what + ": it is not a statement, so a compiler that ignores it " +
				"makes the next statement the body; put it in braces"}
		if r.Stmt != nil {
			diag.Related = []Related{{Span: r.Stmt.Span, Message: "this statement becomes the body instead"}}
		}
		if fix, ok := braceFix(p.Text, r); ok {
			diag.Fixes = []SuggestedFix{fix}
		}
		p.Report(diag)
	}
}

// braceFix wraps a standalone directive in braces, keeping the layout: `{`
// goes at the end of the header line (`if (x) {`) unless a comment ends that
// line, when it gets a line of its own; `}` goes on a new line after the
// directive, indented like the statement.
func braceFix(text []byte, r *Region) (SuggestedFix, bool) {
	d := r.Directive
	ls := lineStartAt(text, d.Span.Start)
	if strings.TrimLeft(string(text[ls:d.Span.Start]), " \t") != "" {
		return SuggestedFix{}, false // something precedes the directive on its line (a _Pragma)
	}
	// The last non-blank byte before the directive's line: the end of the header.
	q := ls - 1
	for q >= 0 && (text[q] == ' ' || text[q] == '\t' || text[q] == '\n' || text[q] == '\r') {
		q--
	}
	if q < 0 {
		return SuggestedFix{}, false
	}
	indent := indentAt(text, r.Container.Span.Start)
	if r.Stmt != nil && r.Stmt == r.Container.Else {
		indent = indentAt(text, q)
	}
	headerLine := string(text[lineStartAt(text, q) : q+1])
	var open TextEdit
	if strings.Contains(headerLine, "//") || strings.Contains(headerLine, "/*") || strings.Contains(headerLine, "*/") {
		open = TextEdit{Span: acc.Span{Start: ls, End: ls}, NewText: indent + "{\n"}
	} else {
		open = TextEdit{Span: acc.Span{Start: q + 1, End: q + 1}, NewText: " {"}
	}
	nl := "\n"
	if d.Span.End < len(text) && text[d.Span.End] == '\r' {
		nl = "\r\n"
	}
	if strings.Contains(open.NewText, "\n") {
		open.NewText = strings.ReplaceAll(open.NewText, "\n", nl)
	}
	closeBrace := TextEdit{Span: acc.Span{Start: d.Span.End, End: d.Span.End}, NewText: nl + indent + "}"}
	return SuggestedFix{Title: "Wrap " + quote(dirName(d)) + " in braces", Edits: []TextEdit{open, closeBrace}, Preferred: true}, true
}
