package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/accls/accls/compiler"
)

// stringList is a repeatable string flag (-I, -D).
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// parseInterleaved parses flags that may come before or after the
// positional arguments ("accls translate FILE.c -o DIR"); the first "--"
// ends them and what follows is returned as rest.
func parseInterleaved(fs *flag.FlagSet, args []string) (pos, rest []string, err error) {
	for i, a := range args {
		if a == "--" {
			rest = args[i+1:]
			args = args[:i]
			break
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, rest, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func runTranslate(args []string) int {
	return translate(args, os.Stdout, os.Stderr)
}

// translate is `accls translate` with its output streams.
func translate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("translate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the translation into this directory")
	dump := fs.String("dump", "", "print what a pass produced and stop there: "+strings.Join(compiler.PassNames(), ", "))
	cf := addCompileFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accls translate FILE.c -o DIR [--dump=PASS] [-I DIR] [-D NAME[=VALUE]] [--fp-contract=on|off] [--cache-stage] [--host-code]")
		fmt.Fprintln(stderr, "Writes DIR/FILE.host.c (the host program), DIR/FILE.cl (the kernels) and the runtime.")
		fs.PrintDefaults()
	}
	pos, _, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || (*out == "" && *dump == "") {
		fs.Usage()
		return 2
	}
	file := pos[0]
	text, ok := readSource(file)
	if !ok {
		return 2
	}
	opts := cf.options()
	stop := *dump
	res, err := compiler.Translate(context.Background(), file, text, opts, stop)
	if err != nil {
		reportTranslateError(stderr, err)
		return 2
	}
	if *dump != "" && *dump != "build" {
		fmt.Fprint(stdout, compiler.Dump(res, *dump))
		if *out == "" {
			return 0
		}
		if *dump != "hostgen" {
			return 0
		}
	}
	dir := *out
	if dir == "" {
		dir = "DIR"
	}
	if *out != "" {
		if _, err := compiler.WriteFiles(res, dir); err != nil {
			errorf("%v", err)
			return 2
		}
	}
	if *dump == "build" {
		f := &compiler.Files{Dir: dir, Host: dir + "/" + hostName(file), CL: ""}
		fmt.Fprintln(stdout, strings.Join(compiler.BuildArgs(f, dir+"/"+exeName(file), dirOf(file), opts), " "))
	}
	return 0
}

func reportTranslateError(stderr io.Writer, err error) {
	var list compiler.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Fprintf(stderr, "accls: %s\n", e)
		}
		return
	}
	fmt.Fprintf(stderr, "accls: %v\n", err)
}

func hostName(file string) string {
	return strings.TrimSuffix(baseName(file), ".c") + ".host.c"
}

func exeName(file string) string {
	return strings.TrimSuffix(baseName(file), ".c")
}

func baseName(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func dirOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

// onOff is a flag that takes on or off.
type onOff string

func (v *onOff) String() string { return string(*v) }

func (v *onOff) Set(s string) error {
	if s != "on" && s != "off" {
		return fmt.Errorf("want on or off, not %q", s)
	}
	*v = onOff(s)
	return nil
}

// compileFlags are the options of translate, build and run that go into
// compiler.Options.
type compileFlags struct {
	incs, defs stringList
	fpContract onOff
	cacheStage bool
	hostCode   bool
}

func addCompileFlags(fs *flag.FlagSet) *compileFlags {
	cf := &compileFlags{fpContract: "off"}
	fs.Var(&cf.incs, "I", "add a directory to the include path (repeatable)")
	fs.Var(&cf.defs, "D", "define a macro, NAME or NAME=VALUE (repeatable)")
	fs.Var(&cf.fpContract, "fp-contract", "on: let the OpenCL compiler fuse a*b+c into fma (faster kernels; float results may differ from the host build in the last bits); off: exactly the host's arithmetic")
	fs.BoolVar(&cf.cacheStage, "cache-stage", false, "load the windows of cache directives into __local memory (default: cache is a hint; staging measured slower on PoCL and an H100 for stencils)")
	fs.BoolVar(&cf.hostCode, "host-code", false, "keep each compute construct's own C code, so that the host can be the device (ACC_DEVICE_TYPE=host); on by itself for --device host, for accls run when ACC_DEVICE_TYPE or ACCLS_DEVICE is host, and for programs that name the host device")
	return cf
}

func (cf *compileFlags) options() compiler.Options {
	return compiler.Options{IncludePaths: cf.incs, Defines: cf.defs, FPContract: cf.fpContract == "on", CacheStage: cf.cacheStage, HostCode: cf.hostCode}
}
