package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/accls/accls/internal/testgen"
)

// BenchmarkSemantic10k measures, through a real server over an in-memory
// pipe with the default debounce (200 ms), the time from the last didChange
// to the publishDiagnostics that carries the semantic results, on a
// 10k-line document with 500 directives: for a lone edit (the debounce's
// leading edge runs it at once). It reports the median and the 90th
// percentile in ms, and the peak RSS of the process.
func BenchmarkSemantic10k(b *testing.B) { benchSemantic(b, 10000, 500, 1) }

// BenchmarkSemantic10kTyping is the same after a burst of 6 keystrokes 30 ms
// apart (the debounce's trailing edge: adaptiveDelay after the last one, at
// most 200 ms).
func BenchmarkSemantic10kTyping(b *testing.B) { benchSemantic(b, 10000, 500, 6) }

// BenchmarkSemantic10kTypingChanged is a burst of 5 keystrokes: unlike
// BenchmarkSemantic10kTyping's 6, which end on the text before the burst
// (the edit inserted, then removed), the text at the end differs from the
// one before.
func BenchmarkSemantic10kTypingChanged(b *testing.B) { benchSemantic(b, 10000, 500, 5) }

// BenchmarkSemantic50k is BenchmarkSemantic10k on 50k lines.
func BenchmarkSemantic50k(b *testing.B) { benchSemantic(b, 50000, 2500, 1) }

func benchSemantic(b *testing.B, lines, directives, burst int) {
	text := testgen.Program(lines, directives)
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
	var logw io.Writer = io.Discard
	level := slog.LevelInfo
	if os.Getenv("ACCLS_BENCH_LOG") != "" {
		logw, level = os.Stderr, slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: level}))
	go ServeWith(context.Background(), ss, ss, Options{Logger: logger})
	r := bufio.NewReaderSize(cs, 1<<20)
	write := func(v any) {
		body, _ := json.Marshal(v)
		if _, err := cs.Write(frame(body)); err != nil {
			b.Fatal(err)
		}
	}
	// publishes reads frames until the n-th publishDiagnostics of version v
	// (the directive one is first, the semantic run's second) and returns
	// the number of diagnostics in it.
	timeout := 60 * time.Second
	publishes := func(v, n int) int {
		want := []byte(`"version":` + strconv.Itoa(v) + `,`)
		want2 := []byte(`"version":` + strconv.Itoa(v) + `}`)
		deadline := time.Now().Add(timeout)
		cs.SetReadDeadline(deadline)
		defer cs.SetReadDeadline(time.Time{})
		for {
			body, err := readFrameBody(r)
			if err != nil {
				b.Fatalf("waiting for publish %d of version %d: %v", n, v, err)
			}
			if bytes.Contains(body, []byte(`"window/logMessage"`)) && bytes.Contains(body, []byte(`failed`)) {
				b.Fatalf("the C front end failed: %s", body)
			}
			if bytes.Contains(body, []byte(`"textDocument/publishDiagnostics"`)) &&
				(bytes.Contains(body, want) || bytes.Contains(body, want2)) {
				n--
				if n == 0 {
					return bytes.Count(body, []byte(`"source":"openacc"`))
				}
			}
		}
	}
	const uri = "file:///bench/big.c"
	write(map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}})
	if _, err := readFrameBody(r); err != nil {
		b.Fatal(err)
	}
	write(map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}})
	start := time.Now()
	write(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "c", "version": 1, "text": string(text)}}})
	ndir := publishes(1, 1)
	nall := publishes(1, 1)
	first := time.Since(start)

	version := 1
	change := func(i int) []byte {
		version++
		return toggleChange(uri, version, line, col, i)
	}
	var lat []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); {
		var t0 time.Time
		for k := 0; k < burst; k++ {
			if k > 0 {
				time.Sleep(30 * time.Millisecond)
			}
			msg := change(i)
			i++
			t0 = time.Now()
			if _, err := cs.Write(msg); err != nil {
				b.Fatal(err)
			}
			if k < burst-1 {
				publishes(version, 1)
			}
		}
		publishes(version, 2)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(lat)
	ms := func(q float64) float64 {
		return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.9), "p90-ms")
	b.ReportMetric(float64(nall-ndir), "semantic-diagnostics")
	rss := peakRSS()
	if rss > 0 {
		b.ReportMetric(float64(rss)/(1<<20), "peak-RSS-MiB")
	}
	b.Logf("%d lines, %d bytes: first semantic publish after open %v; %d directive + %d semantic diagnostics; "+
		"last change of a burst of %d → semantic publish p50 %.1f ms, p90 %.1f ms, max %.1f ms over %d bursts (debounce at most %v); peak RSS %d MiB; GOMAXPROCS %d",
		lines, len(text), first.Round(time.Millisecond), ndir, nall-ndir, burst, ms(0.5), ms(0.9), ms(1), len(lat), defaultSemanticDelay, rss>>20, runtime.GOMAXPROCS(0))
}

// peakRSS is the process's peak resident set size in bytes (Linux), 0 when
// unknown.
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}
