package analysis_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/internal/golden"
	"github.com/accls/accls/source/cfacts"
)

// cparser is the C front end of the tests (no disk cache: tests stay hermetic).
var cparser = cfacts.NewParser(cfacts.Options{CacheDir: "-"})

// parseC parses a document with the C front end.
var parseC = func(path string, text []byte) (*cfacts.File, error) {
	return cparser.Parse(context.Background(), path, text, nil)
}

// semantic runs the whole pipeline over one document: the C front end, the
// scanner, the directive checks, the region model and the semantic checks.
func semantic(t testing.TB, path string, text []byte) []analysis.Diagnostic {
	cf, err := parseC(path, text)
	if err != nil && cf == nil {
		t.Fatalf("%s: %v", path, err)
	}
	af := acc.Scan(text)
	model := analysis.BuildModel(text, af, cf)
	return append(analysis.ActiveOnly(analysis.CheckDirectives(text, af), af, model), analysis.CheckSemantics(model)...)
}

// TestWantSemantic runs every check, directive-level and semantic, over each
// testdata/sem/*.c file and matches ALL diagnostics one-to-one with the
// file's `// want` comments (same syntax as TestWant).
func TestWantSemantic(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	for _, file := range semFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			runWantFunc(t, file, text, func(text []byte) []analysis.Diagnostic {
				return semantic(t, file, text)
			})
		})
	}
}

// fixRules are the structure rules whose fixes TestSemanticFixes applies.
var fixRules = map[string]bool{
	"standalone-directive-placement": true,
	"orphan-loop-no-routine":         true,
	"routine-missing":                true,
	"routine-global-undeclared":      true,
	"undeclared-name":                true,
	"clause-item-type":               true,
	"collapse-too-deep":              true,
	"loop-level-order":               true,
	"subarray-invalid":               true,
}

// TestSemanticFixes applies the first fix of every structure diagnostic of
// each testdata/sem/*.c file that has some, compares the result with
// testdata/semfix/NAME.golden, and checks that the fixed text no longer
// has those diagnostics.
func TestSemanticFixes(t *testing.T) {
	for _, file := range semFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var edits []analysis.TextEdit
		seen := map[analysis.TextEdit]bool{}
		for _, d := range semantic(t, file, text) {
			if !fixRules[d.Rule] || len(d.Fixes) == 0 {
				continue
			}
			for _, e := range d.Fixes[0].Edits {
				if !seen[e] {
					seen[e] = true
					edits = append(edits, e)
				}
			}
		}
		if len(edits) == 0 {
			continue
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			sort.Slice(edits, func(i, j int) bool { return edits[i].Span.Start > edits[j].Span.Start })
			fixed := slices.Clone(text)
			for i, e := range edits {
				if i > 0 && e.Span.End > edits[i-1].Span.Start {
					t.Fatalf("overlapping edits %v and %v", e, edits[i-1])
				}
				fixed = slices.Concat(fixed[:e.Span.Start], []byte(e.NewText), fixed[e.Span.End:])
			}
			golden.Check(t, filepath.Join("testdata/semfix", strings.TrimSuffix(filepath.Base(file), ".c")+".golden"), fixed)
			for _, d := range semantic(t, file, fixed) {
				if fixRules[d.Rule] && len(d.Fixes) > 0 { // (a level clash outside a tight nest has none)
					line := 1 + bytes.Count(fixed[:d.Span.Start], []byte("\n"))
					t.Errorf("line %d of the fixed text: still %s [%s]", line, d.Message, d.Rule)
				}
			}
		})
	}
}

// semFiles are the semantic test programs, testdata/sem/*.c.
func semFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/sem/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs in testdata/sem: %v", err)
	}
	return files
}
