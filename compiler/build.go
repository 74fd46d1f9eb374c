package compiler

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/accls/accls/compiler/runtime"
)

// Pass 5, build: the host program and the runtime, compiled and linked by
// the system C compiler against libOpenCL:
//
//	cc -O2 -D_OPENACC=202211 -I DIR -I SRCDIR DIR/FILE.host.c DIR/accrt.c -o EXE -lOpenCL -lm
//
// The host file carries #line directives, so the C compiler's messages name
// the user's file and lines. A program of several files (accls build a.c
// b.c) is one translation per file, written into the same directory: the
// host files compile and link together, and each file's kernels are an
// OpenCL program of their own (the runtime keys programs by their source),
// so kernels of different files may have the same names.

// Files names what WriteFiles writes into a directory.
type Files struct {
	Dir  string
	Host string // DIR/NAME.host.c
	CL   string // DIR/NAME.cl
	// Runtime are the runtime's files (accrt.h, openacc.h, accrt.c).
	Runtime []string
	// Others are the program's other files' translations, in the same Dir
	// (set by the caller); SrcDir is the directory of such a file's source,
	// for its own headers.
	Others []*Files
	SrcDir string
}

// units are f and its others.
func (f *Files) units() []*Files {
	return append([]*Files{f}, f.Others...)
}

// WriteFiles writes a translation into dir (created when missing): the host
// program, the kernels and the runtime.
func WriteFiles(r *Result, dir string) (*Files, error) {
	rt, err := runtime.WriteTo(dir)
	if err != nil {
		return nil, err
	}
	base := strings.TrimSuffix(filepath.Base(r.Program.File), ".c")
	f := &Files{Dir: dir, Host: filepath.Join(dir, base+".host.c"), CL: filepath.Join(dir, base+".cl"), Runtime: rt}
	if err := os.WriteFile(f.Host, []byte(r.Host), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(f.CL, []byte(r.CL), 0o644); err != nil {
		return nil, err
	}
	return f, nil
}

// CCommand returns the C compiler: opts.CC, $CC, else "cc".
func CCommand(opts Options) string {
	if opts.CC != "" {
		return opts.CC
	}
	if cc := os.Getenv("CC"); cc != "" {
		return cc
	}
	return "cc"
}

// BuildArgs is the command line that builds files into the executable exe;
// srcDir is the directory of the user's file (for its own headers).
func BuildArgs(f *Files, exe, srcDir string, opts Options) []string {
	args := compileFlags(f, srcDir, opts)
	for _, u := range f.units() {
		args = append(args, u.Host)
	}
	args = append(args, filepath.Join(f.Dir, runtime.Source), "-o", exe)
	args = append(args, runtime.LinkFlags()...)
	if callsOpenMP(f) {
		args = append(args, "-lgomp")
	}
	return append(args, "-lm")
}

// ompCallRE matches a call of an OpenMP runtime routine.
var ompCallRE = regexp.MustCompile(`\bomp_[a-z_]+\s*\(`)

// callsOpenMP reports whether a host file calls the OpenMP runtime:
// OpenACC programs time themselves with omp_get_wtime, and gcc's libgomp
// has it (the host code is not built with -fopenmp, so omp directives stay
// ignored, as in the plain build the program is compared with).
func callsOpenMP(f *Files) bool {
	for _, u := range f.units() {
		if text, err := os.ReadFile(u.Host); err == nil && ompCallRE.Match(text) {
			return true
		}
	}
	return false
}

// compileFlags is the C compiler and its options for the host files of f:
// the translation's directory and the sources' directories (their own
// headers) on the include path.
func compileFlags(f *Files, srcDir string, opts Options) []string {
	args := strings.Fields(CCommand(opts))
	args = append(args, "-O2", "-D_OPENACC=202211", "-I", f.Dir)
	dirs := []string{srcDir}
	for _, o := range f.Others {
		if !slices.Contains(dirs, o.SrcDir) {
			dirs = append(dirs, o.SrcDir)
		}
	}
	for _, d := range dirs {
		if d != "" {
			args = append(args, "-I", d)
		}
	}
	for _, p := range opts.IncludePaths {
		args = append(args, "-I", p)
	}
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	return args
}

// BuildError is a failed build: the compiler's output (its messages name
// the user's file through #line).
type BuildError struct {
	Args   []string
	Output string
	Err    error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("building the translated program failed (%v):\n%s", e.Err, strings.TrimRight(e.Output, "\n"))
}

// Build compiles and links files into exe, and builds the kernels for the
// device meanwhile (kernelprebuild.go).
func Build(ctx context.Context, f *Files, exe, srcDir string, opts Options) (err error) {
	finish := startKernelPrebuild(ctx, f, opts)
	defer func() { finish(err != nil) }()
	if ok, err := buildCached(ctx, f, exe, srcDir, opts); ok {
		return err
	}
	args := BuildArgs(f, exe, srcDir, opts)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Run(); err != nil {
		return &BuildError{Args: args, Output: out.String(), Err: err}
	}
	return nil
}
