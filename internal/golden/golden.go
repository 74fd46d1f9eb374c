package golden

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"
)

// update is the one -update flag of every accls test binary. A flag
// registered twice panics, so test packages must use Update and never
// register their own.
var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Update reports whether the test binary runs with -update, which rewrites
// the golden files instead of comparing with them.
func Update() bool { return *update }

// Hint is what a failure tells the reader to do.
const Hint = "run go test -update and review the diff"

// Check compares got with the golden file at path. With -update it writes
// got to path instead. A missing file is fatal; a difference is an error
// showing the first differing lines.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Update() {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("writing golden file: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("golden file %s is missing (%s)", path, Hint)
	} else if err != nil {
		t.Fatalf("reading golden file: %v", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from the output (%s):\n%s", path, Hint, Diff(string(want), string(got)))
	}
}

// Diff shows the first differing lines of want and got with a few lines of
// context before them: "- " lines are want's, "+ " lines got's. It is ""
// when want and got are equal.
func Diff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "first difference at line %d:\n", i+1)
	for j := max(0, i-3); j < i; j++ {
		fmt.Fprintf(&sb, "  %s\n", w[j])
	}
	for j := i; j < min(len(w), i+8); j++ {
		fmt.Fprintf(&sb, "- %s\n", w[j])
	}
	for j := i; j < min(len(g), i+8); j++ {
		fmt.Fprintf(&sb, "+ %s\n", g[j])
	}
	return sb.String()
}
