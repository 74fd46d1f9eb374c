package compiler_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/accls/accls/compiler"
)

// FuzzTranslate checks that the compiler never panics nor hangs, whatever
// the text: an editor translates half-typed programs for the kernel
// preview, and `accls run` whatever it is given. Errors are the expected
// answer to most inputs. The seeds are the programs of the execution corpus
// and of the golden and error tests; the fuzzer mutates them.
//
//	go test ./compiler -run XXX -fuzz FuzzTranslate -fuzztime 10m
func FuzzTranslate(f *testing.F) {
	for _, dir := range []string{"exec", "golden", "errors"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", dir, "*.c"))
		for _, p := range paths {
			text, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(text)
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_, err := compiler.Translate(ctx, "fuzz.c", text, options(t), "")
		if ctx.Err() != nil {
			t.Fatalf("translation did not end in a minute (%v)", err)
		}
		if isInternalError(err) { // a panic, which Translate turns into this error
			t.Fatal(err)
		}
	})
}

// TestHalfTypedPragmas translates every program of the test corpora with
// one directive half-typed at a time, as an editor's kernel preview sees it
// while the user types: each clause that takes arguments cut before its
// '(' (`device_type`, `copy` alone) and after it (`copy(a`). Errors are
// expected; a panic fails (the bare device_type after a section did, found
// by cutting every directive every three characters).
func TestHalfTypedPragmas(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of translations")
	}
	paths, _ := filepath.Glob(filepath.Join("testdata", "*", "*.c"))
	directive := regexp.MustCompile(`(?m)^[ \t]*#pragma acc[^\n]*`)
	n := 0
	for _, p := range paths {
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range directive.FindAllIndex(text, -1) {
			for i := m[0]; i < m[1]; i++ {
				if text[i] != '(' {
					continue
				}
				for _, cut := range []int{i, i + 1} {
					half := slices.Concat(text[:cut], text[m[1]:])
					if _, err := compiler.Translate(context.Background(), "half.c", half, options(t), ""); isInternalError(err) {
						t.Errorf("%s: %q: %v", p, text[m[0]:cut], err)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d translations of half-typed directives", n)
}

// isInternalError reports whether err is the error a panic of the compiler
// becomes (Translate recovers it, so that a bug answers with a message).
func isInternalError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "internal error of the compiler")
}
