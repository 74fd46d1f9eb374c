package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/accls/accls/compiler"
)

func runBuild(args []string) int {
	return build(args, os.Stdout, os.Stderr)
}

// build is `accls build`: translate and build into a directory (the
// executable DIR/NAME), the first two steps of `accls run`, with the
// kernels built for the run's device (the kernel prebuild,
// compiler/kernelprebuild.go). It prints the executable's path.
func build(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "output directory (created when missing)")
	device := fs.String("device", "", "OpenCL device the program will run on: gpu, cpu, P:D, N or a name substring (default: ACCLS_DEVICE)")
	cf := addCompileFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: accls build FILE.c [FILE.c...] -o DIR [--device SEL] [-I DIR] [-D NAME[=VALUE]] [--fp-contract=on|off] [--cache-stage] [--host-code]")
		fmt.Fprintln(stderr, "Translates into DIR and builds the executable DIR/NAME, named after the first file (host program, runtime, kernels for the device).")
		fs.PrintDefaults()
	}
	pos, _, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) == 0 || *out == "" {
		fs.Usage()
		return 2
	}
	srcs, ok := readSources(pos, stderr)
	if !ok {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := cf.options()
	opts.Device = *device
	opts.HostCode = opts.HostCode || compiler.IsHostSelector(*device)
	exe, code := translateAndBuild(ctx, srcs, opts, *out, stderr)
	if code != 0 {
		return code
	}
	fmt.Fprintln(stdout, exe)
	return 0
}
