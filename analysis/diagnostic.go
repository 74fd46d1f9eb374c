package analysis

import "github.com/accls/accls/acc"

// Severity of a diagnostic; the values match LSP's DiagnosticSeverity.
type Severity int

const (
	SeverityError   Severity = 1
	SeverityWarning Severity = 2
	SeverityInfo    Severity = 3
	SeverityHint    Severity = 4
)

func (s Severity) String() string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	case SeverityInfo:
		return "note"
	default:
		return "hint"
	}
}

// Diagnostic is one finding of a check. Spans are byte offsets into the text
// that was analysed.
type Diagnostic struct {
	Span     acc.Span
	Severity Severity
	// Rule is the rule id of openacc-rules.md §17 (docs/checks.md), e.g. "clause-not-allowed".
	Rule    string
	Message string
	// Related points at the other places that explain the finding (the first
	// occurrence of a repeated clause, the active device_type clause).
	Related []Related
	// Fixes are the repairs offered for the finding, best first.
	Fixes []SuggestedFix
	// Deprecated marks findings about deprecated spellings (LSP tag 2).
	Deprecated bool
}

// Related is a secondary location of a diagnostic.
type Related struct {
	Span    acc.Span
	Message string
}

// SuggestedFix is one repair: a set of non-overlapping edits applied together.
type SuggestedFix struct {
	Title string
	Edits []TextEdit
	// Preferred marks the fix that is clearly right (LSP isPreferred).
	Preferred bool
	// Safe marks a fix that fix-all (source.fixAll, `accls check --fix`) may
	// apply unasked: it keeps the meaning the author evidently intended
	// (a misspelt or deprecated name, an exact duplicate clause, arguments of
	// a clause that takes none), never one that drops a clause that matters.
	Safe bool
}

// TextEdit replaces the text of Span with NewText.
type TextEdit struct {
	Span    acc.Span
	NewText string
	// Snippet, when set, is NewText in LSP snippet syntax, with placeholders
	// (${1:n}) for what the fix cannot know and the user should type: the
	// length of a pointer's data. NewText is its form with the placeholders'
	// default text, for clients that cannot ask.
	Snippet string
}
