package cfacts

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
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
	// Cancelled during the first recovery round: the error comes back
	// before the next parse.
	text := testgen.Program(2000, 80)
	for i := 200; i < len(text); i += 2000 {
		text[i] = '@'
	}
	ctx, cancel = context.WithCancel(context.Background())
	rounds := 0
	debugf = func(string, ...any) { rounds++; cancel() }
	defer func() { debugf = nil }()
	if f, err := p.Parse(ctx, "x.c", text, nil); !errors.Is(err, context.Canceled) || f != nil {
		t.Fatalf("Parse = %v, %v; want the cancellation", f, err)
	}
	if rounds != 1 {
		t.Errorf("%d rounds after the cancellation, want 1", rounds)
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

// TestPruneSame: the pruned prelude gives the facts the whole one gives.
func TestPruneSame(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
	files = append(files, "testdata/system/headers.c", "") // "": the generated program
	p := sharedParser(t)
	for _, file := range files {
		var src []byte
		if file == "" {
			src = testgen.Program(2000, 80)
		} else {
			var err error
			if src, err = os.ReadFile(file); err != nil {
				t.Fatal(err)
			}
		}
		for _, v := range strings.Split(string(src), versionSep) {
			text := []byte(v)
			parse := func(prune bool) string {
				noPruneForTest = !prune
				defer func() { noPruneForTest = false }()
				f, err := p.Parse(context.Background(), file, text, nil)
				if err != nil {
					t.Fatal(err)
				}
				return f.Dump(text)
			}
			if a, b := parse(true), parse(false); a != b {
				t.Errorf("%s: pruned and whole preludes differ:\n--- pruned\n%s\n--- whole\n%s", file, a, b)
			}
		}
	}
}

// TestMutations parses programs with random edits (characters deleted,
// inserted or replaced, lines cut short), with the good text's File as
// prev: Parse must not fail, the functions of the good text must still be
// there (current or stale), and spans must lie in the text.
func TestMutations(t *testing.T) {
	p := sharedParser(t)
	type input struct {
		name string
		text []byte
		n    int
	}
	inputs := []input{{"generated", testgen.Program(400, 16), 60}}
	for _, f := range []string{"basic", "types", "macros", "pragmas", "system/headers", "halftyped"} {
		b, err := os.ReadFile("testdata/" + f + ".c")
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{f, b, 20})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, in := range inputs {
		base, err := p.Parse(context.Background(), in.name+".c", in.text, nil)
		if err != nil {
			t.Fatal(err)
		}
		n := in.n
		if testing.Short() {
			n /= 5
		}
		for i := range n {
			text := append([]byte(nil), in.text...)
			var edits []int
			for k := range 1 + i%3 {
				at := rng.IntN(len(text))
				edits = append(edits, at)
				text = mutate(rng, text, at, (i+k)%4)
			}
			f, err := p.Parse(context.Background(), in.name+".c", text, base)
			if err != nil {
				t.Fatalf("%s mutation %d: %v", in.name, i, err)
			}
			checkSpans(t, text, f)
			// One edit loses no function; several edits may break a
			// function's name and its body at once, which loses it.
			if len(f.Funcs) < len(base.Funcs)-(len(edits)-1) {
				t.Errorf("%s mutation %d (edits at %v): %d functions of %d left; notes %v\n%s", in.name, i, edits, len(f.Funcs), len(base.Funcs), f.Notes, text)
			}
		}
	}
}

var junk = []byte("{}();,=*+[]@\"'/#\\\n x")

// mutate makes one random edit of kind k at text[at].
func mutate(rng *rand.Rand, text []byte, at, k int) []byte {
	switch k {
	case 0:
		text = append(text[:at], text[at+1:]...)
	case 1:
		text = append(text[:at], append([]byte{junk[rng.IntN(len(junk))]}, text[at:]...)...)
	case 2:
		text[at] = junk[rng.IntN(len(junk))]
	case 3:
		if e := bytes.IndexByte(text[at:], '\n'); e > 0 {
			text = append(text[:at], text[at+e:]...)
		}
	}
	return text
}

// TestSystemHeaders parses a program that uses many system headers. What
// their macros expand to differs between C libraries, so instead of a
// golden file it checks some facts.
func TestSystemHeaders(t *testing.T) {
	src, err := os.ReadFile("testdata/system/headers.c")
	if err != nil {
		t.Fatal(err)
	}
	f, err := sharedParser(t).Parse(context.Background(), "testdata/system/headers.c", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Notes) > 0 || len(f.Funcs) != 2 || f.Funcs[0].Body == nil || f.Funcs[1].Body == nil {
		t.Fatalf("notes %v\n%s", f.Notes, f.Dump(src))
	}
	vars := map[string]*Var{}
	for _, fn := range f.Funcs {
		Walk(fn.Body, func(s *Stmt) bool {
			for _, v := range s.Decls {
				vars[v.Name] = v
			}
			return true
		})
	}
	for name, want := range map[string]string{
		"tv": "struct timeval", "ts": "struct timespec", "n": "size_t", "buf": "char [64]",
		"devs": "int", "z": "_Complex double", "big": "uint64_t",
	} {
		if v := vars[name]; v == nil || v.Type.Name != want {
			t.Errorf("%s: %+v, want type %s", name, v, want)
		}
	}
	if tv := vars["tv"]; tv != nil && (tv.Type.Size != 16 || len(tv.Type.Fields) != 2) {
		t.Errorf("struct timeval: size %d, %d fields", tv.Type.Size, len(tv.Type.Fields))
	}
	for _, name := range []string{"gettimeofday", "clock_gettime", "omp_get_wtime", "strlen", "memcpy", "acc_get_num_devices", "fprintf", "getpid"} {
		if d := f.Decls[name]; d == nil || !d.FromHeader {
			t.Errorf("%s is not declared by a header: %+v", name, d)
		}
	}
}

// TestUserHeaderSystemIncludes: a user header that includes a system header
// the document does not, before a system include of the document. The
// prelude (the document's <math.h>) defines the guards of headers that
// <stdio.h> includes too; without the header's own includes in the
// prelude, pruning left __off_t undeclared when cc/v4 read <stdio.h> from
// the header ("the C front end failed: __fpos_t.h: unexpected identifier").
func TestUserHeaderSystemIncludes(t *testing.T) {
	dir := t.TempDir()
	hdr := "#ifndef SUITE_H\n#define SUITE_H\n#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include \"inner.h\"\nlong long n = 100;\n#endif\n"
	inner := "#include <string.h>\n#include <complex.h>\n"
	for name, text := range map[string]string{"suite.h": hdr, "inner.h": inner} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := "#include \"suite.h\"\n#include <math.h>\nint main(void) {\n  FILE *f = stdout;\n  char b[8];\n  memset(b, 0, 8);\n  fprintf(f, \"%g %lld\\n\", sqrt(2.0), n);\n  return 0;\n}\n"
	f, err := sharedParser(t).Parse(context.Background(), filepath.Join(dir, "doc.c"), []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range f.Notes {
		t.Errorf("note: %s", n.Message)
	}
	if len(f.Funcs) != 1 || f.Funcs[0].Body == nil || f.Decls["fprintf"] == nil || f.Decls["memset"] == nil {
		t.Fatalf("main or the headers' functions are missing: %s", f.Dump([]byte(src)))
	}
}

// TestDocumentIncludeGuard: a document wrapped in an include guard whose
// name starts with '_' (XSBench's merged source: `#ifndef
// __XSBENCH_HEADER_H__`, its #define, then system includes and the types).
// The guard's #define once went into the prelude with the feature-test
// macros, which then hid the document's declarations from cc/v4; a
// feature-test macro under its own #ifndef still goes there.
func TestDocumentIncludeGuard(t *testing.T) {
	src := `#ifndef __DOC_H__
#define __DOC_H__
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
typedef struct {
	double e;
} Point;
long count(long n, Point *A);
#endif

long count(long n, Point *A)
{
	long s = 0;
#pragma acc parallel loop copyin(A[0:n]) reduction(+:s)
	for (long i = 0; i < n; i++)
		s += A[i].e > 0;
	return s;
}

int main(void)
{
	Point p[2] = {{1}, {0}};
	char *s;
	return asprintf(&s, "%ld", count(2, p)) < 0;
}
`
	f, err := sharedParser(t).Parse(context.Background(), "doc.c", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range f.Notes {
		t.Errorf("note: %s", n.Message)
	}
	if len(f.Funcs) != 2 || f.Funcs[0].Body == nil || f.Funcs[1].Body == nil || f.Decls["asprintf"] == nil {
		t.Fatalf("a function or asprintf is missing: %s", f.Dump([]byte(src)))
	}
}

// TestDirectiveConsts: the macros and enumeration constants the directives
// name get their values; others, and names that are not constants, none.
func TestDirectiveConsts(t *testing.T) {
	src := `#include <stdio.h>
#define N 2
#define M (N + 1)
#define T (4)
#define SZ sizeof(int)
#define LOOP1 LOOP2
#define LOOP2 LOOP1
#define F(x) (x)
#define UNUSED 7
enum { E2 = 2, E3 };
int main(void) {
  int n = 3;
  #pragma acc parallel loop collapse(M) tile(T, E3) num_gangs(n) vector_length(EOF) worker(SZ) gang(LOOP1) copy(F)
  for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) printf("%d\n", i + j + E2);
  return 0;
}
`
	f, err := sharedParser(t).Parse(context.Background(), "x.c", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"N": 2, "M": 3, "T": 4, "E3": 3, "EOF": -1}
	for name, v := range want {
		if got, ok := f.Consts[name]; !ok || got != v {
			t.Errorf("Consts[%s] = %d, %v; want %d", name, got, ok, v)
		}
	}
	for _, name := range []string{"n", "SZ", "LOOP1", "LOOP2", "F", "UNUSED", "E2", "i"} {
		if v, ok := f.Consts[name]; ok {
			t.Errorf("Consts[%s] = %d; want none", name, v)
		}
	}
}
