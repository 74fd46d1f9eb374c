package analysis_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/internal/golden"
)

// dataRuleIDs are the rules of the data checks, whose fixes TestDataFixes shows.
var dataRuleIDs = map[string]bool{
	"default-none-unlisted": true, "implicit-firstprivate-write": true, "implicit-firstprivate-pointer": true,
	"implicit-copy-pointer-no-bounds": true, "reduction-op-type": true, "copyin-written": true,
	"copyout-unwritten": true, "copyout-partly-written": true, "copy-readonly": true, "transfers-in-host-loop": true, "loop-carried-dependence": true,
	"unmapped-pointer-member": true, "stale-host-read": true, "stale-device-read": true, "implicit-copy-temporary": true, "kernels-shared-temporary": true, "async-host-read": true,
	"implicit-copy-partly-present": true, "uninitialized-device-read": true, "create-written-read": true,
}

// TestDataFixes applies each fix of the data rules' diagnostics in
// testdata/sem/data_*.c on its own and shows the lines it changes, in
// testdata/fixes/<name>.golden (go test -update rewrites them).
func TestDataFixes(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	files, _ := filepath.Glob("testdata/sem/data_*.c")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for _, d := range semantic(t, file, text) {
				if !dataRuleIDs[d.Rule] || len(d.Fixes) == 0 {
					continue
				}
				line := 1 + bytes.Count(text[:d.Span.Start], []byte("\n"))
				for _, f := range d.Fixes {
					pref := ""
					if f.Preferred {
						pref = " (preferred)"
					}
					fmt.Fprintf(&b, "=== %d [%s] %s%s\n%s", line, d.Rule, f.Title, pref, applyFix(t, text, f))
					for _, e := range f.Edits {
						if e.Snippet != "" {
							fmt.Fprintf(&b, "snippet: %s\n", e.Snippet)
						}
					}
				}
			}
			golden.Check(t, filepath.Join("testdata", "fixes", strings.TrimSuffix(filepath.Base(file), ".c")+".golden"), []byte(b.String()))
		})
	}
}

// applyFix applies the edits of one fix and returns the changed lines of
// the result.
func applyFix(t *testing.T, text []byte, f analysis.SuggestedFix) string {
	edits := slices.Clone(f.Edits)
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return b.Span.Start - a.Span.Start })
	out := slices.Clone(text)
	lo, hi := len(text), 0
	for i, e := range edits {
		if i > 0 && e.Span.End > edits[i-1].Span.Start {
			t.Errorf("fix %q has overlapping edits", f.Title)
			return ""
		}
		out = slices.Concat(out[:e.Span.Start], []byte(e.NewText), out[e.Span.End:])
		lo = min(lo, e.Span.Start)
		hi = max(hi, e.Span.End)
	}
	// The lines of the result that cover [lo, hi') where hi' is hi shifted by the edits.
	shift := 0
	for _, e := range edits {
		shift += len(e.NewText) - e.Span.Len()
	}
	hi += shift
	start := bytes.LastIndexByte(out[:lo], '\n') + 1
	end := bytes.IndexByte(out[hi:], '\n')
	if end < 0 {
		end = len(out)
	} else {
		end += hi
	}
	return string(out[start:end]) + "\n"
}

// TestDataAttributes prints the data attributes of every compute construct
// of each testdata/attrs/*.c file and compares them with the .golden file
// next to it (go test -update rewrites it).
func TestDataAttributes(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	files, _ := filepath.Glob("testdata/attrs/*.c")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cf, err := parseC(file, text)
			if err != nil && cf == nil {
				t.Fatal(err)
			}
			m := analysis.BuildModel(text, acc.Scan(text), cf)
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", []byte(dumpAttrs(m)))
		})
	}
}

// dumpAttrs renders the attributes of every compute construct, in source order.
func dumpAttrs(m *analysis.Model) string {
	var b strings.Builder
	pos := func(off int) string {
		line := 1 + bytes.Count(m.Text[:off], []byte("\n"))
		col := off - (bytes.LastIndexByte(m.Text[:off], '\n') + 1) + 1
		return fmt.Sprintf("%d:%d", line, col)
	}
	for _, d := range m.Acc.Directives {
		r := m.ByDirective[d]
		if r == nil || r.Kind != analysis.RegionCompute {
			continue
		}
		fmt.Fprintf(&b, "=== %s %s\n", pos(d.Span.Start), d.Name)
		for _, a := range analysis.DataAttributes(m, r) {
			how := "implicit"
			switch {
			case a.Predetermined:
				how = "predetermined"
			case !a.Implicit:
				how = "explicit"
			}
			bounds := a.Bounds
			if bounds == "" {
				bounds = "-"
			}
			bytesText := "?"
			if a.Bytes >= 0 {
				bytesText = fmt.Sprint(a.Bytes)
			}
			use := ""
			if a.Read {
				use += "r"
			}
			if a.Written {
				use += "w"
			}
			if a.Deref {
				use += "*"
			}
			if use == "" {
				use = "-"
			}
			from := ""
			if a.Clause != nil {
				from = " clause=" + string(m.Text[a.Clause.Span.Start:a.Clause.Span.End])
				if a.From != nil && a.From != r {
					from += "@" + pos(a.From.Directive.Span.Start)
				}
			}
			fmt.Fprintf(&b, "%s %s %s bounds=%s bytes=%s use=%s first=%s refs=%d%s\n    %s\n",
				a.Var.Name, a.Attr, how, bounds, bytesText, use, pos(a.First.Start), len(a.Refs), from, a.Reason)
		}
	}
	return b.String()
}
