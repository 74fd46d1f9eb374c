package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"sync"
	"syscall"

	"github.com/accls/accls/compiler"
	devrun "github.com/accls/accls/device"
)

func runRun(args []string) int {
	return runProgram(args, os.Stdin, os.Stdout, os.Stderr)
}

// runProgram is `accls run`: translate, build, run. The program's streams
// pass through untouched; accls's own messages go to stderr; the exit code
// is the program's (2 when translation or build fails).
func runProgram(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	device := fs.String("device", "", "OpenCL device: gpu, cpu, P:D, N or a name substring, or host (each compute construct's own C code) (sets ACCLS_DEVICE)")
	keep := fs.String("keep", "", "translate and build into this directory and keep it")
	cf := addCompileFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accls run FILE.c [FILE.c...] [--device SEL] [--keep DIR] [-I DIR] [-D NAME[=VALUE]] [--fp-contract=on|off] [--cache-stage] [--host-code] [-- ARGS...]")
		fs.PrintDefaults()
	}
	pos, progArgs, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	say := func(format string, args ...any) { fmt.Fprintf(stderr, "accls: "+format+"\n", args...) }
	if len(pos) == 0 {
		fs.Usage()
		return 2
	}
	srcs, ok := readSources(pos, stderr)
	if !ok {
		return 2
	}

	// Interrupts: the program gets them (same process group); accls waits
	// for it, cleans up and exits.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var (
		mu          sync.Mutex
		interrupted bool
		child       *os.Process
	)
	go func() {
		for sig := range sigs {
			mu.Lock()
			interrupted = true
			if child != nil {
				// a terminal's ^C reaches the program itself; a signal sent
				// to accls alone is passed on
				_ = child.Signal(sig)
			}
			mu.Unlock()
			cancel()
		}
	}()
	wasInterrupted := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return interrupted
	}

	dir := *keep
	if dir == "" {
		dir, err = os.MkdirTemp("", "accls-run-")
		if err != nil {
			say("%v", err)
			return 2
		}
		defer os.RemoveAll(dir)
	}
	opts := cf.options()
	opts.Device = *device
	opts.HostCode = opts.HostCode || compiler.RunsOnHost(*device) // (the environment's choice counts: accls run knows where the program runs)
	exe, code := translateAndBuild(ctx, srcs, opts, dir, stderr)
	if code != 0 {
		if wasInterrupted() {
			return 130
		}
		return code
	}
	cmd := exec.Command(exe, progArgs...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.Env = os.Environ()
	if *device != "" {
		cmd.Env = append(cmd.Env, "ACCLS_DEVICE="+*device)
	}
	mu.Lock()
	if err := cmd.Start(); err != nil {
		mu.Unlock()
		say("%v", err)
		return 2
	}
	child = cmd.Process
	mu.Unlock()
	err = cmd.Wait()
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if st, ok := ee.Sys().(syscall.WaitStatus); ok && st.Signaled() {
			// as a shell says it of the programs it runs; an interrupt the
			// user typed needs no word
			if !wasInterrupted() && st.Signal() != syscall.SIGINT {
				say("%s was killed by %s (%s)", filepath.Base(srcs[0].name), devrun.SignalName(st.Signal()), st.Signal())
			}
			return 128 + int(st.Signal())
		}
		return ee.ExitCode()
	}
	say("%v", err)
	return 2
}

// sourceFile is a C file of the program and its text.
type sourceFile struct {
	name string
	text []byte
}

// readSources reads the program's files; ok is false after a reported
// error (unreadable or binary, or two files with the same name, whose
// translations would overwrite each other).
func readSources(names []string, stderr io.Writer) (srcs []sourceFile, ok bool) {
	seen := map[string]string{}
	for _, name := range names {
		base := filepath.Base(name)
		if prev, dup := seen[base]; dup {
			fmt.Fprintf(stderr, "accls: %s and %s have the same name: the files of a program need different names\n", prev, name)
			return nil, false
		}
		seen[base] = name
		text, ok := readSource(name)
		if !ok {
			return nil, false
		}
		srcs = append(srcs, sourceFile{name, text})
	}
	return srcs, true
}

// translateAndBuild is what accls build and run share: the translation of
// each file written into dir and built there into one executable, named
// after the first file. code is 0 with the executable, 2 after a reported
// error, 130 when ctx was cancelled (an interrupt).
func translateAndBuild(ctx context.Context, srcs []sourceFile, opts compiler.Options, dir string, stderr io.Writer) (exe string, code int) {
	opts, done, err := compiler.FrontEnd(opts) // one for all the files
	if err != nil {
		errorf("%v", err)
		return "", 2
	}
	defer done()
	var files *compiler.Files
	failed := false
	reported := map[string]bool{} // a routine's error, reached from two files, once
	for i, src := range srcs {
		fileOpts := opts
		fileOpts.Others = nil
		for j, o := range srcs {
			if j != i {
				fileOpts.Others = append(fileOpts.Others, compiler.Source{Path: o.name, Text: o.text})
			}
		}
		res, err := compiler.Translate(ctx, src.name, src.text, fileOpts, "")
		if err != nil {
			if ctx.Err() != nil {
				return "", 130
			}
			var list compiler.ErrorList
			if errors.As(err, &list) {
				list = slices.DeleteFunc(list, func(e *compiler.Error) bool {
					seen := reported[e.Error()]
					reported[e.Error()] = true
					return seen
				})
				err = list
			}
			reportTranslateError(stderr, err)
			failed = true // the other files' errors too
			continue
		}
		unit, err := compiler.WriteFiles(res, dir)
		if err != nil {
			errorf("%v", err)
			return "", 2
		}
		unit.SrcDir, _ = filepath.Abs(filepath.Dir(src.name))
		if files == nil {
			files = unit
		} else {
			files.Others = append(files.Others, unit)
		}
	}
	if failed {
		return "", 2
	}
	file := srcs[0].name
	exe = filepath.Join(dir, exeName(file))
	if err := compiler.Build(ctx, files, exe, files.SrcDir, opts); err != nil {
		if ctx.Err() != nil {
			return "", 130
		}
		var be *compiler.BuildError
		if errors.As(err, &be) {
			fmt.Fprint(stderr, be.Output)
			fmt.Fprintf(stderr, "accls: %s: building the translated program failed (%v)\n", file, be.Err)
		} else {
			errorf("%s: %v", file, err)
		}
		return "", 2
	}
	return exe, 0
}
