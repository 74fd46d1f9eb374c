package codeactions

import (
	"slices"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// MoveClauseFixes returns, for the directive at rng, quick fixes that move a
// clause it does not allow to the enclosing compute construct that does:
// `copyin(a[0:n])` written on an inner `loop` belongs on the `parallel`
// around it, where it means what the user meant. It needs the model to
// know the enclosing construct.
func MoveClauseFixes(m *analysis.Model, rng acc.Span) []Action {
	if m == nil || m.Acc == nil {
		return nil
	}
	d := directiveAt(m.Text, m.Acc, rng)
	if d == nil || d.Spec == nil {
		return nil
	}
	r := m.ByDirective[d]
	if r == nil || r.Compute == nil || r.Compute == r {
		return nil
	}
	target := r.Compute.Directive
	var out []Action
	for _, c := range d.Clauses {
		if c.Spec == nil || d.Spec.Allows(c.Spec.Name) || !target.Spec.Allows(c.Spec.Name) {
			continue
		}
		text := string(m.Text[c.Span.Start:c.Span.End])
		out = append(out, Action{
			Title: "Move " + quoted(text) + " to the enclosing " + quoted(target.Spec.Name),
			Kind:  KindQuickFix,
			Edits: []analysis.TextEdit{
				insertClause(target, c.Spec.Name, text),
				analysis.RemoveClauseEdit(m.Text, d, c),
			},
			Preferred: true,
		})
	}
	return out
}

// insertClause adds a clause to d: after its last clause, or before the
// first device_type clause when the clause may not follow one.
func insertClause(d *acc.Directive, clause, text string) analysis.TextEdit {
	at := d.NameSpan.End
	for _, c := range d.Clauses {
		if c.Spec != nil && c.Spec.Name == "device_type" && !d.Spec.AllowsAfterDeviceType(clause) {
			return analysis.TextEdit{Span: acc.Span{Start: c.Span.Start, End: c.Span.Start}, NewText: text + " "}
		}
		at = c.Span.End
	}
	return analysis.TextEdit{Span: acc.Span{Start: at, End: at}, NewText: " " + text}
}

func quoted(s string) string { return "'" + s + "'" }

// WantsMoveClause reports whether the directive at rng has a clause that
// is not allowed there (diags, the directive-level diagnostics of text):
// only then are MoveClauseFixes worth the model they need.
func WantsMoveClause(text []byte, f *acc.File, diags []analysis.Diagnostic, rng acc.Span) bool {
	d := directiveAt(text, f, rng)
	if d == nil {
		return false
	}
	return slices.ContainsFunc(diags, func(x analysis.Diagnostic) bool {
		return x.Rule == "clause-not-allowed" && overlaps(x.Span, d.Span)
	})
}
