package server

// The program of a run: accls/run on a file that calls functions other
// files define (a routine in ops.c declared in ops.h) builds those files
// with it, as `accls run main.c ops.c` does. The other files are found in
// the file's own directory: the .c files that define a function it calls
// and does not define, then, in turn, those their functions need. A file
// that defines main is another program when the run file has a main of its
// own, and is left out. Open documents count with their current text.

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"

	"github.com/accls/accls/compiler"
	"github.com/accls/accls/source/cfacts"
)

// Limits of the search for a program's files.
var (
	maxProgramCandidates       = 64      // .c files of the directory looked at
	maxProgramFile       int64 = 4 << 20 // bytes of one file
)

// programFiles returns the other files of the program whose file is at
// o.path (text: its current text), in the order found; nil for a document
// that is not a file, or that needs no other file.
func (s *server) programFiles(ctx context.Context, o translateOptions, text []byte) []compiler.Source {
	if !filepath.IsAbs(o.path) {
		return nil
	}
	paths, _ := filepath.Glob(filepath.Join(filepath.Dir(o.path), "*.c"))
	sort.Strings(paths)
	if len(paths) > maxProgramCandidates {
		paths = paths[:maxProgramCandidates]
	}
	type candidate struct {
		src   compiler.Source
		maybe map[string]bool // names that look defined (definitionLike)
		defs  map[string]bool // the functions it defines; nil until parsed
		file  *cfacts.File
	}
	var cands []*candidate
	for _, p := range paths {
		if p == o.path {
			continue
		}
		if t := s.programText(p); t != nil {
			cands = append(cands, &candidate{src: compiler.Source{Path: p, Text: t}, maybe: definitionLike(t)})
		}
	}
	if len(cands) == 0 {
		return nil // a file alone in its directory: nothing to parse
	}
	parser, _, err := s.compilerParser(o)
	if err != nil {
		return nil
	}
	own, err := parser.Parse(ctx, o.path, text, nil)
	if err != nil {
		return nil
	}
	need := undefinedCalls(own)
	hasMain := defines(own, "main")
	var out []compiler.Source
	done := map[string]bool{}
	for len(need) > 0 && ctx.Err() == nil {
		name := need[0]
		need = need[1:]
		if done[name] {
			continue
		}
		done[name] = true
		for _, c := range cands {
			if c.defs == nil {
				if !c.maybe[name] {
					continue // does not define it (printf, malloc…): not parsed
				}
				f, err := parser.Parse(ctx, c.src.Path, c.src.Text, nil)
				if err != nil {
					c.defs = map[string]bool{}
					continue
				}
				c.file, c.defs = f, map[string]bool{}
				for _, fn := range f.Funcs {
					if fn.Body != nil {
						c.defs[fn.Name] = true
					}
				}
			}
			if !c.defs[name] || hasMain && c.defs["main"] {
				continue
			}
			if !slices.ContainsFunc(out, func(s compiler.Source) bool { return s.Path == c.src.Path }) {
				out = append(out, c.src)
				need = append(need, undefinedCalls(c.file)...)
			}
			break
		}
	}
	return out
}

// programText is the text of a candidate file: the open document's, else
// the file's; nil for a binary or too large file.
func (s *server) programText(path string) []byte {
	if snap := s.docs.snapshotOfPath(path); snap != nil {
		if snap.binary || snap.truncated || snap.cxx {
			return nil
		}
		return snap.text
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > maxProgramFile {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil || isBinary(b) {
		return nil
	}
	return b
}

// definitionHead matches what may be the head of a function definition: a
// name, a parameter list without ';' or braces, and '{'. It also matches
// some statements (`if (f(x)) {`): the parse decides, this only keeps a
// Run from parsing every file of the directory for names no file defines
// (the library functions a program calls).
var definitionHead = regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{`)

// definitionLike are the names that text may define as functions.
func definitionLike(text []byte) map[string]bool {
	out := map[string]bool{}
	for _, m := range definitionHead.FindAllSubmatch(text, -1) {
		out[string(m[1])] = true
	}
	return out
}

// undefinedCalls are the functions f calls and does not define.
func undefinedCalls(f *cfacts.File) []string {
	var out []string
	for _, fn := range f.Funcs {
		cfacts.Walk(fn.Body, func(st *cfacts.Stmt) bool {
			cfacts.StmtExprs(st, func(e *cfacts.Expr) {
				cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
					if x.Kind == cfacts.ExprCall && x.Name != "" && !defines(f, x.Name) && !slices.Contains(out, x.Name) {
						out = append(out, x.Name)
					}
					return true
				})
			})
			return true
		})
	}
	return out
}

// defines reports whether f defines function name.
func defines(f *cfacts.File, name string) bool {
	return slices.ContainsFunc(f.Funcs, func(fn *cfacts.Func) bool { return fn.Name == name && fn.Body != nil })
}

// translateOthers translates the program's other files (o.others), each
// with the rest and the document (text) as its own others.
func (s *server) translateOthers(ctx context.Context, o translateOptions, text []byte) ([]*compiler.Result, error) {
	parser, rtDir, err := s.compilerParser(o)
	if err != nil {
		return nil, err
	}
	var out []*compiler.Result
	for i, src := range o.others {
		opts := o.compilerOptions()
		opts.Parser, opts.RuntimeDir = parser, rtDir
		opts.Others = append([]compiler.Source{{Path: o.path, Text: text}}, o.others[:i]...)
		opts.Others = append(opts.Others, o.others[i+1:]...)
		r, err := compiler.Translate(ctx, src.Path, src.Text, opts, "")
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}
