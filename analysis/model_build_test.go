package analysis_test

import (
	"context"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// model parses src and builds its region model.
func model(t *testing.T, src string) *analysis.Model {
	t.Helper()
	cf, err := parseC("model.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return analysis.BuildModel([]byte(src), acc.Scan([]byte(src)), cf)
}

// region returns the region of the n-th directive named name.
func region(t *testing.T, m *analysis.Model, name string, n int) *analysis.Region {
	t.Helper()
	for _, d := range m.Acc.Directives {
		if d.Name == name {
			if n == 0 {
				r := m.ByDirective[d]
				if r == nil {
					t.Fatalf("directive %s has no region", name)
				}
				return r
			}
			n--
		}
	}
	t.Fatalf("no directive %s", name)
	return nil
}

func stmtText(m *analysis.Model, s *cfacts.Stmt) string {
	if s == nil {
		return "<nil>"
	}
	return strings.Join(strings.Fields(string(m.Text[s.Span.Start:s.Span.End])), " ")
}

func TestBuildModel(t *testing.T) {
	src := `#pragma acc routine vector
void row(float *r, int m);

void f(float *restrict a, int n, int m)
{
#pragma acc data copy(a[0:n*m])
    {
#pragma acc parallel
#pragma acc loop gang collapse(2)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < m; j++) {
#pragma acc loop vector
                for (int k = 0; k < 4; k++)
                    a[i * m + j] += k;
            }
#pragma acc parallel loop worker device_type(nvidia) vector
        for (int i = 0; i < n; i++)
            row(a + i * m, m);
        if (n > 0)
#pragma acc update self(a[0:n])
        n = 0;
#pragma acc atomic
        n++;
    }
}
`
	m := model(t, src)
	if len(m.Funcs) != 1 || m.Funcs[0].Func.Name != "f" {
		t.Fatalf("funcs: %v", m.Funcs)
	}
	fm := m.Funcs[0]
	if len(fm.Directives) != 7 {
		t.Errorf("directives in f: %d, want 7", len(fm.Directives))
	}
	if d := m.Routines["row"]; d == nil || d.Name != "routine" {
		t.Errorf("routine of row: %v", d)
	}
	data := region(t, m, "data", 0)
	par := region(t, m, "parallel", 0)
	loop := region(t, m, "loop", 0)
	inner := region(t, m, "loop", 1)
	comb := region(t, m, "parallel loop", 0)
	upd := region(t, m, "update", 0)
	atom := region(t, m, "atomic", 0)
	if len(fm.Regions) != 1 || fm.Regions[0] != data {
		t.Errorf("top regions: %v", fm.Regions)
	}
	if data.Kind != analysis.RegionData || data.Compute != nil || len(data.Children) != 4 {
		t.Errorf("data: kind %v compute %v children %d", data.Kind, data.Compute, len(data.Children))
	}
	if par.Parent != data || par.Stmt != loop.Stmt || loop.Parent != par || loop.Compute != par {
		t.Errorf("parallel and loop should govern the same for and nest")
	}
	if len(loop.Loops) != 2 || loop.Level != analysis.LevelGang || stmtText(m, loop.Loops[1])[:20] != "for (int j = 0; j < " {
		t.Errorf("loop: %d loops, level %v", len(loop.Loops), loop.Level)
	}
	if inner.Parent != loop || inner.Compute != par || inner.Level != analysis.LevelVector {
		t.Errorf("inner loop: parent %v level %v", inner.Parent, inner.Level)
	}
	if comb.Kind != analysis.RegionCompute || comb.Compute != comb || comb.Level != analysis.LevelWorker || len(comb.Loops) != 1 {
		t.Errorf("combined: kind %v level %v loops %d", comb.Kind, comb.Level, len(comb.Loops))
	}
	if upd.Kind != analysis.RegionStandalone || upd.Container == nil || upd.Container.Kind != cfacts.StmtIf || stmtText(m, upd.Stmt) != "n = 0;" {
		t.Errorf("update: container %v stmt %q", upd.Container, stmtText(m, upd.Stmt))
	}
	if atom.Kind != analysis.RegionAtomic || stmtText(m, atom.Stmt) != "n++;" || atom.Parent != data {
		t.Errorf("atomic: stmt %q", stmtText(m, atom.Stmt))
	}
	off := strings.Index(src, "a[i * m + j] += k")
	if r := m.RegionAt(off); r != inner {
		t.Errorf("RegionAt: %v", r)
	}
}

// TestSemanticStale: a function whose body no longer parses keeps its
// previous facts (Stale) and its regions, but gets no semantic diagnostics;
// the other functions still do.
func TestSemanticStale(t *testing.T) {
	good := `void f(float *restrict a, int n)
{
#pragma acc parallel loop vector copy(a[0:n*n])
    for (int i = 0; i < n; i++) {
#pragma acc loop gang
        for (int j = 0; j < n; j++)
            a[i * n + j] = 0.0f;
    }
}

void g(float *restrict a, int n)
{
#pragma acc parallel copy(a[0:n])
    {
        if (n > 1)
            return;
    }
}
`
	p := cfacts.NewParser(cfacts.Options{CacheDir: "-"})
	prev, err := p.Parse(context.Background(), "stale.c", []byte(good), nil)
	if err != nil {
		t.Fatal(err)
	}
	rules := func(text string, cf *cfacts.File) []string {
		var got []string
		m := analysis.BuildModel([]byte(text), acc.Scan([]byte(text)), cf)
		for _, d := range analysis.CheckSemantics(m) {
			got = append(got, d.Rule)
		}
		return got
	}
	if got := rules(good, prev); strings.Join(got, " ") != "loop-level-order branch-out-of-region" {
		t.Fatalf("good text: %v", got)
	}
	for _, tc := range []struct {
		name, broken string
		check        func(f *cfacts.Func) bool
	}{
		// Too many broken statements: the body is replaced by the previous one.
		{"stale", "a[i * n + j] = 0.0f; x = ; y = ; z = ; w = ; v = ;", func(f *cfacts.Func) bool { return f.Stale }},
		// One statement being typed: a hole; the region around it is silent.
		{"hole", "a[i * n + j] = 0.0f * ;", func(f *cfacts.Func) bool { return len(f.Holes) > 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := strings.Replace(good, "a[i * n + j] = 0.0f;", tc.broken, 1)
			cf, err := p.Parse(context.Background(), "stale.c", []byte(bad), prev)
			if err != nil {
				t.Fatal(err)
			}
			if len(cf.Funcs) != 2 || !tc.check(cf.Funcs[0]) {
				t.Fatalf("the C front end did not recover as expected: %+v", cf.Funcs[0])
			}
			if got := rules(bad, cf); strings.Join(got, " ") != "branch-out-of-region" {
				t.Errorf("broken f: %v, want only g's branch-out-of-region", got)
			}
		})
	}
}
