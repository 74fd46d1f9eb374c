package analysis_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/accls/accls/analysis"
)

// TestPGIGridSeverity: the nests PGI's compilers map onto a grid in a
// kernels construct (and accls's compiler too) are warnings there; the
// same nests in a parallel construct, and the orders no compiler maps,
// stay errors.
func TestPGIGridSeverity(t *testing.T) {
	src := `void f(float *restrict a, int n)
{
#pragma acc kernels copy(a[0:n*n])
	{
#pragma acc loop gang independent
		for (int i = 0; i < n; i++)
#pragma acc loop gang vector independent
			for (int j = 0; j < n; j++)
				a[i * n + j] += 1;
#pragma acc loop gang worker independent
		for (int i = 0; i < n; i++)
#pragma acc loop gang worker independent
			for (int j = 0; j < n; j++)
				a[i * n + j] += 2;
#pragma acc loop gang(8) vector(2) independent
		for (int i = 0; i < n; i++)
#pragma acc loop vector(32) independent
			for (int j = 0; j < n; j++)
				a[i * n + j] += 3;
#pragma acc loop vector independent
		for (int i = 0; i < n; i++)
#pragma acc loop gang independent
			for (int j = 0; j < n; j++)
				a[i * n + j] += 4;
	}
#pragma acc parallel loop gang copy(a[0:n*n])
	for (int i = 0; i < n; i++)
#pragma acc loop gang
		for (int j = 0; j < n; j++)
			a[i * n + j] += 5;
}
`
	var got []string
	for _, d := range analysis.CheckSemantics(model(t, src)) {
		if d.Rule != "loop-level-order" {
			continue
		}
		line := strings.Count(src[:d.Span.Start], "\n") + 1
		got = append(got, strconv.Itoa(line)+":"+d.Severity.String())
	}
	want := "7:warning 12:warning 12:warning 17:warning 22:error 28:error"
	if strings.Join(got, " ") != want {
		t.Errorf("loop-level-order findings (line:severity) %q, want %q", strings.Join(got, " "), want)
	}
}
