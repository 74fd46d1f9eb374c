package analysis_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/accls/accls/analysis"
)

// TestCollectRefs checks the classification of references: each case is
// the body of a function with parameters
//
//	float *p, int n, float x, struct s *sp, struct s st
//
// and a local array float a[8]; the expected references of its last statement, in source order, as
// name:access/elem with the flags * (dereference), & (address taken),
// c (passed to a call), e (escapes), the operator of a read-modify-write in
// braces and the subscripts in brackets.
func TestCollectRefs(t *testing.T) {
	if parseC == nil {
		t.Skip("the C front end is not available yet")
	}
	cases := []struct{ body, want string }{
		{"x = 1;", "x:w/-"},
		{"x += n;", "x:rw/-{+} n:r/-"},
		{"x -= n;", "x:rw/-{+} n:r/-"},
		{"x = x * 2;", "x:rw/-{*} x:r/-"},
		{"x = 2 + x;", "x:rw/-{+} x:r/-"},
		{"x = n - x;", "x:w/- n:r/- x:r/-"},
		{"x /= 2;", "x:rw/-"},
		{"n++;", "n:rw/-{+}"},
		{"--n;", "n:rw/-{+}"},
		{"x = fmaxf(x, a[n]);", "x:rw/-{max} x:r/- a:-/r[n] n:r/-"},
		{"x = x < a[0] ? x : a[0];", "x:rw/-{min} x:r/- a:-/r[0] x:r/- a:-/r[0]"},
		{"if (a[n] > x) x = a[n];", "a:-/r[n] n:r/- x:r/- x:rw/-{max} a:-/r[n] n:r/-"},
		{"a[n] = x;", "a:-/w[n] n:r/- x:r/-"},
		{"a[n] += 1;", "a:-/rw[n] n:r/-"},
		{"p[n] = p[n - 1];", "p:r/w*[n] n:r/- p:r/r*[n-1] n:r/-"},
		{"*p = 0;", "p:r/w*"},
		{"p = 0;", "p:w/-"},
		{"p++;", "p:rw/-{+}"},
		{"sp->v = 1;", "sp:r/w*"},
		{"st.v = 1;", "st:-/w"},
		{"x = st.v;", "x:w/- st:-/r"},
		{"use(p);", "p:r/-ce"},
		{"use(a);", "a:-/-ce"},
		{"use(&a[n]);", "a:-/-&c[n] n:r/-"},
		{"use(&p[n]);", "p:r/-&c[n] n:r/-"},
		{"use(&x);", "x:-/-&c"},
		{"usef(x);", "x:r/-"},
		{"float *q = p + n;", "q:w/- p:r/-e n:r/-"},
		{"x = sizeof a[n];", "x:w/-"},
		{"*(p + n) = 1;", "p:r/w*[n] n:r/-"},
	}
	for _, c := range cases {
		src := "struct s { float v; };\nfloat fmaxf(float, float);\nvoid use(void *);\nvoid usef(float);\n" +
			"void f(float *p, int n, float x, struct s *sp, struct s st) {\nfloat a[8];\n" + c.body + "\n}\n"
		cf, err := parseC("refs.c", []byte(src))
		if err != nil || cf == nil || len(cf.Funcs) == 0 || cf.Funcs[0].Body == nil {
			t.Errorf("%s: does not parse: %v", c.body, err)
			continue
		}
		body := cf.Funcs[0].Body
		last := body.List[len(body.List)-1]
		var got []string
		for _, r := range analysis.CollectRefs(last) {
			got = append(got, refString([]byte(src), r))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s\n got: %s\nwant: %s", c.body, g, c.want)
		}
	}
}

func refString(text []byte, r *analysis.Ref) string {
	acc := func(a analysis.Access) string {
		switch a {
		case analysis.AccRead:
			return "r"
		case analysis.AccWrite:
			return "w"
		case analysis.AccRMW:
			return "rw"
		}
		return "-"
	}
	s := fmt.Sprintf("%s:%s/%s", r.Var.Name, acc(r.Access), acc(r.Elem))
	for _, f := range []struct {
		on bool
		c  string
	}{{r.Deref, "*"}, {r.Addr, "&"}, {r.Call, "c"}, {r.Escape, "e"}} {
		if f.on {
			s += f.c
		}
	}
	if r.Op != "" {
		s += "{" + r.Op + "}"
	}
	if len(r.Index) > 0 {
		var idx []string
		for _, e := range r.Index {
			idx = append(idx, strings.ReplaceAll(string(text[e.Span.Start:e.Span.End]), " ", ""))
		}
		s += "[" + strings.Join(idx, "][") + "]"
	}
	return s
}
