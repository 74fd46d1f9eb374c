package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinarySource: translate and run refuse a binary file with exit status
// 2 and write nothing (check skips it with a message: check_test.go).
func TestBinarySource(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "blob.c")
	if err := os.WriteFile(bin, []byte("\x7fELF\x00\x01\x02int main(void){}"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if code := runTranslate([]string{bin, "-o", out}); code != 2 {
		t.Errorf("translate of a binary file: exit %d, want 2", code)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("translate of a binary file wrote its output directory")
	}
	var stdout, stderr bytes.Buffer
	if code := runProgram([]string{bin}, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("run of a binary file: exit %d, want 2 (stderr %q)", code, stderr.String())
	}
	if stdout.Len() > 0 {
		t.Errorf("run of a binary file printed %q", stdout.String())
	}
}
