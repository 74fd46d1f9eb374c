package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/codeactions"
	"github.com/accls/accls/source"
	"github.com/accls/accls/source/cfacts"
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
	Title string `json:"title"`
	// Safe marks the fixes that --fix applies.
	Safe  bool          `json:"safe,omitempty"`
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
	return check(args, os.Stdin, os.Stdout, os.Stderr)
}

// check is `accls check` with its standard streams.
func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the diagnostics as a JSON array")
	var includes, defines multiFlag
	fs.Var(&includes, "I", "add a directory to the include search path (repeatable)")
	fs.Var(&defines, "D", "define a macro, NAME or NAME=VALUE (repeatable)")
	directivesOnly := fs.Bool("directives-only", false, "run only the directive-level checks (no C parse)")
	fix := fs.Bool("fix", false, "apply the safe fixes and write the files back (for -: print the fixed text; the diagnostics then go to standard error)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accls check [--json] [--fix] [-I DIR] [-D NAME[=VALUE]] FILE… (use - for standard input)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	fail := func(format string, args ...any) { fmt.Fprintf(stderr, "accls: "+format+"\n", args...) }
	// With --fix on standard input, standard output carries the fixed text.
	report := stdout
	if *fix && slices.Contains(fs.Args(), "-") {
		report = stderr
	}
	var parser *cfacts.Parser
	if !*directivesOnly {
		parser = cfacts.NewParser(cfacts.Options{IncludePaths: includes, Defines: defines})
	}
	status := 0
	all := []checkedDiagnostic{}
	for _, name := range fs.Args() {
		text, err := readInput(name, stdin)
		if err != nil {
			fail("%v", err)
			status = 2
			continue
		}
		if isBinary(text) {
			fail("%s: not a text file (it contains NUL bytes); skipped", name)
			continue
		}
		if *fix {
			fixed, err := fixFile(name, text, stdout, stderr)
			if err != nil {
				fail("%v", err)
				status = 2
			}
			text = fixed
		}
		lines := source.New(text, 0)
		diags, ok := analyze(parser, name, text, stderr)
		if !ok {
			status = 2
		}
		for _, d := range diags {
			if d.Severity == analysis.SeverityError && status == 0 {
				status = 1
			}
			c := toChecked(name, lines, d)
			if *asJSON {
				all = append(all, c)
			} else {
				fmt.Fprintf(report, "%s:%d:%d: %s: %s [%s]\n", c.File, c.Line, c.Column, c.Severity, c.Message, c.Rule)
				for _, r := range c.Related {
					fmt.Fprintf(report, "%s:%d:%d: note: %s\n", c.File, r.Line, r.Column, r.Message)
				}
			}
		}
	}
	if *asJSON {
		out, _ := json.MarshalIndent(all, "", "  ")
		fmt.Fprintf(report, "%s\n", out)
	}
	return status
}

// fixFile applies the safe fixes to the text of file name (repeatedly, see
// codeactions.FixAll), reports each on stderr and writes the result back:
// for "-" to stdout, for a file only when something changed, atomically.
// It returns the text as it now is.
func fixFile(name string, text []byte, stdout, stderr io.Writer) ([]byte, error) {
	fixed, _, applied, err := codeactions.FixAll(text, codeactions.CheckDirectives)
	if err != nil {
		return text, fmt.Errorf("%s: %v", name, err)
	}
	lines := source.New(text, 0)
	for _, a := range applied {
		l, c := lines.LineColumn(a.Diagnostic.Span.Start)
		fmt.Fprintf(stderr, "%s:%d:%d: fixed: %s [%s]\n", name, l, c, a.Fix.Title, a.Diagnostic.Rule)
	}
	if name == "-" {
		_, err := stdout.Write(fixed)
		return fixed, err
	}
	if bytes.Equal(fixed, text) {
		return text, nil
	}
	if err := writeFileAtomic(name, fixed); err != nil {
		return text, err
	}
	return fixed, nil
}

// writeFileAtomic replaces the file's content with data through a temporary
// file in the same directory renamed over it, so that readers see the old
// or the new content, never a mix; the file's permissions are kept. A
// symbolic link is followed: the file it points to is replaced.
func writeFileAtomic(name string, data []byte) (err error) {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".accls-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), info.Mode().Perm()); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func readInput(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(stdin)
	}
	return os.ReadFile(name)
}

// isBinary applies the same test as the server: a NUL byte near the start.
func isBinary(text []byte) bool {
	return bytes.IndexByte(text[:min(len(text), 8192)], 0) >= 0
}

func toChecked(file string, lines *source.Document, d analysis.Diagnostic) checkedDiagnostic {
	l, c := lines.LineColumn(d.Span.Start)
	el, ec := lines.LineColumn(d.Span.End)
	out := checkedDiagnostic{File: file, Line: l, Column: c, EndLine: el, EndColumn: ec,
		Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message}
	for _, r := range d.Related {
		l, c := lines.LineColumn(r.Span.Start)
		out.Related = append(out.Related, checkedLocation{Line: l, Column: c, Message: r.Message})
	}
	for _, f := range d.Fixes {
		fix := checkedFix{Title: f.Title, Safe: f.Safe}
		for _, e := range f.Edits {
			l, c := lines.LineColumn(e.Span.Start)
			el, ec := lines.LineColumn(e.Span.End)
			fix.Edits = append(fix.Edits, checkedEdit{Line: l, Column: c, EndLine: el, EndColumn: ec, NewText: e.NewText})
		}
		out.Fixes = append(out.Fixes, fix)
	}
	return out
}

// checkSemantics runs the semantic checks (a variable: a test makes one panic).
var checkSemantics = analysis.CheckSemantics

// analyze runs the directive checks and, with a parser, the checks that need
// the C code; notes of the C front end (a missing header) go to stderr. A
// panic in a check (a bug of accls) is reported for the file, which then
// gets the diagnostics found before it, and ok is false; the other files
// are still checked.
func analyze(parser *cfacts.Parser, name string, text []byte, stderr io.Writer) (diags []analysis.Diagnostic, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "accls: %s: internal error in the checks, please report it: %v\n", name, r)
			ok = false
		}
	}()
	af := acc.Scan(text)
	diags = analysis.CheckDirectives(text, af)
	if parser == nil {
		return diags, true
	}
	cf, err := parser.Parse(context.Background(), name, text, nil)
	if err != nil {
		fmt.Fprintf(stderr, "accls: %s: C parse failed, only directive-level checks ran: %v\n", name, err)
		return diags, true
	}
	for _, n := range cf.Notes {
		fmt.Fprintf(stderr, "accls: %s: note: %s\n", name, n.Message)
	}
	model := analysis.BuildModel(text, af, cf)
	diags = append(analysis.ActiveOnly(diags, af, model), checkSemantics(model)...)
	slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int { return a.Span.Start - b.Span.Start })
	return diags, true
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// readSource reads the C file that translate and run compile; a file that
// cannot be read or is binary is an error, said once.
func readSource(file string) ([]byte, bool) {
	text, err := os.ReadFile(file)
	if err != nil {
		errorf("%v", err)
		return nil, false
	}
	if isBinary(text) {
		errorf("%s looks like a binary file (it contains NUL bytes), not C source", file)
		return nil, false
	}
	return text, true
}
