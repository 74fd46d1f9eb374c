package cfacts

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/accls/accls/internal/testgen"
)

// TestTypeCheckLinkname checks that the type checker reached through
// go:linkname still types an AST that has type errors (see check.go).
func TestTypeCheckLinkname(t *testing.T) {
	src := "int f(int n) { return n + undeclared + 1; }\nfloat g(float *a) { return a[0]; }\n"
	f, err := sharedParser(t).Parse(context.Background(), "x.c", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Funcs) != 2 || f.Funcs[1].Body == nil {
		t.Fatalf("want 2 functions with bodies, got %s", f.Dump([]byte(src)))
	}
	ret := f.Funcs[1].Body.List[0]
	if ret.Kind != StmtReturn || ret.Expr.Type == nil || ret.Expr.Type.Name != "float" || ret.Expr.X.Var == nil {
		t.Fatalf("g's return is not typed: %s", f.Dump([]byte(src)))
	}
}

func TestCancel(t *testing.T) {
	p := sharedParser(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if f, err := p.Parse(ctx, "x.c", []byte("int x;"), nil); !errors.Is(err, context.Canceled) || f != nil {
		t.Fatalf("Parse with a cancelled context = %v, %v", f, err)
	}
	// Cancelled while parsing a file that needs recovery rounds: the error
	// comes back at the next check, well before all rounds are done.
	text := testgen.Program(5000, 200)
	for i := 200; i < len(text); i += 2000 {
		text[i] = '@'
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err := p.Parse(ctx, "x.c", text, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Parse = %v, want the deadline error", err)
	}
	if d := time.Since(t0); d > 2*time.Second {
		t.Errorf("cancelled Parse took %v", d)
	}
}

// TestConcurrent parses documents from several goroutines with one Parser
// (run with -race) and checks that no goroutine is left behind.
func TestConcurrent(t *testing.T) {
	before := runtime.NumGoroutine()
	p := NewParser(Options{CacheDir: t.TempDir()})
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text := testgen.Program(200+50*i, 8)
			if i%3 == 0 {
				text = append(text, "void half(int n) { for (int i = 0; i < n; i++) {\n"...)
			}
			f, err := p.Parse(context.Background(), fmt.Sprintf("doc%d.c", i), text, nil)
			if err != nil {
				errs <- err
				return
			}
			if len(f.Funcs) == 0 {
				errs <- fmt.Errorf("doc%d: no functions; notes %v", i, f.Notes)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines before, %d after", before, n)
	}
}

// TestNoCompiler: without a C compiler the documents still parse; system
// headers are missing and a note says so.
func TestNoCompiler(t *testing.T) {
	noCompilerForTest = true
	defer func() { noCompilerForTest = false }()
	p := NewParser(Options{CacheDir: "-"})
	src := []byte("#include <stdio.h>\n#include \"mine.h\"\nint f(int n) { printf(\"%d\", n); return n * 2; }\n")
	f, err := p.Parse(context.Background(), "x.c", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Funcs) != 1 || f.Funcs[0].Body == nil {
		t.Fatalf("no facts: %s", f.Dump(src))
	}
	var notes []string
	for _, n := range f.Notes {
		notes = append(notes, n.Message)
	}
	all := strings.Join(notes, "\n")
	if !strings.Contains(all, "no C compiler") || !strings.Contains(all, "'mine.h' not found") || strings.Contains(all, "stdio.h") {
		t.Errorf("notes:\n%s", all)
	}
}

// TestDefines: Options.Defines and _OPENACC reach the document.
func TestDefines(t *testing.T) {
	p := NewParser(Options{CacheDir: "-", Defines: []string{"N=1024", "DEBUG"}})
	src := []byte("#ifdef _OPENACC\nint acc = _OPENACC;\n#endif\nint n = N + DEBUG;\n")
	f, err := p.Parse(context.Background(), "x.c", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Globals) != 2 || f.Globals[0].Init.Int != 202211 || f.Globals[1].Init.Int != 1025 {
		t.Fatalf("%s", f.Dump(src))
	}
}

// TestPreludeCache: a second Parser with the same cache directory finds
// the prelude on disk.
func TestPreludeCache(t *testing.T) {
	dir := t.TempDir()
	src := []byte("#include <stdio.h>\nint main(void) { puts(\"hi\"); return 0; }\n")
	t0 := time.Now()
	if _, err := NewParser(Options{CacheDir: dir}).Parse(context.Background(), "x.c", src, nil); err != nil {
		t.Fatal(err)
	}
	first := time.Since(t0)
	p := NewParser(Options{CacheDir: dir})
	p.environment()
	t0 = time.Now()
	f, err := p.Parse(context.Background(), "x.c", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first parse %v, with the prelude on disk %v", first, time.Since(t0))
	if fd := f.Decls["puts"]; fd == nil || !fd.FromHeader {
		t.Errorf("puts not declared from a header: %+v", fd)
	}
}

func TestWalkHelpers(t *testing.T) {
	src := []byte("int g;\nvoid f(int n, float *a) {\n  for (int i = 0; i < n; i++) {\n    a[i] = g + i;\n  }\n}\n")
	f, err := sharedParser(t).Parse(context.Background(), "x.c", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	off := strings.Index(string(src), "g + i")
	if fn := f.FuncAt(off); fn == nil || fn.Name != "f" {
		t.Fatalf("FuncAt = %v", fn)
	}
	if f.FuncAt(2) != nil {
		t.Errorf("FuncAt outside functions is not nil")
	}
	s := f.StmtAt(off)
	if s == nil || s.Kind != StmtExpr {
		t.Fatalf("StmtAt = %+v", s)
	}
	if v := f.VarAt(off); v == nil || v.Name != "g" || v.Storage != StorageGlobal {
		t.Fatalf("VarAt = %+v", v)
	}
	if v := f.VarAt(strings.Index(string(src), "i = 0")); v == nil || v.Name != "i" || v.Scope == nil || v.Scope.Kind != StmtFor {
		t.Fatalf("VarAt(decl) = %+v", v)
	}
	var kinds []string
	Walk(f.Funcs[0].Body, func(s *Stmt) bool {
		kinds = append(kinds, stmtKindNames[s.Kind])
		return true
	})
	if got := strings.Join(kinds, " "); got != "compound for decl compound expr" {
		t.Errorf("Walk order: %s", got)
	}
	var idents []string
	WalkExpr(s.Expr, func(e *Expr) bool {
		if e.Kind == ExprIdent {
			idents = append(idents, e.Name)
		}
		return true
	})
	if got := strings.Join(idents, " "); got != "a i g i" {
		t.Errorf("WalkExpr order: %s", got)
	}
}
