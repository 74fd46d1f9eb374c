package codeactions_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/codeactions"
)

// TestMoveClauseFixes: a data clause written on an inner loop moves to the
// enclosing compute construct, the clause-not-allowed diagnostic goes away
// and no new diagnostic appears.
func TestMoveClauseFixes(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{
			name: "copyin on an inner loop",
			src: "void f(float *a, float *b, int n)\n{\n#pragma acc parallel copyout(b[0:n])\n{\n" +
				"#pragma acc loop gang copyin(a[0:n])\nfor (int i = 0; i < n; i++) b[i] = a[i];\n}\n}\n",
			want: "#pragma acc parallel copyout(b[0:n]) copyin(a[0:n])\n{\n#pragma acc loop gang\n",
		},
		{
			name: "before a device_type section",
			src: "void f(float *a, float *b, int n)\n{\n#pragma acc parallel copyout(b[0:n]) device_type(nvidia) vector_length(128)\n{\n" +
				"#pragma acc loop copyin(a[0:n]) gang\nfor (int i = 0; i < n; i++) b[i] = a[i];\n}\n}\n",
			want: "#pragma acc parallel copyout(b[0:n]) copyin(a[0:n]) device_type(nvidia) vector_length(128)\n{\n#pragma acc loop gang\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := []byte(tc.src)
			m := buildModel(t, text)
			at := strings.Index(tc.src, "#pragma acc loop")
			actions := codeactions.MoveClauseFixes(m, acc.Span{Start: at, End: at})
			if len(actions) != 1 {
				t.Fatalf("got %d actions, want 1", len(actions))
			}
			fixed, err := codeactions.Apply(text, actions[0].Edits)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(fixed), tc.want) {
				t.Errorf("fixed text:\n%s\nwant it to contain:\n%s", fixed, tc.want)
			}
			before := allDiagnostics(m)
			if !slices.ContainsFunc(before, func(d analysis.Diagnostic) bool { return d.Rule == "clause-not-allowed" }) {
				t.Fatalf("no clause-not-allowed before the fix: %v", before)
			}
			if after := allDiagnostics(buildModel(t, fixed)); len(after) > 0 {
				t.Errorf("after the fix: %s [%s]", after[0].Message, after[0].Rule)
			}
		})
	}
	// No enclosing compute construct: no move.
	src := []byte("void f(float *a, int n)\n{\n#pragma acc loop copyin(a[0:n])\nfor (int i = 0; i < n; i++) a[i] = 0;\n}\n")
	if got := codeactions.MoveClauseFixes(buildModel(t, src), acc.Span{Start: 30, End: 30}); len(got) != 0 {
		t.Errorf("orphaned loop: got %v", got)
	}
}
