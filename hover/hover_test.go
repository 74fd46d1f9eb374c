package hover

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

func TestHover(t *testing.T) {
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
			seen := map[string]int{} // markdown → first cursor showing it
			for i, off := range offs {
				out.WriteString(golden.Header(i+1, text, off, golden.Marker) + "\n")
				r, ok := Hover(text, f, off)
				if !ok {
					out.WriteString("(no hover)\n\n")
					continue
				}
				if !r.Span.IsValid() || r.Span.End > len(text) || !r.Span.Contains(off) {
					t.Errorf("cursor %d: bad span %v for offset %d", i+1, r.Span, off)
					continue
				}
				fmt.Fprintf(&out, "span %q\n\n", text[r.Span.Start:r.Span.End])
				if n, ok := seen[r.Markdown]; ok {
					fmt.Fprintf(&out, "(markdown as for cursor %d)\n\n", n)
					continue
				}
				seen[r.Markdown] = i + 1
				out.WriteString(r.Markdown + "\n")
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", []byte(out.String()))
		})
	}
}

// TestNoHover checks the places that must not produce a hover.
func TestNoHover(t *testing.T) {
	text := []byte("int x; // acc parallel\n#pragma omp parallel\n#pragma acc parallel copyin(a[0:n])\n")
	f := acc.Scan(text)
	for _, word := range []string{"int", "acc parallel\n", "omp", "a[0"} {
		off := bytes.Index(text, []byte(word))
		if r, ok := Hover(text, f, off+1); ok {
			t.Errorf("hover at %q: %q", word, r.Markdown)
		}
	}
	if _, ok := Hover(text, nil, 3); ok {
		t.Error("hover with nil file")
	}
}

// TestEveryName hovers every directive and clause name of the table on a
// directive that uses it, so that no table entry renders badly.
func TestEveryName(t *testing.T) {
	for _, d := range acc.Directives() {
		text := []byte("void f(void) {\n#pragma acc " + d.Name + "\n}\n")
		f := acc.Scan(text)
		off := bytes.Index(text, []byte(d.Name))
		r, ok := Hover(text, f, off)
		if !ok || !strings.Contains(r.Markdown, "`#pragma acc "+d.Name+"`") {
			t.Errorf("directive %q: %v %q", d.Name, ok, r.Markdown)
		}
		for _, c := range d.Allowed {
			cs, _ := acc.LookupClause(c)
			if cs == nil {
				t.Errorf("directive %q allows unknown clause %q", d.Name, c)
				continue
			}
			text := []byte("void f(void) {\n#pragma acc " + d.Name + " " + c + "\n}\n")
			f := acc.Scan(text)
			off := bytes.LastIndex(text, []byte(" "+c)) + 1
			r, ok := Hover(text, f, off)
			if !ok || !strings.Contains(r.Markdown, "`"+c+"`") || strings.Contains(r.Markdown, ":** not allowed") {
				t.Errorf("clause %q on %q: %v %q", c, d.Name, ok, r.Markdown)
			}
		}
	}
}

// TestEveryOffset hovers at every offset of every testdata file (and of
// its truncations), which must never panic and must give a span around the
// cursor.
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
				r, ok := Hover(text, f, off)
				if ok && (!r.Span.Contains(off) || r.Span.End > len(text) || r.Markdown == "") {
					t.Fatalf("%s[:%d] offset %d: bad result %v", file, cut, off, r.Span)
				}
			}
		}
	}
}
