package cfacts

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/accls/accls/internal/testgen"
)

// incrementalCorpus is the programs TestIncrementalSame edits: this
// package's test programs (their first version), the analysis and
// execution test programs, the examples and a generated one.
func incrementalCorpus(t *testing.T) map[string][]byte {
	t.Helper()
	corpus := map[string][]byte{"generated.c": testgen.Program(400, 20)}
	for _, pat := range []string{"testdata/*.c", "../../analysis/testdata/*/*.c", "../../compiler/testdata/exec/*.c", "../../examples/*.c"} {
		files, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			b, _, _ = bytes.Cut(b, []byte(versionSep))
			corpus[file] = b
		}
	}
	if len(corpus) < 40 {
		t.Fatalf("only %d programs found", len(corpus))
	}
	return corpus
}

// snippets are what the random edits insert: valid statements, blanks and
// comments, directives, and things that break the C (a brace, a
// half-typed statement, an unterminated comment, a macro definition).
var snippets = []string{
	" ", "\n", "\n\n  ", "/* note */", "// note\n", "x = x + 1;", "int zz = 0;", "zz;", "{ int q = 2; q++; }",
	"for (int ii = 0; ii < 3; ii++) { }", "undeclared_fn(1);", "\"str\";", "(void)sizeof(int);",
	"#pragma acc loop\n", "\n#pragma acc parallel loop copy(a[0:n])\n", " gang", "#define ZZ 1\n", "#undef N\n",
	"}", "{", "if (", "for (int k = 0; k <", "/*", "\"", ";;", "int", "struct s { int a; };", "return;",
	"static int cnt = 0; cnt++;", "enum { E1 = 3 };", "typedef int myint; myint mi = 1;",
}

// randomEdit changes text at a random place: mostly inside a function body
// of f (the facts of text), sometimes anywhere.
func randomEdit(r *rand.Rand, text []byte, f *File) (out []byte, what string) {
	var bodies [][2]int
	for _, fn := range f.Funcs {
		if fn.Body != nil && !fn.Stale && fn.Body.Span.End <= len(text) && fn.Body.Span.Len() > 2 {
			bodies = append(bodies, [2]int{fn.Body.Span.Start + 1, fn.Body.Span.End - 1})
		}
	}
	a, b := 0, len(text)
	if len(bodies) > 0 && r.IntN(8) > 0 {
		bd := bodies[r.IntN(len(bodies))]
		a, b = bd[0], bd[1]
	}
	pos := a + r.IntN(b-a+1)
	// Statement boundaries make most insertions valid C.
	boundary := pos
	for boundary < b && !strings.ContainsRune(";{}\n", rune(text[boundary])) {
		boundary++
	}
	if boundary < b {
		boundary++
	}
	splice := func(i, j int, s string) []byte {
		return slices.Concat(text[:i], []byte(s), text[j:])
	}
	switch k := r.IntN(10); {
	case k < 4:
		s := snippets[r.IntN(len(snippets))]
		return splice(boundary, boundary, s), fmt.Sprintf("insert %q at %d", s, boundary)
	case k < 6:
		n := min(1+r.IntN(20), b-pos)
		return splice(pos, pos+n, ""), fmt.Sprintf("delete %q at %d", text[pos:pos+n], pos)
	case k < 7:
		// Duplicate the line at pos.
		ls := lineStartOf(text, pos)
		le := bytes.IndexByte(text[pos:], '\n')
		if le < 0 {
			return splice(pos, pos, "\n"), "newline at the end"
		}
		line := string(text[ls : pos+le+1])
		return splice(ls, ls, line), fmt.Sprintf("duplicate line %q", line)
	case k < 8:
		// Change a digit, or an identifier into another of the text.
		for i := pos; i < b; i++ {
			if c := text[i]; c >= '0' && c <= '9' {
				return splice(i, i+1, string(rune('0'+r.IntN(10)))), fmt.Sprintf("digit at %d", i)
			}
			if isIdentStart(text[i]) && (i == 0 || !isIdentChar(text[i-1])) {
				j := i
				for j < len(text) && isIdentChar(text[j]) {
					j++
				}
				var lx lexed
				lx.lex(text)
				if len(lx.toks) == 0 {
					break // nothing to take a word from
				}
				other := lx.word(r.IntN(len(lx.toks)))
				return splice(i, j, other), fmt.Sprintf("%q → %q at %d", text[i:j], other, i)
			}
		}
		return splice(pos, pos, "1"), "1"
	default:
		s := snippets[r.IntN(len(snippets))]
		return splice(pos, pos, s), fmt.Sprintf("insert %q at %d (anywhere)", s, pos)
	}
}

// TestIncrementalSame checks that Parse with the incremental shortcut gives
// the same facts as a full parse, with the same previous File, over chains
// of random edits of every corpus program; half of the steps after an edit
// undo it (an edit that breaks a function, then its fix).
func TestIncrementalSame(t *testing.T) {
	p := sharedParser(t)
	ctx := context.Background()
	steps := 10
	if testing.Short() {
		steps = 4
	}
	inc0, full0 := incrementalStats.incremental.Load(), incrementalStats.full.Load()
	var tInc, tFull time.Duration
	corpus := incrementalCorpus(t)
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range corpus {
			if !yield(k) {
				return
			}
		}
	})
	why := map[string]int{}
	fullParseWhy = func(s string) { why[s]++ }
	defer func() { fullParseWhy = nil }()
	only := os.Getenv("ACCLS_INCREMENTAL_ONLY") // a corpus file name, to debug
	for fi, name := range names {
		if only != "" && !strings.Contains(name, only) {
			continue
		}
		text := corpus[name]
		r := rand.New(rand.NewPCG(uint64(fi), 7))
		f, err := p.Parse(ctx, name, text, nil)
		if err != nil {
			t.Fatal(err)
		}
		var undo []byte
		var history []string
		for step := range steps {
			var next []byte
			var what string
			if undo != nil && r.IntN(2) == 0 {
				next, what, undo = undo, "undo", nil
			} else {
				next, what = randomEdit(r, text, f)
				undo = text
			}
			history = append(history, what)
			t0 := time.Now()
			got, err := p.Parse(ctx, name, next, f)
			tInc += time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			t0 = time.Now()
			want, err := p.parseFull(ctx, name, next, f)
			tFull += time.Since(t0)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := factsString(got, next), factsString(want, next); g != w {
				if dir := os.Getenv("ACCLS_INCREMENTAL_DUMP"); dir != "" {
					os.WriteFile(filepath.Join(dir, "prev.c"), text, 0o644)
					os.WriteFile(filepath.Join(dir, "next.c"), next, 0o644)
					os.WriteFile(filepath.Join(dir, "inc.txt"), []byte(g), 0o644)
					os.WriteFile(filepath.Join(dir, "full.txt"), []byte(w), 0o644)
				}
				t.Fatalf("%s, step %d (%s): incremental and full parses differ:\n%s\nedits: %q",
					name, step, what, firstDiff(g, w), history)
			}
			// (A text that is not C can give the full parse odd links too:
			// only those of the incremental one alone count.)
			if bad, base := linkErrors(got), linkErrors(want); !slices.Equal(bad, base) {
				t.Fatalf("%s, step %d (%s): incremental parse: %q (full: %q)", name, step, what, bad, base)
			}
			text, f = next, got
		}
	}
	inc, full := incrementalStats.incremental.Load()-inc0, incrementalStats.full.Load()-full0
	t.Logf("%d programs × %d edits: %d incremental parses, %d full ones (%v); Parse took %v, the full parses %v",
		len(corpus), steps, inc, full, why, tInc.Round(time.Millisecond), tFull.Round(time.Millisecond))
	// Most edits inside a body keep the C valid: the shortcut must be
	// taken often, or this test compares the full parse with itself.
	if inc < (inc+full)/4 {
		t.Errorf("only %d of %d parses were incremental", inc, inc+full)
	}
}

// factsString is what TestIncrementalSame compares: the dump, and the
// header functions the document can name.
func factsString(f *File, text []byte) string {
	var hdr []string
	for name, d := range f.Decls {
		if d.FromHeader {
			hdr = append(hdr, name)
		}
	}
	slices.Sort(hdr)
	// The dump prints the Func of a misplaced parameter (a function defined
	// twice) with its address.
	dump := regexp.MustCompile(`0x[0-9a-f]+`).ReplaceAllString(f.Dump(text), "0x")
	var macros []string
	for name, d := range f.Macros {
		macros = append(macros, fmt.Sprintf("%s=%v", name, d))
	}
	slices.Sort(macros)
	var conds []string
	for key, v := range f.Conds {
		conds = append(conds, fmt.Sprintf("%s=%v", key, v))
	}
	slices.Sort(conds)
	return dump + "header functions: " + strings.Join(hdr, " ") + "\nmacros tested: " + strings.Join(macros, " ") +
		"\nconditions: " + strings.Join(conds, " ") + "\n"
}

func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			lo := max(0, i-3)
			return fmt.Sprintf("line %d:\n  incremental: %s\n  full:        %s\ncontext:\n%s", i+1, g[i], w[i], strings.Join(w[lo:i+1], "\n"))
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(g), len(w))
}

// linkErrors checks the pointers the dump does not show: a variable
// reference to a global of the document is to one of File.Globals, to a
// parameter to one of its function's, and each Decl's Def is one of Funcs.
func linkErrors(f *File) []string {
	var errs []string
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	globals := map[*Var]bool{}
	for _, v := range f.Globals {
		globals[v] = true
	}
	funcs := map[*Func]bool{}
	for _, fn := range f.Funcs {
		funcs[fn] = true
		if fn.Stale {
			continue
		}
		Walk(fn.Body, func(s *Stmt) bool {
			StmtExprs(s, func(e *Expr) {
				WalkExpr(e, func(x *Expr) bool {
					v := x.Var
					switch {
					case v == nil || v.FromHeader:
					case v.Storage == StorageGlobal && !globals[v]:
						errorf("%s refers to a global %s not in File.Globals", fn.Name, v.Name)
					case v.Storage == StorageParam && !slices.Contains(fn.Params, v):
						errorf("%s refers to a parameter %s not its own", fn.Name, v.Name)
					case (v.Storage == StorageLocal || v.Storage == StorageStatic) && v.Func != fn:
						errorf("%s refers to a local %s of another function", fn.Name, v.Name)
					}
					return true
				})
			})
			return true
		})
	}
	for n, d := range f.Decls {
		if d.Def != nil && !funcs[d.Def] {
			errorf("Decls[%s].Def is not one of Funcs", n)
		}
	}
	slices.Sort(errs)
	return errs
}

// incrementalCases are edits chosen for what could make an incremental
// parse differ from a full one. Each is a chain of versions of a document
// (parsed in turn, each with the previous File); at every step the
// incremental parse must equal the full one, and `incremental` says
// whether the shortcut must have been taken.
var incrementalCases = []struct {
	name     string
	versions []string
	// incremental[i] is whether version i+1 must parse incrementally.
	incremental []bool
}{
	// the macros the #if lines test keep the whole text's answers (an #if
	// line in the body makes the parse a full one)
	{"#if lines outside the edited body", []string{
		"#define A 1\n#ifdef A\nint g;\n#endif\n#if !defined(B) || C > 1\nint h;\n#endif\nvoid f(int n) {\n  g = n;\n}\n",
		"#define A 1\n#ifdef A\nint g;\n#endif\n#if !defined(B) || C > 1\nint h;\n#endif\nvoid f(int n) {\n  g = n + h;\n}\n",
	}, []bool{true}},
	// conditions with function-like macros (ppcond.go): the whole text's
	// values stay, the edited body's own #if lines are evaluated again
	{"#if lines with function-like macros", []string{
		"#define V(a, b) ((a) * 100 + (b))\n#if V(2, 5) >= 205\nint g;\n#endif\nvoid f(int n) {\n  g = n;\n}\n",
		"#define V(a, b) ((a) * 100 + (b))\n#if V(2, 5) >= 205\nint g;\n#endif\nvoid f(int n) {\n  g = n + 1;\n}\n",
		"#define V(a, b) ((a) * 100 + (b))\n#if V(2, 5) >= 205\nint g;\n#endif\nvoid f(int n) {\n#if V(1, 0) > 100\n  g = n + 1;\n#endif\n}\n",
	}, []bool{true, false}},
	{"statement added", []string{
		"int g;\nvoid f(int n) {\n  g = n;\n}\nint h(void) { return g; }\n",
		"int g;\nvoid f(int n) {\n  g = n;\n  g += 2;\n}\nint h(void) { return g; }\n",
	}, []bool{true}},
	{"implicit declaration used later", []string{
		"void f(void) {\n  undeclared(1);\n}\nvoid g(void) {\n  undeclared(2);\n}\n",
		"void f(void) {\n  \n}\nvoid g(void) {\n  undeclared(2);\n}\n",
		"void f(void) {\n  undeclared(1);\n}\nvoid g(void) {\n  undeclared(2);\n}\n",
	}, []bool{true, true}},
	{"undeclared variable", []string{
		"void f(float *a) {\n  a[0] = 1;\n}\nvoid g(float *a) {\n  a[k] = 2;\n}\n",
		"void f(float *a) {\n  a[0] = 1; a[1] = 2;\n}\nvoid g(float *a) {\n  a[k] = 2;\n}\n",
	}, []bool{true}},
	{"undeclared at file scope", []string{
		"static float A[N], C[N];\nvoid f(void) {\n  A[0] = 1;\n}\n",
		"static float A[N], C[N];\nvoid f(void) {\n  A[0] = 2;\n}\n",
	}, []bool{false}},
	{"new undeclared name in the edited body", []string{
		"void f(float *a) {\n  a[0] = 1;\n}\n",
		"void f(float *a) {\n  a[0] = bq;\n}\n",
		"void f(float *a) {\n  a[0] = bqr;\n}\n",
	}, []bool{true, true}},
	{"undeclared name declared in another function", []string{
		"void f(float *a) {\n  a[0] = 1;\n}\nvoid g(int b) {}\n",
		"void f(float *a) {\n  a[0] = b;\n}\nvoid g(int b) {}\n",
	}, []bool{false}},
	{"undeclared name, then more edits of the same function", []string{
		"void f(float *a) {\n  a[0] = 1;\n}\n",
		"void f(float *a) {\n  a[0] = bq;\n}\n",
		"void f(float *a) {\n  a[0] = bq ;\n}\n",
		"void f(float *a) {\n  a[0] = bq  ;\n}\n",
	}, []bool{true, true, true}},
	{"undeclared name used undeclared in another function", []string{
		"void f(float *a) {\n  a[0] = 1;\n}\nvoid g(float *a) {\n  a[0] = q;\n}\n",
		"void f(float *a) {\n  a[0] = q;\n}\nvoid g(float *a) {\n  a[0] = q;\n}\n",
	}, []bool{false}},
	{"block-scope extern and later global", []string{
		"void f(void) {\n  extern int x;\n  x = 1;\n}\nint x;\nvoid g(void) { x = 2; }\n",
		"void f(void) {\n  extern int x;\n  x = 3;\n}\nint x;\nvoid g(void) { x = 2; }\n",
	}, []bool{true}},
	{"function declared in a body", []string{
		"void f(void) {\n  int h(int);\n  h(1);\n}\nint h(int a) { return a; }\n",
		"void f(void) {\n  int h(int);\n  h(2);\n}\nint h(int a) { return a; }\n",
	}, []bool{false}},
	{"macro defined in a body", []string{
		"void f(void) {\n  int a = 1;\n}\nint g(void) { return 2; }\n",
		"void f(void) {\n#define TWO 2\n  int a = 1;\n}\nint g(void) { return TWO; }\n",
	}, []bool{false}},
	{"macro defined in an earlier body", []string{
		"void e(void) {\n#define TWO 2\n}\nvoid f(void) {\n  int a = 1;\n}\n",
		"void e(void) {\n#define TWO 2\n}\nvoid f(void) {\n  int a = TWO;\n}\n",
	}, []bool{true}},
	{"broken, then fixed", []string{
		"#include <stdio.h>\nint g;\nvoid f(int n) {\n  for (int i = 0; i < n; i++)\n    g += i;\n}\nvoid h(void) { printf(\"%d\\n\", g); }\n",
		"#include <stdio.h>\nint g;\nvoid f(int n) {\n  for (int i = 0; i < n; i++)\n    g += i *;\n}\nvoid h(void) { printf(\"%d\\n\", g); }\n",
		"#include <stdio.h>\nint g;\nvoid f(int n) {\n  for (int i = 0; i < n; i++)\n    g += i * 2;\n}\nvoid h(void) { printf(\"%d\\n\", g); }\n",
	}, []bool{true, true}},
	{"body blanked after four holes, then fixed", []string{
		"void f(int n) {\n  int a = n;\n  a++;\n  a--;\n  a += 2;\n  a -= 1;\n}\nvoid g(void) {}\n",
		"void f(int n) {\n  int a = n +;\n  a+++;\n  a--- -;\n  a += * 2;\n  a -= / 1;\n}\nvoid g(void) {}\n",
		"void f(int n) {\n  int a = n;\n  a++;\n  a--;\n  a += 2;\n  a -= 1;\n}\nvoid g(void) {}\n",
	}, []bool{true, true}},
	{"brace added: file scope changes", []string{
		"void f(void) {\n  int a = 1;\n}\nvoid g(void) {}\n",
		"void f(void) {\n  int a = 1;\n}}\nvoid g(void) {}\n",
	}, []bool{false}},
	{"edit in a directive", []string{
		"void f(float *a, int n) {\n#pragma acc parallel loop\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n",
		"void f(float *a, int n) {\n#pragma acc parallel loop gang\n  for (int i = 0; i < n; i++) a[i] = 0;\n}\n",
	}, []bool{true}},
	{"edit undone", []string{
		"void f(int n) {\n  n++;\n}\n",
		"void f(int n) {\n  n++; n--;\n}\n",
		"void f(int n) {\n  n++;\n}\n",
	}, []bool{true, true}},
	{"header function newly called", []string{
		"#include <math.h>\nfloat f(float x) {\n  return x;\n}\n",
		"#include <math.h>\nfloat f(float x) {\n  return sqrtf(x);\n}\n",
	}, []bool{true}},
	// Real programs test _OPENACC in their bodies: an edit beside those
	// lines parses the function again, #if lines included; what would
	// change a preprocessor line (a backslash, a comment opened above it)
	// makes the parse a full one.
	// Real programs test _OPENACC in their bodies: an edit beside those
	// lines parses the function again, #if lines included; what changes a
	// preprocessor line (a backslash joining it to the line above, a
	// comment opened above it) makes the parse a full one.
	{"edits in a body with #ifdef lines", []string{
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2;\n#ifdef _OPENACC\n  printf(\"acc\\n\");\n#endif\n  t = 4;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2;\n#ifdef _OPENACC\n  printf(\"acc\\n\");\n#endif\n  t = 5;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2;\n#ifdef _OPENACC\n  printf(\"acc2\\n\");\n#endif\n  t = 5;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2; \\\n#ifdef _OPENACC\n  printf(\"acc2\\n\");\n#endif\n  t = 5;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2;\n#ifdef _OPENACC\n  printf(\"acc2\\n\");\n#endif\n  t = 5;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
		"#include <stdio.h>\nint t;\nvoid f(float *a, int n) {\n  t = 2; /*\n#ifdef _OPENACC\n  printf(\"acc2\\n\");\n#endif\n  t = 5;\n  for (int i = 0; i < n; i++) a[i] = 0;\n  t = 1; /* end */\n}\nvoid g(void) {}\n",
	}, []bool{true, true, false, false, false}},
}

func TestIncrementalCases(t *testing.T) {
	p := sharedParser(t)
	ctx := context.Background()
	for _, c := range incrementalCases {
		t.Run(c.name, func(t *testing.T) {
			var prev *File
			for i, v := range c.versions {
				text := []byte(v)
				inc0 := incrementalStats.incremental.Load()
				got, err := p.Parse(ctx, "case.c", text, prev)
				if err != nil {
					t.Fatal(err)
				}
				if i > 0 {
					want, err := p.parseFull(ctx, "case.c", text, prev)
					if err != nil {
						t.Fatal(err)
					}
					if g, w := factsString(got, text), factsString(want, text); g != w {
						t.Fatalf("version %d: incremental and full parses differ:\n%s\nincremental:\n%s", i+1, firstDiff(g, w), g)
					}
					if inc := incrementalStats.incremental.Load() > inc0; inc != c.incremental[i-1] {
						t.Errorf("version %d: incremental = %v, want %v", i+1, inc, c.incremental[i-1])
					}
				}
				prev = got
			}
		})
	}
}

// TestIncrementalHeaderChanged: a user header saved since the last parse
// makes the next one full, so that the functions it would not re-parse see
// the new header too.
func TestIncrementalHeaderChanged(t *testing.T) {
	dir := t.TempDir()
	hdr := filepath.Join(dir, "h.h")
	doc := filepath.Join(dir, "doc.c")
	write := func(s string) {
		if err := os.WriteFile(hdr, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("typedef float real;\n")
	v1 := "#include \"h.h\"\nreal f(real x) {\n  return x;\n}\nreal g(real y) {\n  return y;\n}\n"
	v2 := "#include \"h.h\"\nreal f(real x) {\n  return x + 1;\n}\nreal g(real y) {\n  return y;\n}\n"
	p := sharedParser(t)
	ctx := context.Background()
	f1, err := p.Parse(ctx, doc, []byte(v1), nil)
	if err != nil {
		t.Fatal(err)
	}
	write("typedef double real;\n")
	// (the stamp is the modification time and the size: a size change is
	// seen even within the file system's time granularity)
	f2, err := p.Parse(ctx, doc, []byte(v2), f1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.parseFull(ctx, doc, []byte(v2), f1)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := factsString(f2, []byte(v2)), factsString(want, []byte(v2)); g != w {
		t.Fatalf("after the header changed:\n%s", firstDiff(g, w))
	}
	if g := f2.Funcs[1]; g.Params[0].Type.Name != "real" || g.Params[0].Type.Size != 8 {
		t.Errorf("g's parameter: %s, want real of 8 bytes", typeString(g.Params[0].Type))
	}
	// the same text again after a save (an edit typed and undone): not the
	// previous facts
	write("typedef char real;\n")
	f3, err := p.Parse(ctx, doc, []byte(v2), f2)
	if err != nil {
		t.Fatal(err)
	}
	if g := f3.Funcs[1]; g.Params[0].Type.Size != 1 {
		t.Errorf("same text after the header changed: g's parameter %s, want real of 1 byte", typeString(g.Params[0].Type))
	}
}
