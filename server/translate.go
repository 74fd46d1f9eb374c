package server

// The compiler as the server's extensions use it: a translation of one text
// into kernels, a data plan per construct and the host program
// (translateText, in translate_compiler.go), and the build of the host
// program with the runtime (buildProgram). The types here are the server's
// own, so that preview.go and run.go do not depend on the compiler's IR.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/compiler"
	"github.com/accls/accls/compiler/runtime"
	"github.com/accls/accls/device"
	"github.com/accls/accls/source/cfacts"
)

// xTranslation is one translation of a text.
type xTranslation struct {
	text       []byte
	constructs []xConstruct // in source order
	host       string       // the host program ("" when the translation failed)
	hostFile   string       // its file name (what #line directives in it name)
	extra      map[string]string
	// errors are every construct's errors (the constructs that could not be
	// translated were left out of host).
	errors []xError
	// message says why nothing could be translated ("" when something was).
	message string
	elapsed time.Duration
}

// xConstruct is one construct of a translation.
type xConstruct struct {
	kind      string // "compute", "data", "enter data", "exit data", "update"
	dir       *acc.Directive
	span      acc.Span // directive through the end of its statement
	function  string
	kernels   []xKernel
	routines  []xRoutine // what the kernels call, and those call, in the order first called
	plan      []xTransfer
	err       *xError
	children  []int
	parentIdx int // -1 for outermost
}

type xKernel struct {
	name   string
	source string
	lines  []int // per kernel line (index 0 = line 1): the 1-based source line, 0 for none
	launch string
	serial bool
}

// xRoutine is a routine a construct's kernels call.
type xRoutine struct {
	name, function, level string
	implicit              bool
	path                  string // the file that defines it ("" for the translated one)
	line                  int    // of its name, 1-based
	source                string
	lines                 []int // per routine line: the 1-based line of the translated file, 0 for none
}

type xTransfer struct {
	variable, bounds, bytesExpr string
	bytes                       *int64
	action, direction, when     string
	at                          acc.Span
	clause                      string
	implicit, present           bool
	presentFrom                 *acc.Span
	reason                      string
}

// xError is a translation error at a place of the text.
type xError struct {
	span acc.Span
	msg  string
}

// translateOptions are what a translation and a build need from the
// settings.
type translateOptions struct {
	path         string // the document's file ("" or a made-up name when not a file)
	cc           string
	includePaths []string
	defines      []string
	cflags       []string
	fpContract   bool
	cacheStage   bool
	hostCode     bool // each construct's own code kept: a run on the host (compiler.Options.HostCode)
	// others are the program's other files (program.go: a Run's and a
	// preview's; key leaves them out, the preview's stamp stands for them).
	others []compiler.Source
	// parsed are the C facts of the text to translate when the search for
	// the others read them (translateText's first round uses them).
	parsed *cfacts.File
}

// compilerOptions are the compiler's options for o (the C front end and
// runtime headers are the caller's to add).
func (o translateOptions) compilerOptions() compiler.Options {
	return compiler.Options{CC: o.cc, IncludePaths: o.includePaths, Defines: o.defines, FPContract: o.fpContract, CacheStage: o.cacheStage, HostCode: o.hostCode, Others: o.others}
}

func (o translateOptions) key() string {
	return strings.Join([]string{o.path, o.cc, strings.Join(o.includePaths, "\x00"), strings.Join(o.defines, "\x00"), fmt.Sprint(o.fpContract, o.cacheStage, o.hostCode)}, "\x01")
}

// translateOptionsFor combines the tool settings, the workspace's
// compilation database and the document.
func (s *server) translateOptionsFor(uri string, st toolSettings) translateOptions {
	path := uriPath(uri)
	s.sem.mu.Lock()
	root, db := s.sem.root, s.sem.db
	s.sem.mu.Unlock()
	co := optionsFor(settings{IncludePaths: st.IncludePaths, Defines: st.Defines, CC: st.CC}, root, db, path)
	name := path
	if name == "" {
		name = displayName(uri)
		if !strings.HasSuffix(name, ".c") {
			name += ".c"
		}
	}
	return translateOptions{path: name, cc: co.CC, includePaths: co.IncludePaths, defines: co.Defines, cflags: st.CFlags, fpContract: st.FPContract, cacheStage: st.CacheStage}
}

// blankDirectives returns text with the directives in ds replaced by
// blanks (newlines kept): the program without those constructs.
func blankDirectives(text []byte, ds []*acc.Directive) []byte {
	out := bytes.Clone(text)
	for _, d := range ds {
		for i := d.Span.Start; i < d.Span.End && i < len(out); i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	return out
}

// ---- build ----

// buildResult is the outcome of a build.
type buildResult struct {
	exe     string
	output  string // the compiler's messages
	failed  bool
	elapsed time.Duration
}

// linebufSource makes stdout line-buffered in programs run from the editor,
// so that their output streams as it is printed.
const linebufSource = `#include <stdio.h>
__attribute__((constructor)) static void accls_editor_run_linebuf(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}
`

// buildProgram writes the translation and the runtime into dir and builds
// the executable with the C compiler. The error is for what is not the
// program's fault (no compiler, a file that cannot be written) and for a
// cancellation.
func (s *server) buildProgram(ctx context.Context, tr *xTranslation, others []*compiler.Result, o translateOptions, dir string) (*buildResult, error) {
	start := time.Now()
	rtFiles, err := runtime.WriteTo(dir)
	if err != nil {
		return nil, err
	}
	hostName := tr.hostFile
	if hostName == "" {
		hostName = "host.c"
	}
	host := filepath.Join(dir, hostName)
	if err := os.WriteFile(host, []byte(tr.host), 0o644); err != nil {
		return nil, err
	}
	for name, content := range tr.extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return nil, err
		}
	}
	linebuf := filepath.Join(dir, "accls_linebuf.c")
	if err := os.WriteFile(linebuf, []byte(linebufSource), 0o644); err != nil {
		return nil, err
	}
	exe := filepath.Join(dir, "program")
	srcDir := ""
	if filepath.IsAbs(o.path) {
		if st, err := os.Stat(filepath.Dir(o.path)); err == nil && st.IsDir() {
			srcDir = filepath.Dir(o.path) // the document's own quoted includes
		}
	}
	// The compiler's command line (as `accls run` builds), then the
	// settings' flags and the line buffering of stdout.
	files := &compiler.Files{Dir: dir, Host: host, Runtime: rtFiles}
	for _, r := range others { // the program's other files (program.go)
		unit, err := compiler.WriteFiles(r, dir)
		if err != nil {
			return nil, err
		}
		unit.SrcDir = filepath.Dir(r.Program.Path)
		files.Others = append(files.Others, unit)
	}
	args := compiler.BuildArgs(files, exe, srcDir, o.compilerOptions())
	args = append(args, o.cflags...)
	args = append(args, linebuf)
	// The runtime compiled once per session instead of its source.
	cc := strings.Fields(compiler.CCommand(o.compilerOptions()))
	if obj := s.runtimeObjectFor(ctx, cc, o.cflags); obj != "" {
		src := filepath.Join(dir, runtime.Source)
		for i, a := range args {
			if a == src {
				args[i] = obj
			}
		}
	}
	var out bytes.Buffer
	res, err := device.Run(ctx, device.RunSpec{
		Path: ccPath(args[0]), Args: args[1:], Dir: dir, Timeout: 5 * time.Minute,
		Output:    func(_ device.Stream, b []byte) { out.Write(b) },
		MaxOutput: 1 << 20,
	})
	if err != nil {
		return nil, fmt.Errorf("cannot run the C compiler %q: %v", args[0], err)
	}
	br := &buildResult{exe: exe, output: out.String(), elapsed: time.Since(start)}
	switch {
	case res.Cancelled:
		return br, context.Canceled
	case res.TimedOut:
		br.failed = true
		br.output += "\nthe C compiler took more than 5 minutes"
	case res.ExitCode != 0:
		br.failed = true
	}
	return br, nil
}

// ccPath resolves a compiler name on PATH (device.Run takes a path).
func ccPath(cc string) string {
	if strings.ContainsRune(cc, filepath.Separator) {
		return cc
	}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		p := filepath.Join(d, cc)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p
		}
	}
	return cc
}

// compilerMessage is one gcc-style message: FILE:LINE[:COL]: error: TEXT;
// buildLogMessage the form of PoCL's build logs: error: FILE:LINE:COL: TEXT.
var (
	compilerMessage = regexp.MustCompile(`(?m)^(.+?):(\d+):(?:(\d+):)? (?:fatal )?(error|warning): (.*)$`)
	buildLogMessage = regexp.MustCompile(`(?m)^(error|warning): (.+?):(\d+):(\d+)(?: <Spelling=.*>)?: (.*)$`)
)

// buildMessage is one error of a build, located when it names a line.
type buildMessage struct {
	file      string
	line, col int // 1-based; 0 when unknown
	msg       string
}

// buildErrors picks the errors out of compiler (or OpenCL build log)
// output; messages without a place (the linker's) come with line 0.
func buildErrors(out string) []buildMessage {
	var msgs []buildMessage
	seen := map[buildMessage]bool{}
	add := func(file, line, col, msg string) {
		l, _ := strconv.Atoi(line)
		c, _ := strconv.Atoi(col)
		bm := buildMessage{file: file, line: l, col: c, msg: strings.TrimSpace(msg)}
		if !seen[bm] {
			seen[bm] = true
			msgs = append(msgs, bm)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if m := buildLogMessage.FindStringSubmatch(l); m != nil {
			if m[1] == "error" {
				add(m[2], m[3], m[4], m[5])
			}
		} else if m := compilerMessage.FindStringSubmatch(l); m != nil && m[4] == "error" {
			add(m[1], m[2], m[3], m[5])
		}
	}
	if len(msgs) == 0 {
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "undefined reference") || strings.Contains(l, "error:") || strings.Contains(l, "cannot find -l") {
				msgs = append(msgs, buildMessage{msg: strings.TrimSpace(l)})
			}
		}
	}
	return msgs
}
