package compiler

import (
	"testing"

	"github.com/accls/accls/source/cfacts"
)

// TestCacheBounds: the bounds of cache sub-arrays parse into trees whose
// linear forms give the loop variables' coefficients (cacheexpr.go).
func TestCacheBounds(t *testing.T) {
	i := &cfacts.Var{Name: "i"}
	j := &cfacts.Var{Name: "j"}
	r := &cfacts.Var{Name: "r"}
	vars := map[string]*cfacts.Var{"i": i, "j": j, "r": r}
	resolve := func(name string) *cfacts.Var { return vars[name] }
	loop := []*cfacts.Var{i, j}
	for _, tc := range []struct {
		text   string
		ok     bool  // affine in the loop variables
		ci, cj int64 // coefficients of i and j
		c      int64 // the constant
		emit   string
	}{
		{"i-1", true, 1, 0, -1, "((long)i - 1)"},
		{" 2*i + 3 ", true, 2, 0, 3, "((2 * (long)i) + 3)"},
		{"-(i - j) * 4", true, -4, 4, 0, "((-((long)i - (long)j)) * 4)"},
		{"i - r", true, 1, 0, 0, "((long)i - (long)r)"},
		{"r * r + j", true, 0, 1, 0, "(((long)r * (long)r) + (long)j)"},
		{"N/4 + i", true, 1, 0, 0, "(((long)N / 4) + (long)i)"},
		{"0x10 + i", true, 1, 0, 16, "(16 + (long)i)"},
		{"i * j", false, 0, 0, 0, ""},
		{"i / 2", false, 0, 0, 0, ""},
	} {
		n, err := parseCx(tc.text, resolve)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		l := n.lin(loop)
		if l.ok != tc.ok {
			t.Errorf("%q: affine %v, want %v", tc.text, l.ok, tc.ok)
			continue
		}
		if !l.ok {
			continue
		}
		if l.terms[varKey(i)] != tc.ci || l.terms[varKey(j)] != tc.cj || l.c != tc.c {
			t.Errorf("%q: %d·i + %d·j + %d, want %d·i + %d·j + %d", tc.text, l.terms[varKey(i)], l.terms[varKey(j)], l.c, tc.ci, tc.cj, tc.c)
		}
		if got := n.emit(func(n *cx) string { return n.name }); got != tc.emit {
			t.Errorf("%q: emits %s, want %s", tc.text, got, tc.emit)
		}
	}
	for _, bad := range []string{"f(i)", "a[i]", "i +", "(i", "1.5", "s.x", ""} {
		if _, err := parseCx(bad, resolve); err == nil {
			t.Errorf("%q: parsed, want an error", bad)
		}
	}
}
