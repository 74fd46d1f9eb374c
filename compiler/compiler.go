package compiler

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/compiler/runtime"
	"github.com/accls/accls/source/cfacts"
)

// Options configure a translation.
type Options struct {
	// CC is the host C compiler (build pass, and the C front end's
	// configuration); "" means $CC, then "cc".
	CC string
	// IncludePaths and Defines are passed to the C front end and to the
	// host build (-I, -D).
	IncludePaths []string
	Defines      []string
	// Parser is the C front end to use; nil makes one.
	Parser *cfacts.Parser
	// RuntimeDir holds the runtime's headers for the C front end (openacc.h);
	// "" writes them to a temporary directory when needed.
	RuntimeDir string
	// FPContract lets the OpenCL compiler fuse a*b + c into one fma
	// (#pragma OPENCL FP_CONTRACT ON, OpenCL C's own default and what GPU
	// OpenACC compilers do): faster kernels whose float results may differ
	// from the host build's in the last bits. Off by default: the kernels
	// compute exactly what the C program computes on the host (gcc -O2 on
	// x86-64 fuses nothing), so a run can be compared with the plain C
	// build. accls translate/run --fp-contract=on.
	FPContract bool
	// CacheStage loads the windows of cache directives into __local memory
	// (cache.go); off, cache is the hint the specification allows. Off by
	// default: staging was slower than the hint on PoCL and on an H100 in
	// every stencil measured (bench/cache). accls translate/run --cache-stage.
	CacheStage bool
	// HostCode keeps each compute construct's own code in the host
	// program, for the host as the device (ACC_DEVICE_TYPE=host, set
	// device_type(host): accrt.h accrt_on_host). Without it only the
	// constructs with if or self clauses keep theirs (their host
	// fallback), and a run on the host stops with a message: the copies
	// cost the host compiler time (gcc -O2: about 3 ms a construct,
	// measured on the 1k-line programs). A program that names the host
	// device (acc_device_host, device_type(host)) gets them anyway
	// (hostgen.go hostCode). accls translate/build --host-code; accls run
	// --device host, or with ACC_DEVICE_TYPE=host (RunsOnHost).
	HostCode bool
	// Device is the OpenCL device selector the built program will run
	// with (ACCLS_DEVICE; `accls run --device`), for the kernel prebuild
	// (kernelprebuild.go); "" means the environment's ACCLS_DEVICE.
	Device string
	// Others are the program's other C files (accls build a.c b.c): device
	// code may call a routine that one of them defines (peers.go). They are
	// parsed only when such a call is compiled.
	Others []Source
	// Parsed are the C facts of the text to translate when the caller has
	// already read them with Parser (the editor's search for a program's
	// files does); nil parses the text.
	Parsed *cfacts.File
}

// Source is a C file of the program and its text.
type Source struct {
	Path string
	Text []byte
}

// Pass is one step of the compiler. Each pass reads what the earlier ones
// left in the Result; Dump prints its product (accls translate --dump=NAME).
type Pass struct {
	Name string
	Doc  string
	run  func(c *compilation) error
	dump func(r *Result) string
}

// Passes is the compiler, in order.
var Passes []Pass

func init() {
	Passes = []Pass{
		{"outline", "directives → host actions bound to statements (unsupported features are reported here)", (*compilation).outline, dumpOutline},
		{"ir", "compute constructs → kernels: loop nests, levels, clauses, variables with intent and bounds", (*compilation).lower, dumpIR},
		{"transfers", "implicit data regions around runs of compute constructs (transfer minimization, transfers.go)", (*compilation).transfers, dumpTransfers},
		{"kernelgen", "kernels → OpenCL C (the .cl file)", (*compilation).kernelgen, func(r *Result) string { return r.CL }},
		{"hostgen", "the user's C with each directive replaced by runtime calls (the .host.c file)", (*compilation).hostgen, func(r *Result) string { return r.Host }},
	}
}

// PassNames lists the passes that --dump accepts (build included).
func PassNames() []string {
	var out []string
	for _, p := range Passes {
		out = append(out, p.Name)
	}
	return append(out, "build")
}

// Result is what a translation produced.
type Result struct {
	Program *Program
	Model   *analysis.Model
	CL      string // all kernels, with #line directives
	// CLLines maps each line of CL (index 0 = line 1) to the user's line it
	// comes from (0: generated code with no user line, #line directives).
	CLLines []int
	Host    string // the host program
}

// compilation is the state of one translation.
type compilation struct {
	ctx    context.Context
	opts   Options
	model  *analysis.Model
	prog   *Program
	res    *Result
	errors ErrorList
	names  map[string]bool // identifiers of the document, generated names avoid them
	// defines are the object-like macros of the user's file (fileDefines).
	defines map[string]string
	mpaths  *memberPaths // the member paths of pointer type (attach.go)
	// rowsOnly: kernels nests without loop directives keep their outer
	// loop alone (the CPU variant: loopdevicetype.go cpuNestVariant).
	rowsOnly bool
	// implicit: the implicit routines of this file looked up (nil: none by
	// that name; routine.go implicitRoutine).
	implicit map[string]*analysis.FuncModel
	// parser reads the program's other files; files are they and this one,
	// shared by their compilations (peers.go).
	parser *cfacts.Parser
	files  *programFiles
}

// Translate runs the passes on the C text of the file at path, through the
// pass named stop ("" = all of them, up to hostgen). The error is an
// ErrorList (positions in the user's file, and in the other files of
// opts.Others for the routines of theirs that it calls) or an I/O error.
func Translate(ctx context.Context, path string, text []byte, opts Options, stop string) (res *Result, err error) {
	pass := "the front end"
	defer func() {
		// a bug of the compiler: a message for the user's file, not a crash
		// of the command or of the server's request
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("%s: internal error of the compiler in %s, please report it: %v", path, pass, r)
		}
	}()
	if stop == "build" {
		stop = ""
	}
	if stop != "" && !passExists(stop) {
		return nil, fmt.Errorf("unknown pass %q (passes: %s)", stop, strings.Join(PassNames(), ", "))
	}
	opts, done, err := FrontEnd(opts)
	if err != nil {
		return nil, err
	}
	defer done()
	parser := opts.Parser
	cf := opts.Parsed
	if cf == nil {
		cf, err = parser.Parse(ctx, path, text, nil)
	}
	if err != nil {
		return nil, err
	}
	af := acc.Scan(text)
	af.BindConsts(cf.Consts) // collapse(N) with #define N 2: the compiler's own scan, so binding is safe
	model := analysis.BuildModel(text, af, cf)
	prog := &Program{Path: path, File: filepath.ToSlash(filepath.Clean(path)), Text: text, lines: newLines(text)}
	c := &compilation{ctx: ctx, opts: opts, model: model, prog: prog, res: &Result{Program: prog, Model: model}, parser: parser}
	c.files = newProgramFiles(c, opts.Others)
	c.names = map[string]bool{}
	c.collectNames(cf)
	for _, p := range Passes {
		pass = "pass " + p.Name
		err := p.run(c)
		// After outline errors the ir pass still runs (on what could be
		// outlined) so that one run reports as much as it can.
		if err != nil && p.Name != "outline" || p.Name == stop {
			break
		}
	}
	if err := c.errs(); err != nil {
		return c.res, err
	}
	return c.res, nil
}

// FrontEnd fills in opts.Parser and opts.RuntimeDir when they are unset: a
// C front end whose include path starts with the runtime's headers
// (openacc.h), in the cache directory that keeps them from one run to the
// next (runtime.HeadersDir: the front end's prelude cache stays valid), or
// a temporary directory that done removes. The translations of a program's
// files share one (its prelude cache, and the other files' facts parse
// with it: peers.go).
func FrontEnd(opts Options) (_ Options, done func(), err error) {
	done = func() {}
	if opts.RuntimeDir == "" {
		if opts.RuntimeDir, done, err = runtime.HeadersDir(); err != nil {
			return opts, done, err
		}
	}
	if opts.Parser == nil {
		opts.Parser = cfacts.NewParser(cfacts.Options{CC: opts.CC, IncludePaths: append([]string{opts.RuntimeDir}, opts.IncludePaths...), Defines: opts.Defines})
	}
	return opts, done, nil
}

func passExists(name string) bool {
	for _, p := range PassNames() {
		if p == name {
			return true
		}
	}
	return false
}

// Dump prints the product of pass name of a result.
func Dump(r *Result, name string) string {
	for _, p := range Passes {
		if p.Name == name {
			return p.dump(r)
		}
	}
	return ""
}

// collectNames gathers every identifier the document declares, so that
// generated names never shadow the user's.
func (c *compilation) collectNames(cf *cfacts.File) {
	for _, v := range cf.Globals {
		c.names[v.Name] = true
	}
	for n := range cf.Decls {
		c.names[n] = true
	}
	for _, f := range cf.Funcs {
		for _, v := range f.Params {
			c.names[v.Name] = true
		}
		cfacts.Walk(f.Body, func(s *cfacts.Stmt) bool {
			for _, v := range s.Decls {
				c.names[v.Name] = true
			}
			return true
		})
	}
}

// fresh returns base, or base with a suffix, so that it names nothing of
// the document and was not handed out before.
func (c *compilation) fresh(base string) string {
	n := base
	for i := 2; c.names[n]; i++ {
		n = fmt.Sprintf("%s_%d", base, i)
	}
	c.names[n] = true
	return n
}

// text returns the source text of span s.
func (c *compilation) text(s acc.Span) string {
	if s.Start < 0 || s.End > len(c.prog.Text) || s.Start > s.End {
		return ""
	}
	return string(c.prog.Text[s.Start:s.End])
}

// valueText is the host C text of expression e when its source text is a
// macro's call that expands to more than e (hostgen.go headerMacro): its
// value when it is an integer constant, else the text, whose error the C
// compiler reports.
func (c *compilation) valueText(e *cfacts.Expr) string {
	if e.IsInt {
		return strconv.FormatInt(e.Int, 10)
	}
	return c.text(e.Span)
}

// spanErr converts an error carrying a span to an Error at its position.
func (c *compilation) spanErr(err error, at acc.Span) {
	if se, ok := err.(*spanError); ok {
		c.errorAt(se.Span, "%s", se.Msg)
		return
	}
	c.errorAt(at, "%v", err)
}
