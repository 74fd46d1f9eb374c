package cfacts

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/accls/accls/internal/golden"
)

var (
	testParserOnce sync.Once
	testParser     *Parser
)

// sharedParser is one Parser for the tests, with its prelude cache in a
// temporary directory.
func sharedParser(t testing.TB) *Parser {
	testParserOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cfacts-test-cache")
		if err != nil {
			t.Fatal(err)
		}
		testParser = NewParser(Options{CacheDir: dir, IncludePaths: []string{"testdata/include"}})
	})
	return testParser
}

// versionSep separates the versions of a document in one test file: each is
// parsed with the previous result as prev.
const versionSep = "//// next version\n"

// TestGolden parses each testdata/*.c and compares the dump with the .golden file.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.c")
	if err != nil {
		t.Fatal(err)
	}
	p := sharedParser(t)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			var prev *File
			versions := strings.Split(string(src), versionSep)
			for i, v := range versions {
				text := []byte(v)
				f, err := p.Parse(context.Background(), file, text, prev)
				if err != nil {
					t.Fatal(err)
				}
				if len(versions) > 1 {
					out.WriteString("==== version " + string(rune('1'+i)) + "\n")
				}
				out.WriteString(f.Dump(text))
				checkSpans(t, text, f)
				prev = f
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", out.Bytes())
		})
	}
}

// checkSpans verifies that every span of f lies in text and that children
// lie inside their parents.
func checkSpans(t *testing.T, text []byte, f *File) {
	t.Helper()
	in := func(what string, s, outer interface{ IsValid() bool }) {}
	_ = in
	for _, fn := range f.Funcs {
		if fn.Stale {
			continue
		}
		if fn.Span.End > len(text) || !fn.Span.IsValid() {
			t.Errorf("func %s: bad span %v", fn.Name, fn.Span)
		}
		Walk(fn.Body, func(s *Stmt) bool {
			if !s.Span.IsValid() || s.Span.End > len(text) {
				t.Errorf("func %s: statement span %v out of the text", fn.Name, s.Span)
			}
			if s.Parent != nil && (s.Span.Start < s.Parent.Span.Start || s.Span.End > s.Parent.Span.End) {
				t.Errorf("func %s: statement %v not inside its parent %v", fn.Name, s.Span, s.Parent.Span)
			}
			StmtExprs(s, func(e *Expr) {
				WalkExpr(e, func(x *Expr) bool {
					if !x.Span.IsValid() || x.Span.End > len(text) {
						t.Errorf("func %s: expression span %v out of the text", fn.Name, x.Span)
					}
					return true
				})
			})
			return true
		})
	}
}
