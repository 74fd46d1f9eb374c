package codeactions

import (
	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// CheckFunc analyses a text and returns its diagnostics (for fix-all, which
// re-runs the analysis between rounds).
type CheckFunc func(text []byte) []analysis.Diagnostic

// CheckDirectives is the CheckFunc of the directive-level checks.
func CheckDirectives(text []byte) []analysis.Diagnostic {
	return analysis.CheckDirectives(text, acc.Scan(text))
}

// SafeFix returns the first safe fix of d, nil when it has none.
func SafeFix(d *analysis.Diagnostic) *analysis.SuggestedFix {
	for i := range d.Fixes {
		if f := &d.Fixes[i]; f.Safe && len(f.Edits) > 0 {
			return f
		}
	}
	return nil
}

// Applied is one fix that fix-all applied.
type Applied struct {
	// Diagnostic is the finding as reported in the text of its round: its
	// span refers to that text (fixes never add or remove lines, so its line
	// is that of the original text).
	Diagnostic analysis.Diagnostic
	Fix        analysis.SuggestedFix
	Round      int
}

// SafeEdits picks the safe fixes of diags that can be applied together: the
// first safe fix of each diagnostic, in order, skipping one whose edits
// overlap an edit already picked (a later round gets it). It returns the
// picked edits and the fixes they come from.
func SafeEdits(diags []analysis.Diagnostic) ([]analysis.TextEdit, []Applied) {
	var edits []analysis.TextEdit
	var applied []Applied
	for i := range diags {
		f := SafeFix(&diags[i])
		if f == nil {
			continue
		}
		ok := true
		for _, e := range f.Edits {
			if conflicts(edits, e) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		edits = append(edits, f.Edits...)
		applied = append(applied, Applied{Diagnostic: diags[i], Fix: *f})
	}
	return edits, applied
}

// MaxRounds is how many times FixAll re-runs the analysis at most.
const MaxRounds = 5

// FixAll applies every safe fix of text: it checks the text, applies the
// safe fixes that do not overlap, and repeats on the result until no safe
// fix is left or MaxRounds rounds have run. It returns the fixed text, the
// edits that turn text into it (non-overlapping edits of text, for an
// editor) and the fixes applied, in order. When nothing applies, fixed is
// text and edits is empty.
func FixAll(text []byte, check CheckFunc) (fixed []byte, edits []analysis.TextEdit, applied []Applied, err error) {
	if check == nil {
		check = CheckDirectives
	}
	c := newComposition(text)
	for round := 1; round <= MaxRounds; round++ {
		es, as := SafeEdits(check(c.cur))
		if len(es) == 0 {
			break
		}
		before := string(c.cur)
		if err := c.add(es); err != nil {
			return text, nil, applied, err
		}
		for i := range as {
			as[i].Round = round
		}
		applied = append(applied, as...)
		if string(c.cur) == before {
			break // the fixes changed nothing: they would again
		}
	}
	return c.cur, c.edits, applied, nil
}
