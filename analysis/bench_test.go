package analysis_test

import (
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/internal/testgen"
)

// BenchmarkScanAndCheck measures what runs on every keystroke: scanning a
// whole document and running every directive-level check.
func BenchmarkScanAndCheck(b *testing.B) {
	for _, size := range []struct {
		name              string
		lines, directives int
	}{{"10k", 10_000, 500}, {"100k", 100_000, 5_000}} {
		text := testgen.Program(size.lines, size.directives)
		b.Run(size.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				analysis.CheckDirectives(text, acc.Scan(text))
			}
		})
	}
}
