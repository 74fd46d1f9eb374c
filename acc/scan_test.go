package acc_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/internal/golden"
)

// TestScanGolden scans every testdata/scan/*.c file and compares the dump of
// the tree with the .golden file next to it. Regenerate the golden files
// with `go test ./acc -run TestScanGolden -update`.
func TestScanGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/scan/*.c")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f := acc.Scan(text)
			if err := checkTree(text, f); err != nil {
				t.Error(err)
			}
			golden.Check(t, strings.TrimSuffix(file, ".c")+".golden", []byte(dump(text, f)))
		})
	}
}

// checkTree verifies the invariants every Scan result must keep: spans are
// valid and inside text, children inside their parents, directives in order
// and disjoint, errors inside their directive.
func checkTree(text []byte, f *acc.File) error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	in := func(what string, s, parent acc.Span) {
		if !s.IsValid() || s.End > len(text) {
			bad("%s: invalid span %v (text has %d bytes)", what, s, len(text))
		} else if s.Start < parent.Start || s.End > parent.End {
			bad("%s: span %v outside its parent %v", what, s, parent)
		}
	}
	// same checks that a node's text is its source text, where no
	// continuation, escape or comment makes them differ.
	same := func(what string, s acc.Span, t string) {
		if !s.IsValid() || s.End > len(text) {
			return
		}
		src := text[s.Start:s.End]
		if bytes.IndexByte(src, '\\') < 0 && !bytes.Contains(src, []byte("/*")) && !bytes.Contains(src, []byte("//")) && string(src) != t {
			bad("%s: text %q but source %q at %v", what, t, src, s)
		}
	}
	checkExpr := func(what string, e *acc.Expr, parent acc.Span) {
		if e != nil {
			in(what, e.Span, parent)
			same(what, e.Span, e.Text)
			e.Int()
		}
	}
	checkSubs := func(what string, subs []acc.Subscript, parent acc.Span) {
		for _, s := range subs {
			in(what+" subscript", s.Span, parent)
			checkExpr(what+" lower", s.Lower, s.Span)
			checkExpr(what+" length", s.Length, s.Span)
		}
	}
	checkArgs := func(what string, l *acc.ArgList, parent acc.Span) {
		if l == nil {
			return
		}
		in(what, l.Span, parent)
		if l.Modifier != "" {
			in(what+" modifier", l.ModifierSpan, l.Span)
		}
		prev := l.Span.Start
		for _, a := range l.Items {
			if a == nil {
				bad("%s: nil item", what)
				continue
			}
			in(what+" item", a.Span, l.Span)
			same(what+" item", a.Span, a.Text)
			if a.Span.Start < prev {
				bad("%s: item %v out of order", what, a.Span)
			}
			prev = a.Span.End
			if a.Key != "" {
				in(what+" key", a.KeySpan, l.Span)
			}
			(&acc.Expr{Span: a.Span, Text: a.Text}).Int()
			if v := a.Var; v != nil {
				in(what+" var name", v.NameSpan, a.Span)
				same(what+" var name", v.NameSpan, v.Name)
				for _, m := range v.Members {
					in(what+" member", m.Span, a.Span)
					checkSubs(what+" member", m.Subscripts, a.Span)
				}
				checkSubs(what, v.Subscripts, a.Span)
			}
		}
	}
	whole := acc.Span{Start: 0, End: len(text)}
	last := 0
	for i, d := range f.Directives {
		what := fmt.Sprintf("directive %d (%s)", i, d.Name)
		in(what, d.Span, whole)
		if d.Span.Start < last {
			bad("%s: overlaps the previous directive", what)
		}
		last = d.Span.End
		in(what+" body", d.Body, d.Span)
		if d.Span.Len() > 0 {
			if c := text[d.Span.Start]; d.Form == acc.FormPragma && c != '#' || d.Form == acc.FormOperator && c != '_' {
				bad("%s: starts with %q", what, c)
			}
		}
		if d.Name != "" {
			in(what+" name", d.NameSpan, d.Body)
		}
		if (d.Spec == nil) != (acc.LookupDirective(d.Name) == nil) {
			bad("%s: Spec does not match the name", what)
		}
		checkArgs(what+" paren", d.Paren, d.Body)
		for _, c := range d.Clauses {
			cw := what + " clause " + c.Name
			in(cw, c.Span, d.Body)
			in(cw+" name", c.NameSpan, c.Span)
			same(cw+" name", c.NameSpan, c.Name)
			checkArgs(cw+" args", c.Args, c.Span)
		}
		for _, e := range d.Errors {
			in(what+" error "+e.Message, e.Span, d.Span)
			if e.Message == "" {
				bad("%s: empty error message", what)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

// FuzzScan checks that Scan never panics and keeps its span invariants on
// any input.
func FuzzScan(f *testing.F) {
	files, _ := filepath.Glob("testdata/scan/*.c")
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(text)
		// Each directive line alone makes a denser seed.
		for _, line := range bytes.Split(text, []byte("\n")) {
			if bytes.Contains(line, []byte("acc")) {
				f.Add(line)
			}
		}
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		file := acc.Scan(text)
		if err := checkTree(text, file); err != nil {
			t.Fatal(err)
		}
	})
}

func TestScanEmpty(t *testing.T) {
	for _, s := range []string{"", "#", "_", "/", "\"", "'", "{", "}", "\\", "#pragma", "#pragma acc", "_Pragma", "_Pragma(", "_Pragma(\"", "_Pragma(\"acc", "_Pragma(\"acc\"", "#pragma acc x(", "/*", "//"} {
		text := []byte(s)
		f := acc.Scan(text)
		if err := checkTree(text, f); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

func TestInt(t *testing.T) {
	tests := []struct {
		text string
		want int64
		ok   bool
	}{
		{"0", 0, true},
		{"42", 42, true},
		{" 7 ", 7, true},
		{"0x1F", 31, true},
		{"0XfF", 255, true},
		{"010", 8, true},
		{"0b101", 5, true},
		{"10u", 10, true},
		{"10UL", 10, true},
		{"10llu", 10, true},
		{"10uLL", 10, true},
		{"-1", -1, true},
		{"+3", 3, true},
		{"~0", -1, true},
		{"!0", 1, true},
		{"!5", 0, true},
		{"!!5", 1, true},
		{"- -2", 2, true},
		{"1+2*3", 7, true},
		{"(1+2)*3", 9, true},
		{"10-4-3", 3, true},
		{"100/10/5", 2, true},
		{"17 % 5", 2, true},
		{"1 << 7", 128, true},
		{"256 >> 2", 64, true},
		{"1 + 1 << 2", 8, true},
		{"6 & 3", 2, true},
		{"6 | 3", 7, true},
		{"6 ^ 3", 5, true},
		{"1 | 2 ^ 3 & 4", 3, true},
		{"((((3))))", 3, true},
		{"-(2 + 3) * 4", -20, true},
		{"0xffffffffffffffff", -1, true},
		{"-9223372036854775808", -9223372036854775808, true},
		{"", 0, false},
		{"n", 0, false},
		{"N + 1", 0, false},
		{"1 / 0", 0, false},
		{"1 % 0", 0, false},
		{"1 << 64", 0, false},
		{"1 << -1", 0, false},
		{"1.5", 0, false},
		{"1e3", 0, false},
		{"08", 0, false},
		{"0x", 0, false},
		{"10uu", 0, false},
		{"10lll", 0, false},
		{"10f", 0, false},
		{"0x1g", 0, false},
		{"99999999999999999999", 0, false},
		{"(1", 0, false},
		{"1)", 0, false},
		{"1 +", 0, false},
		{"1 && 2", 0, false},
		{"1 < 2", 0, false},
		{"1 == 1", 0, false},
		{"--1", 0, false},
		{"'a'", 0, false},
		{"sizeof(int)", 0, false},
		{"(int)3", 3, true},
		{"(int) (4 + 4) / 2", 4, true},
		{"(unsigned char)300", 44, true},
		{"(signed char)200", -56, true},
		{"(short)70000", 4464, true},
		{"(unsigned)-1", 4294967295, true},
		{"(long)-1", -1, true},
		{"(size_t)7", 7, true},
		{"(float)3", 0, false},
		{"(int", 0, false},
		{"()3", 0, false},
		{"-9223372036854775807 - 1 / -1", -9223372036854775806, true},
		{"(-9223372036854775807 - 1) / -1", 0, false},
		{strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000), 0, false},
		{strings.Repeat("- ", 300) + "1", 0, false},
		{strings.Repeat("- ", 100) + "1", 1, true},
	}
	for _, tt := range tests {
		got, ok := (&acc.Expr{Text: tt.text}).Int()
		if got != tt.want || ok != tt.ok {
			t.Errorf("Int(%q) = %d, %v; want %d, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
	// Names with values (acc.Consts, from the C front end's macros and
	// enumeration constants).
	consts := acc.Consts{"N": 4, "TS": 16}
	for _, tt := range []struct {
		text string
		want int64
		ok   bool
	}{{"N", 4, true}, {"TS / N + 1", 5, true}, {"(int)N * 2", 8, true}, {"M", 0, false}, {"N2", 0, false}, {"N(1)", 0, false}} {
		got, ok := (&acc.Expr{Text: tt.text, Consts: consts}).Int()
		if got != tt.want || ok != tt.ok {
			t.Errorf("Int(%q) with constants = %d, %v; want %d, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
	for text, want := range map[string]string{"N + M": "M", "(int)n / N": "n", "N * 2": "", "1 +": "", "(float)N": ""} {
		if got := (&acc.Expr{Text: text, Consts: consts}).UnknownName(); got != want {
			t.Errorf("UnknownName(%q) = %q, want %q", text, got, want)
		}
	}
	if _, ok := (*acc.Expr)(nil).Int(); ok {
		t.Error("nil Expr has a value")
	}
}

func TestWordAfter(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"#pragma acc parallel\nfor (;;)", "for"},
		{"#pragma acc parallel /* c */ \\\n // x\n\t for_each(a)", "for_each"},
		{"#pragma acc parallel\n{ for (;;) }", ""},
		{"#pragma acc parallel\n#pragma acc loop\nfor (;;)", ""},
		{"#pragma acc parallel", ""},
		{"#pragma acc parallel\n9x", ""},
	} {
		if got, _ := acc.WordAfter([]byte(tc.text), len("#pragma acc parallel")); got != tc.want {
			t.Errorf("WordAfter(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
