package codeactions_test

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
	"github.com/accls/accls/codeactions"
	"github.com/accls/accls/internal/golden"
)

// Tests as data. Each testdata/{quickfix,refactor}/NAME.c has cursor
// markers (‸); NAME.golden holds, per marker, every action offered there and
// the lines it changes (the fixed text, as a line diff). Each
// testdata/fixall/NAME.c has the whole fixed file as NAME.golden. Run with
// -update to rewrite the golden files.

func check(text []byte) []analysis.Diagnostic { return codeactions.CheckDirectives(text) }

// key is what identifies a diagnostic across an edit (its span moves).
func key(d analysis.Diagnostic) string { return d.Rule + ": " + d.Message }

func keys(ds []analysis.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = key(d)
	}
	slices.Sort(out)
	return out
}

// without removes one occurrence of each of drop from ks (both sorted).
func without(ks []string, drop ...string) []string {
	out := slices.Clone(ks)
	for _, d := range drop {
		if i := slices.Index(out, d); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

func testFiles(t *testing.T, dir string) []string {
	files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.c"))
	if len(files) == 0 {
		t.Fatalf("no test files in testdata/%s", dir)
	}
	return files
}

func readMarked(t *testing.T, file string) ([]byte, []int) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text, offs := golden.Cursors(src, golden.Marker)
	return text, offs
}

func apply(t *testing.T, text []byte, edits []analysis.TextEdit) []byte {
	t.Helper()
	out, err := codeactions.Apply(text, edits)
	if err != nil {
		t.Fatalf("applying %v: %v", edits, err)
	}
	return out
}

func flags(a codeactions.Action) string {
	var f []string
	if a.Preferred {
		f = append(f, "preferred")
	}
	if a.Safe {
		f = append(f, "safe")
	}
	if len(f) == 0 {
		return ""
	}
	return " [" + strings.Join(f, ", ") + "]"
}

// TestQuickFixes applies every quick fix offered at each marker: the fixed
// text is golden, the diagnostic it repairs is gone and no other appears.
func TestQuickFixes(t *testing.T) {
	for _, file := range testFiles(t, "quickfix") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, offs := readMarked(t, file)
			before := check(text)
			var out bytes.Buffer
			for n, off := range offs {
				fmt.Fprintln(&out, golden.Header(n+1, text, off, golden.Marker))
				actions := codeactions.QuickFixes(before, acc.Span{Start: off, End: off})
				if len(actions) == 0 {
					t.Errorf("%s: marker %d: no quick fix", file, n+1)
					fmt.Fprintln(&out, "(no quick fix)")
				}
				for _, a := range actions {
					fixed := apply(t, text, a.Edits)
					fmt.Fprintf(&out, "%s\n--- %s%s\n%s", key(*a.Diagnostic), a.Title, flags(a), lineDiff(text, fixed))
					after := keys(check(fixed))
					if extra := without(after, without(keys(before), key(*a.Diagnostic))...); len(extra) > 0 {
						t.Errorf("%s: marker %d: after %q there are new diagnostics:\n\t%s", file, n+1, a.Title, strings.Join(extra, "\n\t"))
					}
					if slices.Contains(without(keys(before), after...), key(*a.Diagnostic)) == false {
						t.Errorf("%s: marker %d: %q does not remove %s", file, n+1, a.Title, key(*a.Diagnostic))
					}
				}
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", out.Bytes())
		})
	}
}

// TestFixAll applies every safe fix: the result is golden; exactly the
// diagnostics of the applied fixes are gone, nothing new appears, no safe
// fix is left, and the composed edits of the original text give the same
// result as the rounds did.
func TestFixAll(t *testing.T) {
	for _, file := range testFiles(t, "fixall") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, _ := readMarked(t, file)
			fixed, edits, applied, err := codeactions.FixAll(text, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(applied) == 0 {
				t.Fatal("nothing fixed")
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", fixed)
			if got := apply(t, text, edits); !bytes.Equal(got, fixed) {
				t.Errorf("the composed edits give\n%s\nwant\n%s", got, fixed)
			}
			var gone []string
			for _, a := range applied {
				gone = append(gone, key(a.Diagnostic))
			}
			after := check(fixed)
			if extra := without(keys(after), without(keys(check(text)), gone...)...); len(extra) > 0 {
				t.Errorf("after fix-all there are new diagnostics:\n\t%s", strings.Join(extra, "\n\t"))
			}
			for _, k := range gone {
				if slices.Contains(keys(after), k) && !slices.Contains(without(keys(check(text)), gone...), k) {
					t.Errorf("fix-all did not remove %s", k)
				}
			}
			for _, d := range after {
				if codeactions.SafeFix(&d) != nil {
					t.Errorf("a safe fix is left: %s", key(d))
				}
			}
		})
	}
}

// TestRefactorings applies every refactoring offered at each marker. The
// result is golden and has the same diagnostics as the original; a split
// followed by a join and a split again gives the split text (the two are
// inverse up to the order of clauses).
func TestRefactorings(t *testing.T) {
	for _, file := range testFiles(t, "refactor") {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, offs := readMarked(t, file)
			f := acc.Scan(text)
			before := keys(check(text))
			var out bytes.Buffer
			for n, off := range offs {
				fmt.Fprintln(&out, golden.Header(n+1, text, off, golden.Marker))
				at := acc.Span{Start: off, End: off}
				actions := codeactions.Refactorings(text, f, at)
				if len(actions) == 0 {
					fmt.Fprintln(&out, "(no refactoring)")
				}
				for _, a := range actions {
					if a.Kind != codeactions.KindRefactorRewrite {
						t.Errorf("kind %s", a.Kind)
					}
					done := apply(t, text, a.Edits)
					fmt.Fprintf(&out, "--- %s\n%s", a.Title, lineDiff(text, done))
					if got := keys(check(done)); !slices.Equal(got, before) {
						t.Errorf("%s: marker %d: after %q the diagnostics are\n\t%s\nwant\n\t%s", file, n+1, a.Title,
							strings.Join(got, "\n\t"), strings.Join(before, "\n\t"))
					}
					roundTrip(t, fmt.Sprintf("%s: marker %d", file, n+1), text, done, a.Edits[0].Span.Start)
				}
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", out.Bytes())
		})
	}
}

// roundTrip checks that the refactoring that produced done (at offset at,
// where the rewritten directive starts) is undone by the opposite one,
// modulo clause order: split∘join∘split = split, join∘split∘join = join.
func roundTrip(t *testing.T, where string, orig, done []byte, at int) {
	t.Helper()
	origF, doneF := acc.Scan(orig), acc.Scan(done)
	rng := acc.Span{Start: at, End: at}
	if split, _, ok := codeactions.SplitCombined(orig, origF, rng); ok {
		joinEdits, _, ok := codeactions.JoinCombined(done, doneF, rng)
		if !ok {
			t.Errorf("%s: the split text cannot be joined back", where)
			return
		}
		joined := apply(t, done, joinEdits)
		again, _, ok := codeactions.SplitCombined(joined, acc.Scan(joined), rng)
		if !ok {
			t.Errorf("%s: the joined text cannot be split again:\n%s", where, joined)
			return
		}
		if got := apply(t, joined, again); !bytes.Equal(got, apply(t, orig, split)) {
			t.Errorf("%s: split, join, split gives\n%s\nwant\n%s", where, got, done)
		}
		return
	}
	if _, _, ok := codeactions.JoinCombined(orig, origF, rng); ok {
		splitEdits, _, ok := codeactions.SplitCombined(done, doneF, rng)
		if !ok {
			t.Errorf("%s: the joined text cannot be split back", where)
			return
		}
		split := apply(t, done, splitEdits)
		again, _, ok := codeactions.JoinCombined(split, acc.Scan(split), rng)
		if !ok {
			t.Errorf("%s: the split text cannot be joined again:\n%s", where, split)
			return
		}
		if got := apply(t, split, again); !bytes.Equal(got, done) {
			t.Errorf("%s: join, split, join gives\n%s\nwant\n%s", where, got, done)
		}
	}
}

func TestApply(t *testing.T) {
	text := []byte("abcdef")
	got, err := codeactions.Apply(text, []analysis.TextEdit{
		{Span: acc.Span{Start: 4, End: 6}, NewText: "XY"},
		{Span: acc.Span{Start: 1, End: 1}, NewText: "1"},
		{Span: acc.Span{Start: 1, End: 1}, NewText: "2"},
		{Span: acc.Span{Start: 1, End: 3}},
	})
	if err != nil || string(got) != "a12dXY" {
		t.Errorf("Apply = %q, %v", got, err)
	}
	if _, err := codeactions.Apply(text, []analysis.TextEdit{{Span: acc.Span{Start: 1, End: 3}}, {Span: acc.Span{Start: 2, End: 4}}}); err == nil {
		t.Error("overlapping edits applied")
	}
	if _, err := codeactions.Apply(text, []analysis.TextEdit{{Span: acc.Span{Start: 5, End: 7}}}); err == nil {
		t.Error("an edit past the end applied")
	}
}

func TestKindWithin(t *testing.T) {
	for _, c := range []struct {
		kind codeactions.Kind
		only []codeactions.Kind
		want bool
	}{
		{codeactions.KindQuickFix, nil, true},
		{codeactions.KindQuickFix, []codeactions.Kind{"quickfix"}, true},
		{codeactions.KindQuickFix, []codeactions.Kind{"refactor"}, false},
		{codeactions.KindRefactorRewrite, []codeactions.Kind{"refactor"}, true},
		{codeactions.KindFixAll, []codeactions.Kind{"source"}, true},
		{codeactions.KindFixAll, []codeactions.Kind{"source.fixAll"}, true},
		{codeactions.KindFixAll, []codeactions.Kind{"source.fix"}, false},
		{codeactions.KindSourceFixAll, []codeactions.Kind{"source.fixAll.openacc"}, false},
	} {
		if got := c.kind.Within(c.only); got != c.want {
			t.Errorf("%s within %v = %v", c.kind, c.only, got)
		}
	}
}

// lineDiff shows the lines of a that b replaces: the common leading and
// trailing lines are left out, the rest of a is shown as "-" lines and
// the rest of b as "+" lines after "@@ line N".
func lineDiff(a, b []byte) string {
	al := strings.SplitAfter(string(a), "\n")
	bl := strings.SplitAfter(string(b), "\n")
	pre := 0
	for pre < len(al) && pre < len(bl) && al[pre] == bl[pre] {
		pre++
	}
	suf := 0
	for suf < len(al)-pre && suf < len(bl)-pre && al[len(al)-1-suf] == bl[len(bl)-1-suf] {
		suf++
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "@@ line %d\n", pre+1)
	for _, l := range al[pre : len(al)-suf] {
		sb.WriteString("-" + strings.TrimSuffix(l, "\n") + "\n")
	}
	for _, l := range bl[pre : len(bl)-suf] {
		sb.WriteString("+" + strings.TrimSuffix(l, "\n") + "\n")
	}
	return sb.String()
}

// TestAnywhere offers the refactorings at every line of every test file of
// the scanner (continuations, _Pragma, half-typed directives, EOF inside a
// directive…): none may panic, and every edit must apply.
func TestAnywhere(t *testing.T) {
	files, _ := filepath.Glob("../acc/testdata/scan/*.c")
	more, _ := filepath.Glob("testdata/*/*.c")
	for _, file := range append(files, more...) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := golden.Cursors(src, golden.Marker)
		f := acc.Scan(text)
		for off := 0; off <= len(text); off++ {
			if off > 0 && text[off-1] != '\n' && off%7 != 0 {
				continue
			}
			for _, a := range codeactions.Refactorings(text, f, acc.Span{Start: off, End: off}) {
				if _, err := codeactions.Apply(text, a.Edits); err != nil {
					t.Errorf("%s:%d: %s: %v", file, off, a.Title, err)
				}
			}
		}
		if _, _, _, err := codeactions.FixAll(text, nil); err != nil {
			t.Errorf("%s: fix-all: %v", file, err)
		}
	}
}
