package completion

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/internal/golden"
)

// format writes a list as the golden files show it: the replaced text, then
// one line per item: label, kind, detail, and the inserted text when it is
// not the label.
func format(text []byte, l List) string {
	var b strings.Builder
	fmt.Fprintf(&b, "replace %q\n", text[l.Replace.Start:l.Replace.End])
	for _, it := range l.Items {
		line := fmt.Sprintf("%-16s %-10s %s", it.Label, it.Kind, it.Detail)
		if it.InsertText != it.Label {
			snip := ""
			if it.Snippet {
				snip = "snippet "
			}
			line += fmt.Sprintf("  ⟶ %s%q", snip, it.InsertText)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	if len(l.Items) == 0 {
		b.WriteString("(no items)\n")
	}
	switch {
	case l.Names != nil && l.Names.Member != "":
		op := "."
		if l.Names.Arrow {
			op = "->"
		}
		fmt.Fprintf(&b, "+ members of %s%s\n", l.Names.Member, op)
	case l.Names != nil:
		b.WriteString("+ names in scope\n")
	}
	return b.String()
}

func TestComplete(t *testing.T) {
	files, err := filepath.Glob("testdata/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			text, offs := golden.Cursors(src, golden.Marker)
			if len(offs) == 0 {
				t.Fatalf("%s has no %s marker", file, golden.Marker)
			}
			f := acc.Scan(text)
			var out strings.Builder
			for i, off := range offs {
				out.WriteString(golden.Header(i+1, text, off, golden.Marker) + "\n")
				l := Complete(text, f, off)
				if !l.Replace.IsValid() || l.Replace.End > len(text) || !l.Replace.Contains(off) {
					t.Errorf("cursor %d: bad replace span %v for offset %d", i+1, l.Replace, off)
					continue
				}
				checkItems(t, i+1, l)
				out.WriteString(format(text, l) + "\n")
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", []byte(out.String()))
		})
	}
}

// checkItems checks what the golden files do not show.
func checkItems(t *testing.T, n int, l List) {
	t.Helper()
	seen := map[string]bool{}
	for i, it := range l.Items {
		if seen[it.Label] {
			t.Errorf("cursor %d: duplicate item %q", n, it.Label)
		}
		seen[it.Label] = true
		if it.InsertText == "" || it.Kind == 0 || it.Documentation == "" {
			t.Errorf("cursor %d: incomplete item %+v", n, it)
		}
		if i > 0 && l.Items[i-1].SortText >= it.SortText {
			t.Errorf("cursor %d: items not in SortText order at %q", n, it.Label)
		}
		if it.Deprecated {
			t.Errorf("cursor %d: deprecated item %q offered", n, it.Label)
		}
	}
}

// TestEveryDirective completes clauses on every directive: each allowed
// clause is offered once, with its snippet, and no alias ever is.
func TestEveryDirective(t *testing.T) {
	for _, d := range acc.Directives() {
		text := []byte("void f(void) {\n#pragma acc " + d.Name + " \n}\n")
		f := acc.Scan(text)
		off := bytes.Index(text, []byte(" \n}")) + 1
		l := Complete(text, f, off)
		var got []string
		for _, it := range l.Items {
			got = append(got, it.Label)
			if _, alias := acc.LookupClause(it.Label); alias != nil {
				t.Errorf("%s: alias %q offered", d.Name, it.Label)
			}
		}
		for _, c := range d.Allowed {
			if !contains(got, c) {
				t.Errorf("%s: allowed clause %q not offered (got %v)", d.Name, c, got)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestEveryOffset completes at every offset of every testdata file (and of
// its truncations), which must never panic and must give a replace span
// around the cursor.
func TestEveryOffset(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := golden.Cursors(src, golden.Marker)
		for _, cut := range []int{len(text), len(text) * 2 / 3, len(text) / 3} {
			text := text[:cut]
			f := acc.Scan(text)
			for off := 0; off <= len(text); off++ {
				l := Complete(text, f, off)
				if !l.Replace.IsValid() || !l.Replace.Contains(off) || l.Replace.End > len(text) {
					t.Fatalf("%s[:%d] offset %d: bad replace span %v", file, cut, off, l.Replace)
				}
			}
		}
	}
	if l := Complete([]byte("x"), nil, 10); len(l.Items) != 0 || l.Replace != (acc.Span{Start: 1, End: 1}) {
		t.Errorf("offset past the end: %+v", l)
	}
}
