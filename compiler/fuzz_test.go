package compiler_test

import (
	"context"
	"os"
	"path/filepath"
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
		if _, err := compiler.Translate(ctx, "fuzz.c", text, options(t), ""); ctx.Err() != nil {
			t.Fatalf("translation did not end in a minute (%v)", err)
		}
	})
}
