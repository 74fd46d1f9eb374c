package analysis_test

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/accls/accls/acc"
)

// TestSemanticChecksOnBrokenInput runs the whole pipeline over damaged
// versions of each testdata/sem file, as an editor sends them while the
// user types: prefixes cut anywhere (half-typed pragmas and statements,
// unclosed blocks) and the file with one line removed (a lost brace, a
// loop without its header). No check may panic; the diagnostics themselves
// are not asserted (the facts are partial).
func TestSemanticChecksOnBrokenInput(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	for _, file := range semFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var variants [][]byte
		const cuts = 12
		for k := 1; k < cuts; k++ {
			variants = append(variants, text[:len(text)*k/cuts])
		}
		lines := bytes.SplitAfter(text, []byte("\n"))
		for i := 0; i < len(lines); i += max(1, len(lines)/cuts) {
			variants = append(variants, bytes.Join(append(append([][]byte{}, lines[:i]...), lines[i+1:]...), nil))
		}
		variants = append(variants, nil)
		for i, v := range variants {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s, variant %d (%d bytes): panic: %v\n%s", file, i, len(v), r, v)
					}
				}()
				semantic(t, file, v)
			}()
		}
	}
}

// TestSemanticChecksWithoutEachClause runs the pipeline over each
// testdata/sem file with one clause of one directive deleted at a time,
// and with its arguments emptied (copy()): the states a directive passes
// through while the user edits it. No check may panic (one did, for a
// pointer dereferenced only through an alias once its data clause was
// gone).
func TestSemanticChecksWithoutEachClause(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	if testing.Short() {
		t.Skip("thousands of analyses")
	}
	n := 0
	for _, file := range semFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range acc.Scan(text).Directives {
			for _, cl := range d.Clauses {
				a, b := cl.Span.Start, cl.Span.End
				variants := [][]byte{slices.Concat(text[:a], text[b:])}
				if cl.Args != nil {
					variants = append(variants, slices.Concat(text[:cl.Args.Span.Start], []byte("()"), text[b:]))
				}
				for _, v := range variants {
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Errorf("%s without %q: panic: %v", file, text[a:b], r)
							}
						}()
						semantic(t, file, v)
						n++
					}()
				}
			}
		}
	}
	t.Logf("%d analyses", n)
}
