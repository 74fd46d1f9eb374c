package codeactions_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/codeactions"
	"github.com/accls/accls/internal/golden"
	"github.com/accls/accls/source/cfacts"
)

// The refactorings that need the C code: testdata/model/NAME.c has cursor
// markers (‸) and selections («…»); NAME.golden holds, per marker, the
// refactorings offered there and the lines each changes. After each, the
// whole analysis (directive and semantic checks) finds nothing new, and
// making the implicit clauses explicit leaves every variable with the
// attribute it had, none of them implicit.

var (
	parserOnce sync.Once
	parser     *cfacts.Parser
)

func buildModel(t *testing.T, text []byte) *analysis.Model {
	t.Helper()
	parserOnce.Do(func() { parser = cfacts.NewParser(cfacts.Options{}) })
	cf, err := parser.Parse(context.Background(), "test.c", text, nil)
	if cf == nil {
		t.Fatalf("the C front end failed: %v", err)
	}
	return analysis.BuildModel(text, acc.Scan(text), cf)
}

func allDiagnostics(m *analysis.Model) []analysis.Diagnostic {
	return append(analysis.CheckDirectives(m.Text, m.Acc), analysis.CheckSemantics(m)...)
}

// mark is a cursor (an empty span) or a selection.
type mark struct{ span acc.Span }

// marks removes the markers ‸, « and » from src and returns the clean text
// and the cursors and selections in order.
func marks(t *testing.T, src []byte) ([]byte, []mark) {
	var text []byte
	var out []mark
	open := -1
	s := string(src)
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, golden.Marker):
			out = append(out, mark{acc.Span{Start: len(text), End: len(text)}})
			s = s[len(golden.Marker):]
		case strings.HasPrefix(s, "«"):
			open = len(text)
			s = s[len("«"):]
		case strings.HasPrefix(s, "»"):
			if open < 0 {
				t.Fatal("» without «")
			}
			out = append(out, mark{acc.Span{Start: open, End: len(text)}})
			open = -1
			s = s[len("»"):]
		default:
			text = append(text, s[0])
			s = s[1:]
		}
	}
	return text, out
}

func TestModelRefactorings(t *testing.T) {
	files := testFiles(t, "model")
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text, ms := marks(t, src)
			m := buildModel(t, text)
			before := keys(allDiagnostics(m))
			var out bytes.Buffer
			for n, mk := range ms {
				fmt.Fprintf(&out, "=== %d %s\n", n+1, where(text, mk.span))
				actions := codeactions.ModelRefactorings(m, mk.span)
				if len(actions) == 0 {
					fmt.Fprintln(&out, "(no refactoring)")
				}
				for _, a := range actions {
					done := apply(t, text, a.Edits)
					fmt.Fprintf(&out, "--- %s\n%s", a.Title, lineDiff(text, done))
					dm := buildModel(t, done)
					extra := without(keys(allDiagnostics(dm)), before...)
					if strings.HasPrefix(a.Title, "Make") {
						// An explicit copy of what is only read draws the
						// suggestion to make it copyin: the refactoring keeps
						// the meaning, the check then offers the better one.
						extra = slices.DeleteFunc(extra, func(k string) bool { return strings.HasPrefix(k, "copy-readonly: ") })
					}
					if len(extra) > 0 {
						t.Errorf("%s: marker %d: after %q there are new diagnostics:\n\t%s", file, n+1, a.Title, strings.Join(extra, "\n\t"))
					}
					if strings.HasPrefix(a.Title, "Make") {
						sameAttributes(t, fmt.Sprintf("%s: marker %d", file, n+1), m, dm, a.Edits[0].Span.Start)
					}
				}
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", out.Bytes())
		})
	}
}

// where shows a marker as "line:column" and its line, or the lines of a
// selection.
func where(text []byte, s acc.Span) string {
	line := 1 + bytes.Count(text[:s.Start], []byte("\n"))
	if s.Len() == 0 {
		return golden.Header(0, text, s.Start, golden.Marker)[len("=== 0 "):]
	}
	return fmt.Sprintf("(selection of lines %d-%d)", line, line+bytes.Count(text[s.Start:s.End], []byte("\n")))
}

// sameAttributes checks that the compute construct whose directive
// contains off has, in the new model, the attributes it had, none implicit.
func sameAttributes(t *testing.T, where string, old, new *analysis.Model, off int) {
	t.Helper()
	region := func(m *analysis.Model) *analysis.Region {
		for d, r := range m.ByDirective {
			if d.Span.Start <= off && off <= d.Span.End && r.Kind == analysis.RegionCompute {
				return r
			}
		}
		t.Fatalf("%s: no compute construct at %d", where, off)
		return nil
	}
	attrs := func(m *analysis.Model) map[string]analysis.VarAttr {
		out := map[string]analysis.VarAttr{}
		for _, a := range analysis.DataAttributes(m, region(m)) {
			out[a.Var.Name] = a
		}
		return out
	}
	was, now := attrs(old), attrs(new)
	for name, a := range was {
		b, ok := now[name]
		switch {
		case !ok:
			t.Errorf("%s: %s lost its attribute", where, name)
		case a.Attr != b.Attr:
			t.Errorf("%s: %s was %v, is %v", where, name, a.Attr, b.Attr)
		case b.Implicit:
			t.Errorf("%s: %s is still implicit (%v)", where, name, b.Attr)
		}
	}
}
