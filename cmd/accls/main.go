// Command accls is the OpenACC language server and toolchain: `accls serve`
// speaks LSP on stdio, `accls check` reports diagnostics gcc-style.
package main

import (
	"fmt"
	"os"
)

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(args []string) int
}

var commands []command

func init() {
	commands = []command{
		{"serve", "speak LSP on stdio (the default)", runServe},
		{"check", "report OpenACC diagnostics for C files: accls check [--json] [--fix] [-I DIR] [-D NAME] FILE…", runCheck},
		{"devices", "list the OpenCL devices (as ACCLS_DEVICE / --device number them): accls devices [--json] [--device SEL]", runDevices},
		{"translate", "translate OpenACC C to host C + OpenCL kernels: accls translate FILE.c -o DIR [--dump=PASS]", runTranslate},
		{"build", "translate and build an executable (kernels built for the device): accls build FILE.c [FILE.c…] -o DIR [--device SEL]", runBuild},
		{"run", "translate, build and run on an OpenCL device: accls run FILE.c [FILE.c…] [--device SEL] [--keep DIR] [-- ARGS]", runRun},
		{"version", "print the version", runVersion},
		{"help", "show this help", runHelp},
	}
}

func main() {
	args := os.Args[1:]
	if len(args) == 0 {
		os.Exit(runServe(nil))
	}
	for _, c := range commands {
		if c.name == args[0] {
			os.Exit(c.run(args[1:]))
		}
	}
	if args[0] == "-h" || args[0] == "--help" {
		os.Exit(runHelp(nil))
	}
	errorf("unknown command %q (try 'accls help')", args[0])
	os.Exit(2)
}

func runHelp([]string) int {
	fmt.Println("accls — OpenACC language server and toolchain for C\n\nUsage: accls [command] [arguments]\n\nCommands:")
	for _, c := range commands {
		fmt.Printf("  %-8s %s\n", c.name, c.summary)
	}
	return 0
}

func errorf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "accls: "+format+"\n", args...)
}
