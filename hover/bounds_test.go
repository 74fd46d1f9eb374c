package hover

import (
	"strings"
	"testing"

	"github.com/accls/accls/source/cfacts"
)

func TestBoundMarkdown(t *testing.T) {
	intType := &cfacts.Type{Name: "int"}
	tests := []struct {
		name      string
		b         Bound
		directive string
		want      []string // substrings, in order
		not       []string
	}{
		{"length of a construct's item", Bound{Name: "n", Type: intType, Item: "a[0:n]", Part: "length"},
			"`parallel loop` construct (line 4)",
			[]string{"#### `n` — length in `a[0:n]`", "```c\nint n\n```", "when the `parallel loop` construct (line 4) starts", "does not resize it"},
			[]string{"host's struct"}},
		{"member in a data construct", Bound{Name: "g->nx", Type: intType, Struct: &cfacts.Type{Name: "struct grid"}, Item: "g->u[0:g->nx]", Part: "length"},
			"`data` construct (line 9)",
			[]string{"#### `g->nx` — length in `g->u[0:g->nx]`", "int nx; /* in struct grid */", "starts", "read from the host's struct"},
			nil},
		{"update runs where it stands", Bound{Name: "lo", Type: intType, Item: "u[lo:m]", Part: "lower bound", Standalone: true},
			"`update` directive (line 12)",
			[]string{"lower bound in `u[lo:m]`", "when the `update` directive (line 12) runs"},
			[]string{"resize", "starts"}},
		{"unknown type", Bound{Name: "k", Item: "a[k]", Part: "index"}, "`data` construct (line 1)",
			[]string{"#### `k` — index in `a[k]`\n\nThe host"}, []string{"```c"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkMarkdown(t, BoundMarkdown(tc.b, tc.directive), tc.want, tc.not)
		})
	}
}

// checkMarkdown checks that md holds the strings of want in order and none
// of not.
func checkMarkdown(t *testing.T, md string, want, not []string) {
	t.Helper()
	rest := md
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("missing (in order) %q in:\n%s", w, md)
		}
		rest = rest[i+len(w):]
	}
	for _, n := range not {
		if strings.Contains(md, n) {
			t.Errorf("unexpected %q in:\n%s", n, md)
		}
	}
}
