package cfacts

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
)

// TestCondValues: the #if and #elif conditions that need the macros'
// expansion get the preprocessor's value; those it cannot evaluate here
// are left out. Each line of the table is a condition and its value ("?"
// for none); a function-like macro's name alone is no invocation, and an
// identifier left after expansion is 0, as C says.
func TestCondValues(t *testing.T) {
	const defs = `#define VERSION(major, minor) ((major) * 100 + (minor))
#define USE_ASYNC VERSION(2, 5)
#define FIRST(a, ...) a
#define REST(a, ...) __VA_ARGS__
#define NONE() 7
#define SELF SELF
#define STR(x) #x
#define LEVEL 2
#define EMPTY
#define GUARD defined(LEVEL)
`
	table := `
USE_ASYNC >= 205                     => true
VERSION(1, 0) > USE_ASYNC            => false
FIRST(0, 1, 2) || REST(0, 3)         => true
REST(1, 0)                           => false
NONE() == 7                          => true
VERSION (3, 1) == 301 /* spaced */   => true
defined(VERSION) && !defined UNDEF   => true
SELF                                 => false
UNKNOWN_NAME + 1                     => true
LEVEL EMPTY > 1                      => true
GUARD                                => true
VERSION                              => false
STR(a)                               => ?
__has_include(<stdio.h>)             => ?
'a' == 97                            => ?
VERSION(1,                           => ?
`
	var src strings.Builder
	src.WriteString(defs)
	// forty macros in one condition: each is scanned again with the rest
	var sum []string
	for i := range 40 {
		fmt.Fprintf(&src, "#define M%d 1\n", i)
		sum = append(sum, fmt.Sprintf("M%d", i))
	}
	table += strings.Join(sum, " + ") + " == 40 => true\n"
	type want struct{ cond, value string }
	var wants []want
	for _, line := range strings.Split(strings.TrimSpace(table), "\n") {
		cond, value, _ := strings.Cut(line, "=>")
		cond = strings.TrimSpace(cond)
		wants = append(wants, want{cond, strings.TrimSpace(value)})
		src.WriteString("#if " + cond + "\n#endif\n")
	}
	src.WriteString("int main(void) { return 0; }\n")
	f, err := sharedParser(t).Parse(context.Background(), "conds.c", []byte(src.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range wants {
		v, ok := f.Conds[acc.CondKey(w.cond)]
		got := "?"
		if ok {
			got = "false"
			if v {
				got = "true"
			}
		}
		if got != w.value {
			t.Errorf("#if %s: got %s, want %s", w.cond, got, w.value)
		}
	}
}
