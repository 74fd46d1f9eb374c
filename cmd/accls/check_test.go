package main

import (
	"bytes"
	"fmt"
	"github.com/accls/accls/analysis"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/internal/golden"
)

// TestCheckFix runs `accls check --fix` on a copy of examples/mistakes.c:
// what it reports and the file it writes are golden
// (testdata/check_fix.golden; go test -update rewrites it).
func TestCheckFix(t *testing.T) {
	orig, err := os.ReadFile("../../examples/mistakes.c")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "mistakes.c")
	if err := os.WriteFile(path, orig, 0o640); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"--fix", path}, strings.NewReader(""), &stdout, &stderr)
	fixed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "=== exit status %d\n=== stderr\n%s=== stdout\n%s=== %s\n%s",
		code, stderr.String(), stdout.String(), "mistakes.c", fixed)
	golden.Check(t, "testdata/check_fix.golden", bytes.ReplaceAll(out.Bytes(), []byte(dir+string(filepath.Separator)), nil))

	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v after --fix, want 0640", info.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %d entries, want the file alone (a temporary file was left?)", len(entries))
	}

	// A second run has nothing to fix: it must not write.
	stderr.Reset()
	stdout.Reset()
	check([]string{"--fix", path}, strings.NewReader(""), &stdout, &stderr)
	again, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(info, again) || !again.ModTime().Equal(info.ModTime()) {
		t.Error("the file was written again although nothing was fixed")
	}
	if strings.Contains(stderr.String(), "fixed:") {
		t.Errorf("a second run fixed something:\n%s", stderr.String())
	}

	// Through a symbolic link the file it points to is replaced.
	link := filepath.Join(t.TempDir(), "link.c")
	if err := os.WriteFile(path, orig, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(path, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	check([]string{"--fix", link}, strings.NewReader(""), &stdout, &stderr)
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, fixed) {
		t.Error("the file behind the link was not fixed")
	}
}

// TestCheckFixStdin: with - the fixed text goes to standard output and the
// report, diagnostics included, to standard error.
func TestCheckFixStdin(t *testing.T) {
	orig, err := os.ReadFile("../../examples/mistakes.c")
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := check([]string{"--fix", "-"}, bytes.NewReader(orig), &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (errors remain)", code)
	}
	want, err := os.ReadFile("testdata/check_fix.golden")
	if err != nil {
		t.Fatal(err)
	}
	_, file, _ := strings.Cut(string(want), "=== mistakes.c\n")
	if stdout.String() != file {
		t.Errorf("standard output is not the fixed text:\n%s", golden.Diff(file, stdout.String()))
	}
	if !strings.Contains(stderr.String(), "-:10:13: fixed: Change to 'parallel loop' [unknown-directive]") ||
		!strings.Contains(stderr.String(), "-:13:70: error: 'if' may appear at most once") {
		t.Errorf("standard error lacks the report:\n%s", stderr.String())
	}
}

// TestCheckWithoutFix never writes.
func TestCheckWithoutFix(t *testing.T) {
	orig, err := os.ReadFile("../../examples/mistakes.c")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mistakes.c")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := check([]string{path}, strings.NewReader(""), &stdout, &stderr); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
		t.Error("check without --fix changed the file")
	}
}

// TestCheckInternalError: a check that panics on one file (a bug of accls)
// is reported for that file, with exit status 2, and the next file is
// still checked.
func TestCheckInternalError(t *testing.T) {
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "bad.c"), filepath.Join(dir, "good.c")
	os.WriteFile(bad, []byte("void f(float *a) {\n#pragma acc parallel loop copy(a[0:4])\n  for (int i = 0; i < 4; i++) a[i] = 0;\n}\n"), 0o644)
	os.WriteFile(good, []byte("void g(float *a) {\n#pragma acc paralel loop\n  for (int i = 0; i < 4; i++) a[i] = 0;\n}\n"), 0o644)
	saved := checkSemantics
	defer func() { checkSemantics = saved }()
	checkSemantics = func(m *analysis.Model) []analysis.Diagnostic {
		if strings.Contains(string(m.Text), "void f") {
			panic("check exploded")
		}
		return saved(m)
	}
	var stdout, stderr bytes.Buffer
	if code := check([]string{bad, good}, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), "bad.c: internal error in the checks, please report it: check exploded") {
		t.Errorf("standard error:\n%s", stderr.String())
	}
	if !strings.Contains(stdout.String(), "good.c:2:13: error: unknown OpenACC directive 'paralel'") {
		t.Errorf("the next file was not checked:\n%s", stdout.String())
	}
}

// TestCheckCorpusNoErrors: the execution corpus is valid OpenACC (the
// compiler runs every program and gcc builds them), so accls check reports
// no error in it: an error there is a false positive of a check.
func TestCheckCorpusNoErrors(t *testing.T) {
	files, err := filepath.Glob("../../compiler/testdata/exec/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, f := range files {
		var stdout, stderr bytes.Buffer
		check([]string{f}, strings.NewReader(""), &stdout, &stderr)
		for _, line := range strings.Split(stdout.String(), "\n") {
			if strings.Contains(line, ": error: ") {
				t.Errorf("%s", line)
			}
		}
	}
}
