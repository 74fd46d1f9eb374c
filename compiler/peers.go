package compiler

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// Routines of the program's other files. A program of several files
// (accls build main.c vec.c) usually declares its routines in a header,
// `#pragma acc routine seq` and a prototype, and defines each in one file;
// device code in the others calls them. Each file's kernels are their own
// OpenCL program, and a routine's device code depends on its callers (the
// levels that run a call redundantly, the globals it reaches), so the
// routine is compiled into the caller's program, from the defining file's
// facts: a compilation of that file (a peer) writes it, sharing the
// caller's routines, struct types and generated names, and reporting its
// errors at the routine's own lines.
//
//   - A file that calls a function it does not define looks for its
//     definition in the other files (Options.Others); each file is parsed
//     once, and only when a call needs it.
//   - The definition must have a routine directive (the file's own
//     compiler makes the device version only then, OpenACC 3.3 §2.15.1:
//     implicit routines are for definitions in the same compilation unit);
//     a directive in the calling file, if any, must give the same level.
//   - Globals: a routine of another file that uses a global its file
//     declares for the device gets the device copy from the calling kernel,
//     which looks it up by the global's host address: the calling file must
//     see the global (an extern declaration, in the header). The defining
//     file's constructor registers it (declare.go).

// programFiles are the files of one program, shared by the compilations of
// the translated file and of the peers.
type programFiles struct {
	main   *compilation
	others []Source
	peers  map[string]*compilation // by path, parsed when first needed
	failed map[string]error        // files that could not be parsed
	// home is the compilation whose file defines each routine looked up.
	home map[*analysis.FuncModel]*compilation
	// why says why device code cannot call a function of another file.
	why     map[string]string
	checked map[*analysis.FuncModel]bool // checkPeerRoutine
}

func newProgramFiles(main *compilation, others []Source) *programFiles {
	return &programFiles{main: main, others: others, peers: map[string]*compilation{}, failed: map[string]error{},
		home: map[*analysis.FuncModel]*compilation{}, why: map[string]string{}, checked: map[*analysis.FuncModel]bool{}}
}

// homeOf is the compilation of the file that defines routine fm (c when fm
// is not a routine of another file).
func (c *compilation) homeOf(fm *analysis.FuncModel) *compilation {
	if h := c.files.home[fm]; h != nil {
		return h
	}
	return c
}

// peer returns the compilation of another file of the program, nil when it
// could not be parsed (files.failed says why).
func (f *programFiles) peer(src Source) *compilation {
	if pc, ok := f.peers[src.Path]; ok {
		return pc
	}
	main := f.main
	f.peers[src.Path] = nil
	cf, err := main.parser.Parse(main.ctx, src.Path, src.Text, nil)
	if err != nil {
		f.failed[src.Path] = err
		return nil
	}
	af := acc.Scan(src.Text)
	af.BindConsts(cf.Consts)
	model := analysis.BuildModel(src.Text, af, cf)
	prog := &Program{Path: src.Path, File: filepath.ToSlash(filepath.Clean(src.Path)), Text: src.Text, lines: newLines(src.Text),
		routines: main.routines(), structs: main.prog.structTable()}
	pc := &compilation{ctx: main.ctx, opts: main.opts, model: model, prog: prog, res: &Result{Program: prog, Model: model},
		names: main.names, parser: main.parser, files: f}
	pc.collectNames(cf) // generated names avoid both files' identifiers
	f.peers[src.Path] = pc
	return pc
}

// otherFileRoutine finds the routine name that another file of the program
// defines, for c, which does not define it; nil (and files.why set) when
// there is none device code can call.
func (c *compilation) otherFileRoutine(name string) (*analysis.FuncModel, *compilation) {
	f := c.files
	if len(f.others) == 0 || c.definesFunc(name) {
		return nil, nil
	}
	if _, math := mathFuncs[name]; math {
		return nil, nil
	}
	var sources []Source
	if c != f.main {
		sources = append(sources, Source{Path: f.main.prog.Path, Text: f.main.prog.Text})
	}
	sources = append(sources, f.others...)
	for _, src := range sources {
		if src.Path == c.prog.Path || !bytes.Contains(src.Text, []byte(name)) {
			continue
		}
		var pc *compilation
		if src.Path == f.main.prog.Path {
			pc = f.main
		} else if pc = f.peer(src); pc == nil {
			continue
		}
		// A definition whose body did not parse (Body nil) is found too:
		// deviceCall says so, naming its file.
		i := slices.IndexFunc(pc.model.Funcs, func(fm *analysis.FuncModel) bool { return fm.Func.Name == name })
		if i < 0 {
			continue
		}
		fm := pc.model.Funcs[i]
		if fm.Routine == nil {
			f.why[name] = fmt.Sprintf("'%s' is defined in %s without a 'routine' directive: device code of another file can call it only with one (#pragma acc routine seq, vector, worker or gang before its definition and its prototype)", name, pc.prog.File)
			return nil, nil
		}
		if d := c.model.Routines[name]; d != nil {
			if l := analysis.RoutineLevel(d); l != fm.Level {
				f.why[name] = fmt.Sprintf("'%s' is a 'routine %s' in this file but a 'routine %s' in %s, which defines it", name, routineLevelName(l), routineLevelName(fm.Level), pc.prog.File)
				return nil, nil
			}
		}
		return fm, pc
	}
	for path, err := range f.failed {
		if bytes.Contains(srcText(sources, path), []byte(name)) {
			f.why[name] = fmt.Sprintf("'%s' is not defined in this file, and %s could not be read: %v", name, path, err)
		}
	}
	return nil, nil
}

func srcText(srcs []Source, path string) []byte {
	for _, s := range srcs {
		if s.Path == path {
			return s.Text
		}
	}
	return nil
}

// definesFunc reports whether this file defines a function name.
func (c *compilation) definesFunc(name string) bool {
	return slices.ContainsFunc(c.model.Funcs, func(fm *analysis.FuncModel) bool { return fm.Func.Name == name && fm.Func.Body != nil })
}

// checkPeerRoutine checks the inner directives of routine fm of a peer
// once, as the outline pass does for the routines of the translated file.
func (c *compilation) checkPeerRoutine(fm *analysis.FuncModel) {
	if c == c.files.main || fm.Routine == nil || c.files.checked[fm] {
		return
	}
	c.files.checked[fm] = true
	c.outlineRoutine(fm)
}

// all are the compilations of the program's files parsed so far, the
// translated file's first.
func (f *programFiles) all() []*compilation {
	out := []*compilation{f.main}
	for _, src := range f.others {
		if pc := f.peers[src.Path]; pc != nil {
			out = append(out, pc)
		}
	}
	return out
}

// peerErrors moves the errors that the peers reported into c's.
func (c *compilation) peerErrors() {
	if c != c.files.main {
		return
	}
	for _, pc := range c.files.peers {
		if pc != nil && len(pc.errors) > 0 {
			c.errors = append(c.errors, pc.errors...)
			pc.errors = nil
		}
	}
}

// peerFlags gives the program the OpenCL extensions that the peers'
// routines need.
func (c *compilation) peerFlags() {
	for _, pc := range c.files.peers {
		if pc != nil {
			c.prog.UsesDouble = c.prog.UsesDouble || pc.prog.UsesDouble
			c.prog.Int64Atomics = c.prog.Int64Atomics || pc.prog.Int64Atomics
			c.prog.noteComplex(pc.prog.Complex)
		}
	}
}
