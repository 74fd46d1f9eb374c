package cfacts

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/accls/accls/acc"
	"modernc.org/cc/v4"
)

// Options configure a Parser.
type Options struct {
	// CC is the host C compiler whose configuration (predefined macros,
	// system include directories) and preprocessor are used. Empty means
	// $CC, then "cc", then "gcc".
	CC string
	// IncludePaths are searched for #include "..." and <...> before the
	// system directories (like -I).
	IncludePaths []string
	// Defines are predefined macros, "N=1024" or "DEBUG" (= 1). _OPENACC is
	// always defined (202211, OpenACC 3.3).
	Defines []string
	// CacheDir holds the flattened system headers (preludes) between runs.
	// Empty means os.UserCacheDir()/accls; "-" disables the disk cache.
	CacheDir string
}

// Parser is accls's C front end. It is cheap to create; the host compiler's
// configuration is read on the first Parse. A Parser is safe for concurrent
// use.
type Parser struct {
	opts    Options
	once    sync.Once
	env     *env
	prelude preludeCache
}

// NewParser returns a Parser with the given options.
func NewParser(opts Options) *Parser {
	p := &Parser{opts: opts}
	switch opts.CacheDir {
	case "":
		p.prelude.dir = defaultCacheDir()
	case "-":
	default:
		p.prelude.dir = opts.CacheDir
	}
	return p
}

func (p *Parser) environment() *env {
	p.once.Do(func() { p.env = newEnv(p.opts) })
	return p.env
}

// Parse parses text, the content of the document at path (used to find
// headers next to it; it need not exist on disk), into a File. prev is the
// result of the previous Parse of the same document, or nil: the body of a
// function that does not parse now is taken from it (Func.Stale).
//
// Parse fails only when ctx is done. Everything else is in the File: syntax
// errors are recovered from (see recover.go), missing headers and a missing
// C compiler become Notes. Nothing in a File changes once Parse has returned
// it; the result may share with prev what did not change (an edit inside
// one function keeps the functions before it, see incremental.go).
func (p *Parser) Parse(ctx context.Context, path string, text []byte, prev *File) (*File, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, why, err := p.parseIncremental(ctx, path, text, prev)
	if f != nil || err != nil {
		if f != nil {
			incrementalStats.incremental.Add(1)
		}
		return f, err
	}
	incrementalStats.full.Add(1)
	if fullParseWhy != nil {
		fullParseWhy(why)
	}
	return p.parseFull(ctx, path, text, prev)
}

// parseFull is Parse without the incremental shortcut (incremental.go).
func (p *Parser) parseFull(ctx context.Context, path string, text []byte, prev *File) (*File, error) {
	st := &state{
		p:       p,
		e:       p.environment(),
		path:    path,
		name:    sourceName(path),
		text:    text,
		guessed: map[string]bool{},
	}
	if st.e.note != "" {
		st.noteIncomplete(0, 0, st.e.note)
	}
	if prev != nil {
		st.prevFuncs = map[string]bool{}
		for _, f := range prev.Funcs {
			st.prevFuncs[f.Name] = true
		}
	}
	ast, err := st.run(ctx)
	if err != nil {
		return nil, err
	}
	if ast == nil {
		return st.failed(prev), nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f := convert(st, ast, prev)
	f.inc = st.incrementalBase(f)
	return f, nil
}

// sourceName is the name the document has for cc/v4: its path, which cc
// uses to find headers next to it.
func sourceName(path string) string {
	if path == "" {
		return "document.c"
	}
	if strings.HasPrefix(path, "<") {
		return "_" + path
	}
	return filepath.Clean(path)
}

// state is one Parse.
type state struct {
	p    *Parser
	e    *env
	path string
	name string
	text []byte // the document
	work []byte // what cc/v4 parses (see prepare.go)
	lx   lexed

	includes       []include
	missing        []string // headers not found
	directiveNames []string // the identifiers of the document's directives (consts.go)
	condNames      []string // the identifiers of its #if, #ifdef, #ifndef and #elif lines
	condTexts      []string // the conditions of its #if and #elif lines (ppcond.go)
	preludeInput   string
	prelude        string
	pruned         string // the prelude reduced to what the document needs; "" for the whole
	wholePrelude   bool   // the pruned prelude did not do: use the whole one
	direct         bool   // system includes are left to cc/v4 (no prelude)

	stubs   strings.Builder // typedefs guessed for unknown type names
	guessed map[string]bool
	blanked map[int]bool       // '{' offsets of function bodies that were blanked
	holes   map[int][]acc.Span // by '{' offset: statements blanked in the body
	tries   map[int]int        // by '{' offset: statements blanked so far
	tried   map[[2]int]bool    // ranges blanked so far
	notes   []Note
	dropped []droppedFunc // function definitions blanked whole
	heur    bool          // the braces did not balance: items use the heuristics

	prevFuncs map[string]bool // the functions the previous File defines
	attempts  int             // cc/v4 parses made
	prepared  []byte          // work before error recovery (incremental.go)
}

// droppedFunc is a function definition that error recovery removed whole
// (its header does not parse): its facts come from the previous File.
type droppedFunc struct {
	name       string // "" when the header is too broken to tell
	nameOff    int
	start, end int
	open       int // its body's '{', -1 when none
	bodyLen    int // for a nameless one: the length of its body
}

func (st *state) note(a, b int, msg string) {
	st.addNote(Note{Span: acc.Span{Start: a, End: b}, Message: msg})
}

// noteIncomplete notes something that may leave names undeclared.
func (st *state) noteIncomplete(a, b int, msg string) {
	st.addNote(Note{Span: acc.Span{Start: a, End: b}, Message: msg, Incomplete: true})
}

func (st *state) addNote(n Note) {
	for _, x := range st.notes {
		if x.Message == n.Message {
			return
		}
	}
	st.notes = append(st.notes, n)
}

// debugf, when set (by tests), traces the recovery rounds.
var debugf func(format string, args ...any)

const (
	preludeName = "<accls-prelude>"
	definesName = "<accls-defines>"
)

// run parses until cc/v4 accepts the text or the rounds are spent. A nil AST
// and nil error mean that it gave up.
func (st *state) run(ctx context.Context) (*cc.AST, error) {
	st.prepare()
	if err := st.loadPrelude(ctx); err != nil {
		return nil, err
	}
	st.prepared = bytes.Clone(st.work)
	var last []docError
	for round := 0; round < maxRounds; round++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		ast, perr := st.attempt()
		if perr == nil {
			return ast, nil
		}
		if errors.Is(perr, errPanic) {
			st.noteIncomplete(0, 0, "the C front end failed: "+perr.Error())
			return nil, nil
		}
		docErrs, other := st.parseErrors(perr)
		if st.pruned != "" && !st.wholePrelude && slices.Contains(other, preludeName) {
			// The pruned prelude lacks something it needs itself (it
			// should not): use the whole one.
			st.wholePrelude = true
			round--
			continue
		}
		if len(other) > 0 && st.repairOther(other, perr) {
			continue
		}
		if len(docErrs) == 0 {
			st.noteIncomplete(0, 0, "the C front end failed: "+firstLine(perr.Error()))
			return nil, nil
		}
		last = docErrs
		if debugf != nil {
			debugf("round %d: %v (other %v)", round, docErrs, other)
		}
		if !st.repair(docErrs, round) && !st.repair(docErrs, firstOnly) {
			break
		}
	}
	if len(last) > 0 {
		st.noteIncomplete(last[0].off, last[0].off, "the C front end could not recover from: "+last[0].msg)
	}
	return nil, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// loadPrelude gets the flattened system headers the document includes. When
// the host compiler cannot make them, cc/v4 reads the headers itself.
func (st *state) loadPrelude(ctx context.Context) error {
	if st.preludeInput == "" {
		return nil
	}
	ent, err := st.p.prelude.get(ctx, st.e, st.preludeInput)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		st.note(0, 0, fmt.Sprintf("system headers could not be preprocessed (%v); parsing them directly", err))
		st.direct = true
		st.prepare()
		return nil
	}
	st.prelude = ent.text
	for _, d := range ent.dropped {
		for _, inc := range st.includes {
			if inc.system && inc.name == d.name {
				st.noteIncomplete(int(inc.span.start), int(inc.span.end), fmt.Sprintf("header '%s' could not be preprocessed (%s); parsed without it", d.name, d.msg))
			}
		}
	}
	if !noPruneForTest {
		if ix := ent.index(st.e); ix != nil {
			st.pruned = ix.prune(st.docNames())
		}
	}
	return nil
}

// noPruneForTest makes every parse use the whole prelude.
var noPruneForTest bool

// repairOther handles errors outside the document: in a user header (its
// #include line goes), in the prelude (cc/v4 then reads the system headers
// itself) or in a system header read that way (all system includes go).
func (st *state) repairOther(files []string, err error) bool {
	changed := false
	for _, f := range files {
		switch {
		case f == preludeName:
			if !st.direct {
				st.note(0, 0, "the flattened system headers do not parse ("+firstLine(err.Error())+"); parsing them directly")
				st.direct = true
				st.prelude, st.pruned = "", ""
				st.prepare()
				return true
			}
		case f == definesName:
			if st.stubs.Len() > 0 || len(st.p.opts.Defines) > 0 {
				st.note(0, 0, "the predefined macros do not parse: "+firstLine(err.Error()))
			}
		default:
			for _, inc := range st.includes {
				if inc.path == f && st.hasCode(int(inc.span.start), int(inc.span.end)) {
					st.blankRaw(int(inc.span.start), int(inc.span.end))
					st.note(int(inc.span.start), int(inc.span.end), fmt.Sprintf("header '%s' does not parse; parsed without it", inc.name))
					changed = true
				}
			}
			if !changed && st.direct {
				// An error in a system header that the document reaches
				// through some include: drop the system includes.
				for _, inc := range st.includes {
					if inc.system && st.hasCode(int(inc.span.start), int(inc.span.end)) {
						st.blankRaw(int(inc.span.start), int(inc.span.end))
						changed = true
					}
				}
				if changed {
					st.note(0, 0, "system headers do not parse; parsed without them")
				}
			}
		}
	}
	return changed
}

// eofSentinel ends the text cc/v4 parses. cc/v4 v4.31.0 loops forever,
// growing its error list until memory runs out, on a pointer declarator at
// the end of the input (`char *` at EOF: (*parser).typeQualifierList shifts
// EOF without end). An identifier ends that loop; the declaration is
// harmless otherwise and left out of the facts (it lies after the text).
const eofSentinel = "\nint __accls_eof;\n"

// errPanic is returned by attempt when cc/v4 panicked.
var errPanic = errors.New("cc/v4 panicked")

// attempt is one parse of st.work.
func (st *state) attempt() (ast *cc.AST, err error) {
	st.attempts++
	defer func() {
		if r := recover(); r != nil {
			ast, err = nil, fmt.Errorf("%w: %v", errPanic, r)
		}
	}()
	cfg := st.e.cfg
	srcs := make([]cc.Source, 0, 5)
	srcs = append(srcs,
		cc.Source{Name: "<predefined>", Value: cfg.Predefined},
		cc.Source{Name: "<builtin>", Value: cc.Builtin})
	switch {
	case st.pruned != "" && !st.wholePrelude:
		srcs = append(srcs, cc.Source{Name: preludeName, Value: st.pruned})
	case st.prelude != "":
		srcs = append(srcs, cc.Source{Name: preludeName, Value: st.prelude})
	}
	srcs = append(srcs,
		cc.Source{Name: definesName, Value: st.e.defines + st.stubs.String()},
		cc.Source{Name: st.name, Value: append(st.work[:len(st.work):len(st.work)], eofSentinel...)})
	ast, err = cc.Parse(cfg, srcs)
	if err != nil {
		return nil, err
	}
	if ast == nil {
		return nil, errors.New("no AST")
	}
	// Type check. Its errors (undeclared names, type mismatches) leave the
	// AST usable: nodes get the invalid type. See check.go.
	if err := typeCheck(ast, cfg); err != nil && errors.Is(err, errPanic) {
		st.note(0, 0, err.Error())
	}
	return ast, nil
}

// failed is the File of a text that could not be parsed at all: the
// functions of prev, marked stale, with the notes.
func (st *state) failed(prev *File) *File {
	f := &File{Notes: st.notes, Decls: map[string]*FuncDecl{}}
	if prev == nil {
		return f
	}
	globals := map[string]*Var{}
	for _, v := range prev.Globals {
		globals[v.Name] = v
	}
	f.Globals = prev.Globals
	f.Stale = len(prev.Funcs) > 0
	for _, pf := range prev.Funcs {
		fn := copyFunc(pf, 0, 0, globals)
		f.Funcs = append(f.Funcs, fn)
		f.Decls[fn.Name] = &FuncDecl{Name: fn.Name, NameSpan: fn.NameSpan, Def: fn}
	}
	for name, d := range prev.Decls {
		if _, ok := f.Decls[name]; !ok {
			f.Decls[name] = d
		}
	}
	return f
}
