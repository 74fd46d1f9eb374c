package cfacts

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/accls/accls/internal/testgen"
)

func benchParse(b *testing.B, text []byte) {
	p := sharedParser(b)
	ctx := context.Background()
	// The first parse makes the prelude (or finds it on disk).
	f, err := p.Parse(ctx, "bench.c", text, nil)
	if err != nil {
		b.Fatal(err)
	}
	if len(f.Funcs) == 0 {
		b.Fatalf("no functions: %v", f.Notes)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		// parseFull: Parse would see the same text again and return f
		// (incremental.go).
		if _, err := p.parseFull(ctx, "bench.c", text, f); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if mb := peakRSS(); mb > 0 {
		// The peak of the whole test process: run one benchmark at a time.
		b.ReportMetric(mb, "peakRSS-MB")
	}
}

func BenchmarkParse10k(b *testing.B) { benchParse(b, testgen.Program(10_000, 400)) }
func BenchmarkParse50k(b *testing.B) { benchParse(b, testgen.Program(50_000, 2000)) }

// BenchmarkParseSmall is a 50-line file with the usual three includes.
func BenchmarkParseSmall(b *testing.B) { benchParse(b, testgen.Program(50, 4)) }

// BenchmarkParseError10k is the 10k-line file with a syntax error in one
// function: recovery costs another parse or two.
func BenchmarkParseError10k(b *testing.B) {
	text := testgen.Program(10_000, 400)
	i := len(text) / 2
	for text[i] != ';' {
		i++
	}
	text[i] = '@'
	benchParse(b, text)
}

// BenchmarkPrelude is the making of the prelude of <stdio.h>, <stdlib.h>
// and <math.h> by the host compiler, without any cache.
func BenchmarkPrelude(b *testing.B) {
	dir := b.TempDir()
	text := testgen.Program(50, 4)
	for range b.N {
		os.RemoveAll(dir)
		p := NewParser(Options{CacheDir: dir})
		t0 := time.Now()
		if _, err := p.Parse(context.Background(), "bench.c", text, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(time.Since(t0).Milliseconds()), "ms/first-parse")
	}
}

// The same without prelude pruning, for comparison.
func BenchmarkParseSmallWhole(b *testing.B) {
	noPruneForTest = true
	defer func() { noPruneForTest = false }()
	benchParse(b, testgen.Program(50, 4))
}

func BenchmarkParse10kWhole(b *testing.B) {
	noPruneForTest = true
	defer func() { noPruneForTest = false }()
	benchParse(b, testgen.Program(10_000, 400))
}

// benchEdit parses text after an edit inside a function body in its middle
// (an assignment inserted after a ';', then removed: the edits of a user
// typing a statement), each time with the previous File: the incremental
// parse (incremental.go).
func benchEdit(b *testing.B, text []byte) {
	p := sharedParser(b)
	ctx := context.Background()
	f, err := p.Parse(ctx, "bench.c", text, nil)
	if err != nil {
		b.Fatal(err)
	}
	mid := len(text) / 2
	for text[mid] != ';' {
		mid++
	}
	mid++
	edited := slices.Concat(text[:mid], []byte(" n = n + 1;"), text[mid:])
	inc0 := incrementalStats.incremental.Load()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := text
		if i%2 == 0 {
			t = edited
		}
		if f, err = p.Parse(ctx, "bench.c", t, f); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if n := incrementalStats.incremental.Load() - inc0; n != int64(b.N) {
		b.Fatalf("%d of %d parses were incremental", n, b.N)
	}
}

func BenchmarkParseEdit10k(b *testing.B) { benchEdit(b, testgen.Program(10_000, 400)) }
func BenchmarkParseEdit50k(b *testing.B) { benchEdit(b, testgen.Program(50_000, 2000)) }
