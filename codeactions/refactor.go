package codeactions

import (
	"github.com/accls/accls/acc"
)

// Refactorings returns the refactorings (kind refactor.rewrite) that apply
// at rng: split a combined construct into compute + loop, join a compute
// construct whose body is one loop construct into the combined construct.
func Refactorings(text []byte, f *acc.File, rng acc.Span) []Action {
	var out []Action
	if edits, title, ok := SplitCombined(text, f, rng); ok {
		out = append(out, Action{Title: title, Kind: KindRefactorRewrite, Edits: edits})
	}
	if edits, title, ok := JoinCombined(text, f, rng); ok {
		out = append(out, Action{Title: title, Kind: KindRefactorRewrite, Edits: edits})
	}
	return out
}
