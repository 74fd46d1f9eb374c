package server

// The program of a run or a preview: accls/run on a file that calls
// functions other files define (a routine in ops.c declared in ops.h)
// builds those files with it, as `accls run main.c ops.c` does, and
// accls/kernels translates it with them (its kernels get ops.c's
// routines). The other files are found in the file's own directory and
// among the files of the workspace's compile_commands.json: the .c files
// that define a function it calls and does not define, then, in turn,
// those their functions need. A file that defines main is another program
// when the run file has a main of its own, and is left out. Open documents
// count with their current text.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/accls/accls/compiler"
	"github.com/accls/accls/source/cfacts"
)

// Limits of the search for a program's files.
var (
	maxProgramCandidates       = 64      // .c files of the directory looked at
	maxProgramListed           = 256     // more from compile_commands.json
	maxProgramFile       int64 = 4 << 20 // bytes of one file
	maxProgramFacts            = 1024    // files whose facts programCache keeps
)

// programCache keeps what the search learnt about each candidate file, for
// the version of it that it read (a preview asks on each edit of the
// document, and the other files rarely change meanwhile), and the files of
// the compilation database by nearness to a directory.
type programCache struct {
	mu    sync.Mutex
	facts map[string]*fileFacts // by programFactsKey; never changed once stored
	// near: db's .c files by directory they are nearest to (programCandidates)
	db   *compileDB
	near map[string][]string
}

// fileFacts are what the search knows of one version of a candidate file.
type fileFacts struct {
	maybe map[string]bool // the names its text may define (definitionLike)
	// parsed: defs and calls are known (it was parsed because it looked
	// like it defines a function the program needs).
	parsed bool
	defs   map[string]bool // the functions it defines
	calls  []string        // the functions it calls and does not define
}

func (c *programCache) get(key string) *fileFacts {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.facts[key]
}

func (c *programCache) put(key string, f *fileFacts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.facts == nil || len(c.facts) >= maxProgramFacts {
		c.facts = map[string]*fileFacts{}
	}
	c.facts[key] = f
}

// programFactsKey names one version of a file as the C front end of o
// reads it (stamp: its open document's version, or its size and time).
func programFactsKey(path, stamp string, o translateOptions) string {
	return strings.Join([]string{path, stamp, o.cc, strings.Join(o.includePaths, "\x00"), strings.Join(o.defines, "\x00")}, "\x01")
}

// fileStamp says which version of the file at path a search would read
// ("" when it cannot be read).
func (s *server) fileStamp(path string) string {
	if snap := s.docs.snapshotOfPath(path); snap != nil {
		return fmt.Sprintf("v%d", snap.doc.Version())
	}
	if fi, err := os.Stat(path); err == nil {
		return fmt.Sprintf("%d.%d", fi.Size(), fi.ModTime().UnixNano())
	}
	return ""
}

// programFiles returns the other files of the program whose file is at
// o.path (text: its current text), in the order found, nil for a document
// that is not a file or that needs no other file; and text's C facts when
// it parsed them (for the translation: Options.Parsed).
func (s *server) programFiles(ctx context.Context, o translateOptions, text []byte) ([]compiler.Source, *cfacts.File) {
	if !filepath.IsAbs(o.path) {
		return nil, nil
	}
	type candidate struct {
		path, key string
		text      []byte     // read when needed (nil until then)
		facts     *fileFacts // replaced, not changed, when parsed
	}
	c := &s.ext.program
	var cands []*candidate
	for _, p := range s.programCandidates(o.path) {
		cand := &candidate{path: p, key: programFactsKey(p, s.fileStamp(p), o)}
		if cand.facts = c.get(cand.key); cand.facts == nil {
			if cand.text = s.programText(p); cand.text == nil {
				continue
			}
			cand.facts = &fileFacts{maybe: definitionLike(cand.text)}
			c.put(cand.key, cand.facts)
		}
		cands = append(cands, cand)
	}
	if len(cands) == 0 {
		return nil, nil // a file alone in its directory: nothing to parse
	}
	parser, _, err := s.compilerParser(o)
	if err != nil {
		return nil, nil
	}
	own, err := parser.Parse(ctx, o.path, text, nil)
	if err != nil {
		return nil, nil
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
		for _, cand := range cands {
			if !cand.facts.maybe[name] {
				continue // does not define it (printf, malloc…): not parsed
			}
			if cand.text == nil {
				if cand.text = s.programText(cand.path); cand.text == nil {
					continue
				}
			}
			if !cand.facts.parsed {
				pf, err := parser.Parse(ctx, cand.path, cand.text, nil)
				if err != nil && ctx.Err() != nil {
					return nil, nil // cancelled: nothing learnt
				}
				cand.facts = parsedFacts(cand.facts.maybe, pf)
				c.put(cand.key, cand.facts)
			}
			f := cand.facts
			if !f.defs[name] || hasMain && f.defs["main"] {
				continue
			}
			if !slices.ContainsFunc(out, func(s compiler.Source) bool { return s.Path == cand.path }) {
				out = append(out, compiler.Source{Path: cand.path, Text: cand.text})
				need = append(need, f.calls...)
			}
			break
		}
	}
	return out, own
}

// parsedFacts are the facts of a candidate whose parse is pf (nil: its
// text did not parse, it defines nothing).
func parsedFacts(maybe map[string]bool, pf *cfacts.File) *fileFacts {
	f := &fileFacts{maybe: maybe, parsed: true, defs: map[string]bool{}}
	if pf != nil {
		for _, fn := range pf.Funcs {
			if fn.Body != nil {
				f.defs[fn.Name] = true
			}
		}
		f.calls = undefinedCalls(pf)
	}
	return f
}

// programStamp says what the other files of the program of the file at
// path may be now: each candidate file (programCandidates) with its
// fileStamp ("" for a document that is not a file). A preview made with
// another stamp may show routines that changed.
func (s *server) programStamp(path string) string {
	if !filepath.IsAbs(path) {
		return ""
	}
	var b strings.Builder
	for _, p := range s.programCandidates(path) {
		fmt.Fprintf(&b, "%s\x00%s\x00", p, s.fileStamp(p))
	}
	return b.String()
}

// programCandidates are the files that may hold the other files of the
// program of the file at path, path excluded: the .c files of its
// directory, then those of the workspace's compile_commands.json, nearest
// directories first (a project whose routines live in src/ops/). A preview
// asks at every cursor move: the database's order is kept per directory.
func (s *server) programCandidates(path string) []string {
	dir := filepath.Dir(path)
	paths, _ := filepath.Glob(filepath.Join(dir, "*.c"))
	sort.Strings(paths)
	if len(paths) > maxProgramCandidates {
		paths = paths[:maxProgramCandidates]
	}
	paths = append(paths, s.ext.program.listedNear(s.compileDB(), dir)...)
	return slices.DeleteFunc(paths, func(p string) bool { return p == path })
}

// listedNear are the .c files db lists outside dir, those of the
// directories sharing most of dir's path first (maxProgramListed at most).
func (c *programCache) listedNear(db *compileDB, dir string) []string {
	if db == nil || len(db.byFile) == 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db != db {
		c.db, c.near = db, map[string][]string{}
	}
	if l, ok := c.near[dir]; ok {
		return l
	}
	type entry struct {
		path   string
		shared int
	}
	var es []entry
	for p := range db.byFile {
		if strings.HasSuffix(p, ".c") && filepath.Dir(p) != dir {
			es = append(es, entry{p, sharedDirs(filepath.Dir(p), dir)})
		}
	}
	sort.Slice(es, func(i, j int) bool {
		if es[i].shared != es[j].shared {
			return es[i].shared > es[j].shared
		}
		return es[i].path < es[j].path
	})
	l := make([]string, 0, min(len(es), maxProgramListed))
	for _, e := range es[:min(len(es), maxProgramListed)] {
		l = append(l, e.path)
	}
	c.near[dir] = l
	return l
}

// sharedDirs is the number of leading path elements a and b share.
func sharedDirs(a, b string) int {
	as, bs := strings.Split(filepath.ToSlash(a), "/"), strings.Split(filepath.ToSlash(b), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
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
