package hover

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
)

var update = flag.Bool("update", false, "rewrite the .golden files")

// marker is the cursor in testdata files; it is removed before scanning.
const marker = "‸"

// cursors removes every marker from src and returns the clean text and the
// byte offset of each marker in it.
func cursors(src []byte) ([]byte, []int) {
	var text []byte
	var offs []int
	for {
		i := bytes.Index(src, []byte(marker))
		if i < 0 {
			return append(text, src...), offs
		}
		text = append(text, src[:i]...)
		offs = append(offs, len(text))
		src = src[i+len(marker):]
	}
}

// header names a cursor: its number, line:column and its line with the
// marker shown.
func header(n int, text []byte, off int) string {
	ls := bytes.LastIndexByte(text[:off], '\n') + 1
	le := bytes.IndexByte(text[off:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += off
	}
	line := 1 + bytes.Count(text[:off], []byte("\n"))
	return fmt.Sprintf("=== %d (%d:%d) %s%s%s", n, line, off-ls+1, text[ls:off], marker, text[off:le])
}

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
			text, offs := cursors(src)
			if len(offs) == 0 {
				t.Fatalf("%s has no %s marker", file, marker)
			}
			f := acc.Scan(text)
			var out strings.Builder
			seen := map[string]int{} // markdown → first cursor showing it
			for i, off := range offs {
				out.WriteString(header(i+1, text, off) + "\n")
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
			golden := strings.TrimSuffix(file, ".c") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("%s differs from the output (run go test -update and review the diff):\n%s", golden, diff(string(want), got))
			}
		})
	}
}

// diff shows the first differing lines of want and got.
func diff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, w, g)
		}
	}
	return ""
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
		text, _ := cursors(src)
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
