package compiler_test

import (
	"context"
	"strings"
	"testing"

	"github.com/accls/accls/compiler"
)

// TestGridShape checks which 2-D/3-D grid kernels get narrow groups
// (subscripts that step by rows along the innermost loop dominate).
func TestGridShape(t *testing.T) {
	cases := []struct {
		name   string
		body   string // the body of for i, for j under parallel loop collapse(2)
		narrow bool
	}{
		{"syrk", "float s = 0; for (int k = 0; k < N; k++) s += a[i][k] * a[j][k]; c[i][j] = s;", true},
		{"gemm", "float s = 0; for (int k = 0; k < N; k++) s += a[i][k] * b[k][j]; c[i][j] = s;", false},
		{"linear syrk", "float s = 0; for (int k = 0; k < N; k++) s += l[i * N + k] * l[j * N + k]; l2[i * N + j] = s;", true},
		{"linear gemm", "float s = 0; for (int k = 0; k < N; k++) s += l[i * N + k] * l[k * N + j]; l2[i * N + j] = s;", false},
		{"stencil", "c[i][j] = a[i][j - 1 + 1] + a[i - 1 + 1][j] - b[i][N - 1 - j];", false},
		{"transpose", "c[i][j] = a[j][i];", false}, // one strided read, one unit write: a tie keeps rows
		{"column reads", "c[i][j] = a[j][i] + b[j][i] + a[j][0];", true},
		{"gather", "float s = 0; for (int k = 0; k < N; k++) s += l[idx[j] + k]; c[i][j] = s;", false},
		{"scaled", "c[i][j] = l[2 * j] + l[j * 2 + 1] + l[N * j];", true},
		{"unit times one", "c[i][j] = l[1 * j] + l[j * 1] + a[i][j * (1)];", false},
	}
	for _, tc := range cases {
		src := `#define N 64
float a[N][N], b[N][N], c[N][N], l[N * N], l2[N * N];
int idx[N];
void f(void)
{
#pragma acc parallel loop collapse(2) copyin(a, b, l, idx) copyout(c, l2)
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			` + tc.body + `
		}
}
`
		r, err := compiler.Translate(context.Background(), "shape.c", []byte(src), options(t), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		grid := strings.Count(r.Host, "accls_grid_ndrange(accls_grid, accls_V, accls_n1, 0)")
		narrow := strings.Count(r.Host, "accls_grid_ndrange(accls_grid, accls_V, accls_n1, 1)")
		if grid+narrow != 1 {
			t.Fatalf("%s: %d grid launches, %d narrow ones, want one kernel on a grid", tc.name, grid, narrow)
		}
		if (narrow == 1) != tc.narrow {
			t.Errorf("%s: narrow groups %v, want %v", tc.name, narrow == 1, tc.narrow)
		}
	}
}
