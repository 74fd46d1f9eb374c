package runtime

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCachedDir: the runtime's files in the user's cache, at a path that
// stays the same between calls (the C front end's preludes are keyed by
// their include path), written again when a file there was changed.
func TestCachedDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir()) // os.UserCacheDir on other systems
	dir := CachedDir()
	if dir == "" {
		t.Fatal("no cached runtime directory")
	}
	if !holdsRuntime(dir) {
		t.Fatalf("%s does not hold the runtime's files", dir)
	}
	if again := CachedDir(); again != dir {
		t.Errorf("second call: %s, want %s", again, dir)
	}
	h := filepath.Join(dir, "openacc.h")
	if err := os.WriteFile(h, []byte("/* edited */\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if again := CachedDir(); again != dir || !holdsRuntime(dir) {
		t.Errorf("after an edit: %s (holds the runtime: %v), want %s restored", again, holdsRuntime(dir), dir)
	}
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "*.tmp"))
	if len(left) > 0 {
		t.Errorf("temporary directories left: %v", left)
	}
}

// TestHeadersDirWithoutCache: with no usable cache directory the headers
// go to a temporary directory, which remove deletes.
func TestHeadersDirWithoutCache(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", blocker) // a file: nothing can be made under it
	dir, remove, err := HeadersDir()
	if err != nil {
		t.Fatal(err)
	}
	if !holdsRuntime(dir) || strings.HasPrefix(dir, blocker) {
		t.Fatalf("HeadersDir = %s, want a temporary directory holding the runtime", dir)
	}
	remove()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s left after remove (%v)", dir, err)
	}
}
