package analysis

import "github.com/accls/accls/acc"

// CheckDirectives runs every directive-level check (those that need no C
// semantics) over the scanned file and returns the diagnostics sorted by
// position. It is fast enough to run on every keystroke.
func CheckDirectives(text []byte, f *acc.File) []Diagnostic {
	return nil // TODO(lead): being written now
}
