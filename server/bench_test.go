package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/accls/accls/internal/testgen"
)

// BenchmarkDidChangeToDiagnostics measures the latency from an incremental
// didChange to the matching publishDiagnostics on a 10k-line document with
// 500 directives, through a real server over an in-memory pipe. It reports
// the median and 90th percentile in ms.
func BenchmarkDidChangeToDiagnostics(b *testing.B) {
	text := testgen.Program(10000, 500)
	nlines := bytes.Count(text, []byte("\n"))
	ndirs := bytes.Count(text, []byte("#pragma acc"))
	// Edit inside a directive in the middle of the file.
	mid := bytes.Index(text[len(text)/2:], []byte("#pragma acc parallel loop"))
	if mid < 0 {
		b.Fatal("no directive to edit")
	}
	off := len(text)/2 + mid
	line := bytes.Count(text[:off], []byte("\n"))
	col := len("#pragma acc parallel loop")

	cs, ss := net.Pipe()
	defer cs.Close()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	go ServeWith(context.Background(), ss, ss, Options{Logger: logger})
	r := bufio.NewReaderSize(cs, 1<<20)
	write := func(v any) {
		body, _ := json.Marshal(v)
		if _, err := cs.Write(frame(body)); err != nil {
			b.Fatal(err)
		}
	}
	// next reads frames until a publishDiagnostics of version v arrives and
	// returns the number of diagnostics in it (roughly).
	next := func(v int) int {
		want := []byte(`"version":` + strconv.Itoa(v) + `,`)
		want2 := []byte(`"version":` + strconv.Itoa(v) + `}`)
		for {
			body, err := readFrameBody(r)
			if err != nil {
				b.Fatal(err)
			}
			if bytes.Contains(body, []byte(`"textDocument/publishDiagnostics"`)) &&
				(bytes.Contains(body, want) || bytes.Contains(body, want2)) {
				return bytes.Count(body, []byte(`"source":"openacc"`))
			}
		}
	}
	const uri = "file:///bench/big.c"
	write(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	if _, err := readFrameBody(r); err != nil {
		b.Fatal(err)
	}
	write(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	write(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "c", "version": 1, "text": string(text)}}})
	ndiags := next(1)

	version := 1
	change := func(i int) []byte {
		version++
		return toggleChange(uri, version, line, col, i)
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		msg := change(i)
		start := time.Now()
		if _, err := cs.Write(msg); err != nil {
			b.Fatal(err)
		}
		next(version)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	ms := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.9), "p90-ms")
	b.ReportMetric(float64(ndiags), "diagnostics")
	if b.N > 1 {
		b.Logf("%d lines, %d directives, %d bytes, %d diagnostics; p50 %.3f ms, p90 %.3f ms, max %.3f ms over %d changes",
			nlines, ndirs, len(text), ndiags, ms(0.5), ms(0.9), ms(1), len(lat))
	}
}

// toggleChange frames the didChange (version) that inserts " gang" at
// line:col for even i and removes it again for odd i, so that a benchmark
// can edit the same document forever.
func toggleChange(uri string, version, line, col, i int) []byte {
	rng := fmt.Sprintf(`{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}}`, line, col, line, col)
	txt := " gang"
	if i%2 == 1 { // remove what the previous change inserted
		rng = fmt.Sprintf(`{"start":{"line":%d,"character":%d},"end":{"line":%d,"character":%d}}`, line, col, line, col+len(txt))
		txt = ""
	}
	return frame([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[{"range":%s,"text":%q}]}}`,
		uri, version, rng, txt)))
}
