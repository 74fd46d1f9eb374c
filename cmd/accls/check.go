package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// checkedDiagnostic is one diagnostic of `accls check --json`. Lines and
// columns are 1-based; columns count bytes, as gcc's and clang's do.
type checkedDiagnostic struct {
	File      string            `json:"file"`
	Line      int               `json:"line"`
	Column    int               `json:"column"`
	EndLine   int               `json:"endLine"`
	EndColumn int               `json:"endColumn"`
	Severity  string            `json:"severity"`
	Rule      string            `json:"rule"`
	Message   string            `json:"message"`
	Related   []checkedLocation `json:"related,omitempty"`
	Fixes     []checkedFix      `json:"fixes,omitempty"`
}

type checkedLocation struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

type checkedFix struct {
	Title string        `json:"title"`
	Edits []checkedEdit `json:"edits"`
}

type checkedEdit struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	NewText   string `json:"newText"`
}

func runCheck(args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the diagnostics as a JSON array")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: accls check [--json] FILE… (use - for standard input)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	status := 0
	all := []checkedDiagnostic{}
	for _, name := range fs.Args() {
		text, err := readInput(name)
		if err != nil {
			errorf("%v", err)
			status = 2
			continue
		}
		if isBinary(text) {
			errorf("%s: not a text file (it contains NUL bytes); skipped", name)
			continue
		}
		lines := newLineIndex(text)
		for _, d := range analysis.CheckDirectives(text, acc.Scan(text)) {
			if d.Severity == analysis.SeverityError && status == 0 {
				status = 1
			}
			c := toChecked(name, lines, d)
			if *asJSON {
				all = append(all, c)
			} else {
				fmt.Printf("%s:%d:%d: %s: %s [%s]\n", c.File, c.Line, c.Column, c.Severity, c.Message, c.Rule)
				for _, r := range c.Related {
					fmt.Printf("%s:%d:%d: note: %s\n", c.File, r.Line, r.Column, r.Message)
				}
			}
		}
	}
	if *asJSON {
		out, _ := json.MarshalIndent(all, "", "  ")
		fmt.Printf("%s\n", out)
	}
	return status
}

func readInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(os.Stdin)
	}
	return os.ReadFile(name)
}

// isBinary applies the same test as the server: a NUL byte near the start.
func isBinary(text []byte) bool {
	return bytes.IndexByte(text[:min(len(text), 8192)], 0) >= 0
}

func toChecked(file string, lines lineIndex, d analysis.Diagnostic) checkedDiagnostic {
	l, c := lines.position(d.Span.Start)
	el, ec := lines.position(d.Span.End)
	out := checkedDiagnostic{File: file, Line: l, Column: c, EndLine: el, EndColumn: ec,
		Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message}
	for _, r := range d.Related {
		l, c := lines.position(r.Span.Start)
		out.Related = append(out.Related, checkedLocation{Line: l, Column: c, Message: r.Message})
	}
	for _, f := range d.Fixes {
		fix := checkedFix{Title: f.Title}
		for _, e := range f.Edits {
			l, c := lines.position(e.Span.Start)
			el, ec := lines.position(e.Span.End)
			fix.Edits = append(fix.Edits, checkedEdit{Line: l, Column: c, EndLine: el, EndColumn: ec, NewText: e.NewText})
		}
		out.Fixes = append(out.Fixes, fix)
	}
	return out
}

// lineIndex maps byte offsets to 1-based line and byte-column numbers.
type lineIndex []int

func newLineIndex(text []byte) lineIndex {
	starts := lineIndex{0}
	for i, b := range text {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func (li lineIndex) position(off int) (line, col int) {
	lo, hi := 0, len(li)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, off - li[lo] + 1
}
