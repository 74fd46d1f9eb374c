package analysis_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// TestIncrementalDiagnostics checks the semantic diagnostics after an
// incremental C parse (cfacts.Parse given the previous File, edit inside one
// function) against those of a parse from scratch, on the semantic test
// programs: for several ';' in each function body, a blank inserted after
// it (valid C either way, so the parse from scratch is the full parse the
// incremental one must equal; every span after it moves).
func TestIncrementalDiagnostics(t *testing.T) {
	files := semFiles(t)
	p := cfacts.NewParser(cfacts.Options{CacheDir: t.TempDir()})
	ctx := context.Background()
	semantic := func(text []byte, cf *cfacts.File) string {
		var b bytes.Buffer
		for _, d := range analysis.CheckSemantics(analysis.BuildModel(text, acc.Scan(text), cf)) {
			fmt.Fprintf(&b, "%v %s %s related=%v fixes=%v\n", d.Span, d.Rule, d.Message, d.Related, d.Fixes)
		}
		return b.String()
	}
	compared, withDiags := 0, 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f0, err := p.Parse(ctx, file, text, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range f0.Funcs {
			if fn.Body == nil || fn.Stale {
				continue
			}
			var semis []int
			for i := fn.Body.Span.Start; i < fn.Body.Span.End; i++ {
				if text[i] == ';' {
					semis = append(semis, i+1)
				}
			}
			for k, at := range semis {
				if k%max(1, len(semis)/3) != 0 {
					continue // a few per function
				}
				edited := slices.Concat(text[:at], []byte(" "), text[at:])
				inc, err := p.Parse(ctx, file, edited, f0)
				if err != nil {
					t.Fatal(err)
				}
				full, err := p.Parse(ctx, file, edited, nil)
				if err != nil {
					t.Fatal(err)
				}
				got, want := semantic(edited, inc), semantic(edited, full)
				if got != want {
					t.Fatalf("%s: blank after offset %d (in %s): diagnostics differ\nincremental:\n%s\nfull:\n%s", file, at, fn.Name, got, want)
				}
				compared++
				if want != "" {
					withDiags++
				}
			}
		}
	}
	t.Logf("%d edits compared, %d with semantic diagnostics", compared, withDiags)
	if compared < 50 || withDiags < 20 {
		t.Errorf("too few comparisons: %d (%d with diagnostics)", compared, withDiags)
	}
}
