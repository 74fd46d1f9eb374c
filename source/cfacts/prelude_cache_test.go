package cfacts

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestPrunePreludes: the disk cache keeps the most recently used preludes
// up to its bound, and removes half-written files an interrupted process
// left, but not one being written now.
func TestPrunePreludes(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	write := func(name string, age time.Duration) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	for i, age := range []time.Duration{5, 1, 4, 2, 3} { // hours
		write("prelude-"+string(rune('a'+i))+".h", age*time.Hour)
	}
	write("prelude-old.tmp", 2*time.Hour)
	write("prelude-new.tmp", time.Minute)
	write("other.txt", 10*time.Hour)
	prunePreludes(dir, 3)
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	want := []string{"other.txt", "prelude-b.h", "prelude-d.h", "prelude-e.h", "prelude-new.tmp"}
	if !slices.Equal(names, want) {
		t.Errorf("left %v, want %v", names, want)
	}
}

// TestPreludeDiskCache: a second parser with the same options finds the
// prelude on disk (one file for both), touching it as used.
func TestPreludeDiskCache(t *testing.T) {
	if _, err := hostConfig(""); err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	src := []byte("#include <stdio.h>\nint main(void) { printf(\"hi\\n\"); return 0; }\n")
	parse := func() {
		p := NewParser(Options{CacheDir: dir})
		if _, err := p.Parse(t.Context(), "a.c", src, nil); err != nil {
			t.Fatal(err)
		}
	}
	parse()
	files, _ := filepath.Glob(filepath.Join(dir, "prelude-*.h"))
	if len(files) != 1 {
		t.Fatalf("after one parse: %v, want one prelude", files)
	}
	old := time.Now().Add(-48 * time.Hour)
	os.Chtimes(files[0], old, old)
	parse()
	again, _ := filepath.Glob(filepath.Join(dir, "prelude-*.h"))
	if !slices.Equal(again, files) {
		t.Fatalf("after a second parser: %v, want %v", again, files)
	}
	if fi, err := os.Stat(files[0]); err != nil || fi.ModTime().Before(time.Now().Add(-time.Hour)) {
		t.Errorf("the prelude read from disk was not marked as used (%v)", err)
	}
}
