package server

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// BenchmarkKernelsWarm measures accls/kernels at changing positions of one
// document version (the translation is cached): what a cursor move costs.
// The first (cold) request, which translates, is reported as cold-ms.
func BenchmarkKernelsWarm(b *testing.B) {
	text, err := os.ReadFile("../examples/jacobi.c")
	if err != nil {
		b.Skip(err)
	}
	c := startServer(b)
	c.initialize()
	const uri = "file:///bench/jacobi.c"
	c.open(uri, string(text), 1)
	ask := func(line int) {
		m := c.call("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": 0}})
		if m.Error != nil {
			b.Fatalf("accls/kernels: %s", m.raw)
		}
	}
	start := time.Now()
	ask(0)
	cold := time.Since(start)
	var lat []time.Duration
	lines := slices.Max([]int{1, len(splitLines(text))})
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		ask(i % lines)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	reportLatencies(b, lat)
	b.ReportMetric(float64(cold.Microseconds())/1000, "cold-ms")
}

// BenchmarkKernelsEdit measures accls/kernels after each edit: a new
// version, translated again (the C front end's prelude is warm).
func BenchmarkKernelsEdit(b *testing.B) {
	text, err := os.ReadFile("../examples/jacobi.c")
	if err != nil {
		b.Skip(err)
	}
	c := startServer(b)
	c.initialize()
	const uri = "file:///bench/jacobi.c"
	c.open(uri, string(text), 1)
	c.call("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": uri}})
	version := 1
	var lat []time.Duration
	b.ResetTimer()
	for b.Loop() {
		version++
		insertSpace(c, uri, version)
		lat = append(lat, askKernels(b, c, uri, version, nil))
	}
	b.StopTimer()
	reportLatencies(b, lat)
}

// askKernels asks accls/kernels for the document at a position (nil: all
// constructs), checks that the answer is for version, and returns how long
// it took.
func askKernels(b *testing.B, c *tclient, uri string, version int, position any) time.Duration {
	p := map[string]any{"textDocument": map[string]any{"uri": uri}}
	if position != nil {
		p["position"] = position
	}
	t0 := time.Now()
	m := c.call("accls/kernels", p)
	took := time.Since(t0)
	var r KernelsResult
	if err := json.Unmarshal(m.Result, &r); err != nil || r.Version != int32(version) {
		b.Fatalf("accls/kernels: %s", m.raw)
	}
	return took
}

// reportLatencies reports the median and 90th percentile of lat.
func reportLatencies(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*9/10].Microseconds())/1000, "p90-ms")
}

// insertSpace edits the document: a space at its start, as version.
func insertSpace(c *tclient, uri string, version int) {
	at := map[string]any{"line": 0, "character": 0}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"range": map[string]any{"start": at, "end": at}, "text": " "}},
	})
}

// BenchmarkRunOverhead runs a program that does nothing through accls/run:
// the time of the request beyond the program's own (translate, build with
// the runtime, start, profile) is the overhead of running from the editor.
func BenchmarkRunOverhead(b *testing.B) {
	if _, err := exec.LookPath("cc"); err != nil {
		b.Skip("no cc")
	}
	c := startServer(b)
	c.initialize()
	const uri = "file:///bench/nothing.c"
	c.open(uri, "int main(void) { return 0; }\n", 1)
	var total, translate, build, wall []float64
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		m := c.call("accls/run", map[string]any{"textDocument": map[string]any{"uri": uri}})
		d := time.Since(t0)
		var r RunResult
		if err := json.Unmarshal(m.Result, &r); err != nil || r.Outcome != outcomeExited {
			b.Fatalf("accls/run: %s", m.raw)
		}
		total = append(total, float64(d.Microseconds())/1000)
		translate = append(translate, r.TranslateMs)
		build = append(build, r.BuildMs)
		wall = append(wall, r.WallMs)
	}
	b.StopTimer()
	med := func(v []float64) float64 { slices.Sort(v); return v[len(v)/2] }
	b.ReportMetric(med(total), "request-ms")
	b.ReportMetric(med(translate), "translate-ms")
	b.ReportMetric(med(build), "build-ms")
	b.ReportMetric(med(wall), "program-ms")
}

func splitLines(b []byte) [][]byte {
	var out [][]byte
	start := 0
	for i, c := range b {
		if c == '\n' {
			out = append(out, b[start:i])
			start = i + 1
		}
	}
	return out
}

// programDir writes cmd/accls/testdata/routines into a new directory with
// extra unrelated programs beside it (copies of examples/dot.c, each with
// main: another program): what the preview's search for the program's
// files looks at. It returns main.c's URI and text.
func programDir(b *testing.B, extra int) (string, string) {
	dir := b.TempDir()
	files, _ := filepath.Glob("../cmd/accls/testdata/routines/*")
	for _, f := range files {
		t, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, filepath.Base(f)), t, 0o644)
	}
	dot, err := os.ReadFile("../examples/dot.c")
	if err != nil {
		b.Skip(err)
	}
	for i := range extra {
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("other%02d.c", i)), dot, 0o644)
	}
	text, _ := os.ReadFile(filepath.Join(dir, "main.c"))
	return "file://" + filepath.ToSlash(filepath.Join(dir, "main.c")), string(text)
}

// BenchmarkKernelsProgram measures accls/kernels on main.c of a program of
// three files in a directory of 40 more programs: "warm" at changing
// positions of one version (the stamp of the directory's files is checked
// each time), "edit" after each edit (a translation with ops.c's routines).
func BenchmarkKernelsProgram(b *testing.B) {
	for _, mode := range []string{"warm", "edit"} {
		b.Run(mode, func(b *testing.B) {
			uri, text := programDir(b, 40)
			c := startServer(b)
			c.initialize()
			c.open(uri, text, 1)
			c.call("accls/kernels", map[string]any{"textDocument": map[string]any{"uri": uri}})
			version := 1
			var lat []time.Duration
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if mode == "edit" {
					version++
					insertSpace(c, uri, version)
				}
				lat = append(lat, askKernels(b, c, uri, version, map[string]any{"line": 28 + i%6, "character": 0}))
			}
			b.StopTimer()
			reportLatencies(b, lat)
		})
	}
}
