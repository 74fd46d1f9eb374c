package analysis_test

import (
	"context"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/internal/testgen"
	"github.com/accls/accls/source/cfacts"
)

// BenchmarkModelAndChecks10k measures the analysis half of the semantic run
// on the 10k-line benchmark file (the C parse is made once, outside):
// BuildModel and CheckSemantics.
func BenchmarkModelAndChecks10k(b *testing.B) {
	text := testgen.Program(10_000, 500)
	cf, err := cfacts.NewParser(cfacts.Options{CacheDir: b.TempDir()}).Parse(context.Background(), "bench.c", text, nil)
	if err != nil {
		b.Fatal(err)
	}
	af := acc.Scan(text)
	b.ReportAllocs()
	for b.Loop() {
		analysis.CheckSemantics(analysis.BuildModel(text, af, cf))
	}
}
