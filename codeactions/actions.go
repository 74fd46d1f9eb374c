package codeactions

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// Kind is a code action kind, with LSP's hierarchical spelling.
type Kind string

const (
	KindQuickFix        Kind = "quickfix"
	KindRefactor        Kind = "refactor"
	KindRefactorRewrite Kind = "refactor.rewrite"
	KindSource          Kind = "source"
	KindSourceFixAll    Kind = "source.fixAll"
	// KindFixAll is the fix-all action of accls: every safe fix of a document.
	KindFixAll Kind = "source.fixAll.openacc"
)

// Kinds are the kinds of action this package produces, for the server's
// capabilities.
var Kinds = []Kind{KindQuickFix, KindRefactorRewrite, KindFixAll}

// Within reports whether k is one of the kinds asked for: only lists kinds
// and their parents (LSP's context.only); an empty list asks for every kind.
func (k Kind) Within(only []Kind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if k == o || strings.HasPrefix(string(k), string(o)+".") {
			return true
		}
	}
	return false
}

// Action is one code action: a titled set of edits of one document.
type Action struct {
	Title string
	Kind  Kind
	// Edits are non-overlapping byte-span edits of the document's text.
	Edits []analysis.TextEdit
	// Preferred marks the action that is clearly right (LSP isPreferred).
	Preferred bool
	// Safe is set for a quick fix that fix-all would apply.
	Safe bool
	// Diagnostic is the finding a quick fix repairs; nil for other kinds.
	Diagnostic *analysis.Diagnostic
}

// QuickFixes returns one quick fix per suggested fix of each diagnostic that
// overlaps rng (a cursor, an empty rng, touching a diagnostic counts), in
// the order of diags and of their fixes.
func QuickFixes(diags []analysis.Diagnostic, rng acc.Span) []Action {
	var out []Action
	for i := range diags {
		d := &diags[i]
		if !overlaps(d.Span, rng) {
			continue
		}
		for _, f := range d.Fixes {
			if len(f.Edits) == 0 {
				continue
			}
			out = append(out, Action{Title: f.Title, Kind: KindQuickFix, Edits: f.Edits,
				Preferred: f.Preferred, Safe: f.Safe, Diagnostic: d})
		}
	}
	return out
}

// overlaps reports whether two spans share a byte or touch where one of
// them is empty (a cursor at either end of a name is on it).
func overlaps(a, b acc.Span) bool {
	if a.Len() == 0 || b.Len() == 0 {
		return a.Start <= b.End && b.Start <= a.End
	}
	return a.Start < b.End && b.Start < a.End
}

func spanOf(start, end int) acc.Span { return acc.Span{Start: start, End: end} }
