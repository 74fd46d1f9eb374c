package diagnostics

import (
	"cmp"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source"
)

// Source is the diagnostics' source field; it tells our findings apart from
// those of clangd and the compiler.
const Source = "openacc"

// DocBase is where the rules are documented; a rule's anchor is appended.
const DocBase = "https://github.com/accls/accls/blob/main/docs/checks.md#"

// Data is what a diagnostic carries in its data field: the suggested fixes,
// with their edits already in LSP ranges of the document version the
// diagnostic was published for. Code actions read it back.
type Data struct {
	Fixes []Fix `json:"fixes"`
}

// Fix is one suggested fix.
type Fix struct {
	Title       string `json:"title"`
	IsPreferred bool   `json:"isPreferred,omitempty"`
	Edits       []Edit `json:"edits"`
}

// Edit is a text edit of a fix; Snippet is its text in LSP snippet syntax
// when the fix asks the user for something (analysis.TextEdit.Snippet).
type Edit struct {
	protocol.TextEdit
	Snippet string `json:"snippet,omitempty"`
}

// Convert returns the LSP diagnostics for ds, whose spans are byte offsets into
// doc's text, ordered by range, then severity, rule and message. Related
// information points into the same document, uri.
func Convert(doc *source.Document, uri protocol.DocumentURI, ds []analysis.Diagnostic) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(ds))
	for i := range ds {
		out = append(out, convert(doc, uri, &ds[i]))
	}
	slices.SortStableFunc(out, compare)
	return out
}

func convert(doc *source.Document, uri protocol.DocumentURI, d *analysis.Diagnostic) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:    doc.Range(d.Span),
		Severity: severity(d.Severity),
		Source:   Source,
		Message:  d.Message,
	}
	if d.Rule != "" {
		pd.Code = d.Rule
		pd.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(DocBase + d.Rule)}
	}
	if d.Deprecated {
		pd.Tags = []protocol.DiagnosticTag{protocol.DiagnosticTagDeprecated}
	}
	for _, r := range d.Related {
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri, Range: doc.Range(r.Span)},
			Message:  r.Message,
		})
	}
	if len(d.Fixes) > 0 {
		data := Data{Fixes: make([]Fix, 0, len(d.Fixes))}
		for _, f := range d.Fixes {
			fix := Fix{Title: f.Title, IsPreferred: f.Preferred, Edits: make([]Edit, 0, len(f.Edits))}
			for _, e := range f.Edits {
				fix.Edits = append(fix.Edits, Edit{protocol.TextEdit{Range: doc.Range(e.Span), NewText: e.NewText}, e.Snippet})
			}
			data.Fixes = append(data.Fixes, fix)
		}
		pd.Data = data
	}
	return pd
}

func severity(s analysis.Severity) protocol.DiagnosticSeverity {
	switch s {
	case analysis.SeverityError, analysis.SeverityWarning, analysis.SeverityInfo, analysis.SeverityHint:
		return protocol.DiagnosticSeverity(s)
	}
	return protocol.DiagnosticSeverityError
}

func comparePos(a, b protocol.Position) int {
	return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Character, b.Character))
}

func compare(a, b protocol.Diagnostic) int {
	return cmp.Or(
		comparePos(a.Range.Start, b.Range.Start),
		comparePos(a.Range.End, b.Range.End),
		cmp.Compare(a.Severity, b.Severity),
		cmp.Compare(code(a), code(b)),
		cmp.Compare(a.Message, b.Message),
	)
}

func code(d protocol.Diagnostic) string {
	s, _ := d.Code.(string)
	return s
}
