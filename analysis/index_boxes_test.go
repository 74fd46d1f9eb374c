package analysis

import (
	"testing"

	"github.com/accls/accls/source/cfacts"
)

// TestLinParse checks the affine expressions of directives' text and
// their spelling: n and m are variables, N a constant.
func TestLinParse(t *testing.T) {
	n, m := &cfacts.Var{Name: "n"}, &cfacts.Var{Name: "m"}
	vars := map[string]*cfacts.Var{"n": n, "m": m}
	parse := func(s string) (lin, bool) {
		lp := &linParser{s: s, resolve: func(name string) (lin, bool) {
			if name == "N" {
				return linConst(100), true
			}
			if v := vars[name]; v != nil {
				return linVar(v), true
			}
			return lin{}, false
		}}
		x, ok := lp.sum()
		lp.space()
		return x, ok && lp.pos == len(lp.s)
	}
	cases := []struct{ in, want string }{
		{"0", "0"},
		{"n", "n"},
		{"n - 1", "n - 1"},
		{"(rows)", ""},
		{"2 * (n + 1) - m", "-m + 2 * n + 2"},
		{"N * 2 + n", "n + 200"},
		{"-n + N", "-n + 100"},
		{"n * m", ""},
		{"n +", ""},
		{"(n + 2) * (m + 2)", ""},
	}
	for _, c := range cases {
		x, ok := parse(c.in)
		got := ""
		if ok {
			got = x.String()
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

// TestOutsideFace checks which faces of a read box every write box
// misses, with bounds that differ by constants or cannot be compared.
func TestOutsideFace(t *testing.T) {
	n, m := linVar(&cfacts.Var{Name: "n"}), linVar(&cfacts.Var{Name: "m"})
	k := linConst
	oneD := func(lo, hi lin) box { return box{lo: []lin{lo}, hi: []lin{hi}} }
	cases := []struct {
		name   string
		read   box
		writes []box
		dim    int
		hi, ok bool
	}{
		{"first index", oneD(k(0), n.plus(k(1), -1)), []box{oneD(k(1), n.plus(k(2), -1))}, 0, false, true},
		{"last index", oneD(k(1), n), []box{oneD(k(1), n.plus(k(1), -1))}, 0, true, true},
		{"covered by two", oneD(k(0), n), []box{oneD(k(1), n), oneD(k(0), k(0))}, 0, false, false},
		{"incomparable", oneD(k(0), m), []box{oneD(k(0), n)}, 0, false, false},
		{"inside", oneD(k(2), n.plus(k(3), -1)), []box{oneD(k(1), n)}, 0, false, false},
		{"other shape", oneD(k(0), n), []box{{lo: []lin{k(1), k(1)}, hi: []lin{n, n}}}, 0, false, false},
	}
	for _, c := range cases {
		d, hi, ok := outsideFace(c.read, c.writes)
		if ok != c.ok || ok && (d != c.dim || hi != c.hi) {
			t.Errorf("%s: got %d %v %v, want %d %v %v", c.name, d, hi, ok, c.dim, c.hi, c.ok)
		}
	}
}
