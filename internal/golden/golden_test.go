package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestCursors(t *testing.T) {
	text, offs := Cursors([]byte("a‸bc‸\n‸d"), Marker)
	if string(text) != "abc\nd" || !slices.Equal(offs, []int{1, 3, 4}) {
		t.Fatalf("Cursors = %q, %v", text, offs)
	}
	if got := Header(3, text, 4, Marker); got != "=== 3 (2:1) ‸d" {
		t.Errorf("Header = %q", got)
	}
	if got := Header(1, text, 1, Marker); got != "=== 1 (1:2) a‸bc" {
		t.Errorf("Header = %q", got)
	}
}

func TestDiff(t *testing.T) {
	if d := Diff("a\nb\n", "a\nb\n"); d != "" {
		t.Errorf("equal texts differ: %q", d)
	}
	d := Diff("a\nb\nc\n", "a\nx\nc\n")
	if !strings.HasPrefix(d, "first difference at line 2:\n  a\n- b\n") || !strings.Contains(d, "+ x\n") {
		t.Errorf("Diff = %q", d)
	}
}

// recorder is a testing.TB that records failures; Fatalf ends the
// goroutine like testing's does.
type recorder struct {
	testing.TB
	errors, fatals []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
	runtime.Goexit()
}

func check(path string, got string) *recorder {
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Check(r, path, []byte(got))
	}()
	<-done
	return r
}

func TestCheck(t *testing.T) {
	if Update() {
		t.Skip("-update rewrites instead of checking")
	}
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := check(path, "same\n"); len(r.errors)+len(r.fatals) != 0 {
		t.Errorf("equal file: %q %q", r.errors, r.fatals)
	}
	if r := check(path, "other\n"); len(r.errors) != 1 || len(r.fatals) != 0 ||
		!strings.Contains(r.errors[0], path) || !strings.Contains(r.errors[0], Hint) || !strings.Contains(r.errors[0], "+ other") {
		t.Errorf("different file: %q %q", r.errors, r.fatals)
	}
	missing := filepath.Join(t.TempDir(), "missing.golden")
	if r := check(missing, "x"); len(r.fatals) != 1 || !strings.Contains(r.fatals[0], Hint) {
		t.Errorf("missing file: %q %q", r.errors, r.fatals)
	}
}
