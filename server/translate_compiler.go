package server

// translateText: the compiler (compiler.Translate) on the current text of a
// document, made into the server's xTranslation. A construct the compiler
// cannot translate does not hide the others: its directive is blanked (the
// offsets of everything else stay) and the text translated again, and the
// construct comes back with its error.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/compiler"
	"github.com/accls/accls/compiler/runtime"
	"github.com/accls/accls/device"
	"github.com/accls/accls/source"
	"github.com/accls/accls/source/cfacts"
)

// maxBlankRounds bounds the retranslations after errors.
const maxBlankRounds = 6

// compilerState is the session's C front ends for translations, one per
// configuration (each holds its prelude cache), the runtime directory their
// include path starts with (for openacc.h: runtime.CachedDir, shared by
// the sessions and runs of the same runtime, or a temporary one removed
// when the session ends), and the session's own directory for the runtime
// objects it compiles.
type compilerState struct {
	once  sync.Once
	rtDir string
	rtErr error

	objOnce sync.Once
	objDir  string
	objErr  error

	mu      sync.Mutex
	parsers map[string]*cfacts.Parser
	objects map[string]*runtimeObject // the compiled runtime, by compiler and flags
}

// runtimeObject is the runtime compiled once per session and configuration
// (compiling accrt.c is most of a build's time).
type runtimeObject struct {
	done chan struct{}
	path string // "" when it failed: the build compiles accrt.c itself
}

// runtimeObjectFor returns the runtime compiled with cc and cflags, compiling
// it on first use; "" when it cannot be (the build then compiles the source).
func (s *server) runtimeObjectFor(ctx context.Context, cc []string, cflags []string) string {
	rt, err := s.compilerRuntimeDir()
	if err != nil {
		return ""
	}
	key := strings.Join(cc, "\x00") + "\x01" + strings.Join(cflags, "\x00")
	cs := &s.ext.compiler
	cs.mu.Lock()
	if cs.objects == nil {
		cs.objects = map[string]*runtimeObject{}
	}
	o := cs.objects[key]
	if o == nil {
		o = &runtimeObject{done: make(chan struct{})}
		cs.objects[key] = o
		n := len(cs.objects)
		cs.mu.Unlock()
		if dir, err := s.sessionObjectDir(); err == nil {
			path := filepath.Join(dir, fmt.Sprintf("accrt-%d.o", n))
			args := append(append(append([]string{}, cc[1:]...), "-O2", "-I", rt), cflags...)
			args = append(args, "-c", filepath.Join(rt, runtime.Source), "-o", path)
			res, err := device.Run(s.ctx, device.RunSpec{Path: ccPath(cc[0]), Args: args, Dir: dir, Timeout: 5 * time.Minute})
			if err == nil && res.ExitCode == 0 {
				o.path = path
			}
		}
		close(o.done)
	} else {
		cs.mu.Unlock()
	}
	select {
	case <-o.done:
		return o.path
	case <-ctx.Done():
		return ""
	}
}

// sessionObjectDir is a directory of the session's own (the runtime
// directory may be shared), removed when the session ends. Its name holds
// the server's process id: the directories of servers that were killed
// (SIGKILL: an editor's window closed at once) are removed by the next
// server that makes one (removeStaleObjectDirs).
func (s *server) sessionObjectDir() (string, error) {
	cs := &s.ext.compiler
	cs.objOnce.Do(func() {
		removeStaleObjectDirs(os.TempDir())
		cs.objDir, cs.objErr = os.MkdirTemp("", fmt.Sprintf("%s%d-", objDirPrefix, os.Getpid()))
		if cs.objErr == nil {
			dir := cs.objDir
			s.atExit(func() { os.RemoveAll(dir) })
		}
	})
	return cs.objDir, cs.objErr
}

// objDirPrefix starts the name of a session's object directory:
// accls-obj-PID-RANDOM.
const objDirPrefix = "accls-obj-"

// removeStaleObjectDirs removes the object directories in dir of servers
// that no longer run: their process id names no process (a live process
// of the same id keeps them; so do directories of other users).
func removeStaleObjectDirs(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), objDirPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || pid == os.Getpid() || processExists(pid) {
			continue
		}
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}

func (s *server) compilerRuntimeDir() (string, error) {
	cs := &s.ext.compiler
	cs.once.Do(func() {
		var remove func()
		if cs.rtDir, remove, cs.rtErr = runtime.HeadersDir(); cs.rtErr == nil {
			s.atExit(remove)
		}
	})
	return cs.rtDir, cs.rtErr
}

func (s *server) compilerParser(o translateOptions) (*cfacts.Parser, string, error) {
	rt, err := s.compilerRuntimeDir()
	if err != nil {
		return nil, "", err
	}
	cs := &s.ext.compiler
	cs.mu.Lock()
	defer cs.mu.Unlock()
	k := strings.Join([]string{o.cc, strings.Join(o.includePaths, "\x00"), strings.Join(o.defines, "\x00")}, "\x01")
	if cs.parsers == nil {
		cs.parsers = map[string]*cfacts.Parser{}
	}
	p := cs.parsers[k]
	if p == nil {
		p = cfacts.NewParser(cfacts.Options{CC: o.cc, IncludePaths: append([]string{rt}, o.includePaths...), Defines: o.defines})
		cs.parsers[k] = p
	}
	return p, rt, nil
}

// translateText translates text (the content of o.path, scanned into f).
func (s *server) translateText(ctx context.Context, o translateOptions, text []byte, f *acc.File) *xTranslation {
	start := time.Now()
	tr := &xTranslation{text: text}
	defer func() { tr.elapsed = time.Since(start) }()
	parser, rtDir, err := s.compilerParser(o)
	if err != nil {
		tr.message = err.Error()
		return tr
	}
	opts := o.compilerOptions()
	opts.Parser, opts.RuntimeDir = parser, rtDir
	cur := text
	var failed []failedConstruct
	var res *compiler.Result
	for round := 0; ; round++ {
		opts.Parsed = nil
		if round == 0 {
			opts.Parsed = o.parsed // the facts of text, not of a blanked copy
		}
		r, err := compiler.Translate(ctx, o.path, cur, opts, "")
		if err == nil {
			res = r
			break
		}
		var el compiler.ErrorList
		if !errors.As(err, &el) || r == nil || r.Model == nil {
			tr.message = err.Error()
			if ctx.Err() != nil {
				tr.message = "cancelled"
			}
			return tr
		}
		// Blank the constructs that hold the errors and try again.
		lines := source.New(cur, 0)
		var blank []*acc.Directive
		stuck := false
		for _, e := range el {
			if e.File != compilerFileName(o.path) {
				// In a routine of another file of the program (accls/run,
				// program.go): nothing of this file to leave out.
				tr.message = joinMessage(tr.message, e.Error())
				stuck = true
				continue
			}
			off := lines.OffsetAt(e.Line, e.Col)
			xe := xError{span: wordSpan(cur, off), msg: e.Msg}
			r := constructAt(r.Model, off)
			if r == nil {
				stuck = true // not in a construct: nothing to leave out
				tr.errors = append(tr.errors, xe)
				continue
			}
			d := r.Directive
			i := sort.Search(len(failed), func(i int) bool { return failed[i].dir.Span.Start >= d.Span.Start })
			if i < len(failed) && failed[i].dir == d {
				failed[i].errs = append(failed[i].errs, xe)
				continue
			}
			failed = append(failed, failedConstruct{})
			copy(failed[i+1:], failed[i:])
			failed[i] = failedConstruct{dir: d, region: r, errs: []xError{xe}}
			blank = append(blank, d)
		}
		if stuck || len(blank) == 0 || round >= maxBlankRounds {
			if len(tr.errors) == 0 && tr.message == "" {
				tr.message = el.Error()
			}
			break
		}
		cur = blankDirectives(cur, blank)
	}
	for _, fc := range failed {
		tr.errors = append(tr.errors, fc.errs...)
	}
	sort.SliceStable(tr.errors, func(i, j int) bool { return tr.errors[i].span.Start < tr.errors[j].span.Start })
	if res != nil {
		if len(tr.errors) == 0 {
			tr.host = res.Host
			tr.hostFile = strings.TrimSuffix(filepath.Base(o.path), ".c") + ".host.c"
			tr.extra = map[string]string{strings.TrimSuffix(filepath.Base(o.path), ".c") + ".cl": res.CL}
		}
		tr.constructs = planConstructs(res, text)
	}
	// The constructs left out, with their errors, in source order.
	for _, fc := range failed {
		e := fc.errs[0]
		c := xConstruct{kind: nodeKindName(fc.dir), dir: fc.dir, span: regionSpan(fc.region), err: &e, parentIdx: -1}
		if fc.region.Func != nil && fc.region.Func.Func != nil {
			c.function = fc.region.Func.Func.Name
		}
		if len(fc.errs) > 1 {
			var msgs []string
			for _, e := range fc.errs {
				msgs = append(msgs, e.msg)
			}
			c.err.msg = strings.Join(msgs, "; ")
		}
		tr.constructs = insertConstruct(tr.constructs, c)
	}
	if len(tr.constructs) == 0 && tr.message == "" && len(tr.errors) > 0 {
		tr.message = tr.errors[0].msg
	}
	return tr
}

// compilerFileName is how the compiler names the file at path in its errors.
func compilerFileName(path string) string {
	return filepath.ToSlash(filepath.Clean(path))
}

func joinMessage(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

type failedConstruct struct {
	dir    *acc.Directive
	region *analysis.Region
	errs   []xError
}

// insertConstruct inserts c in source order, renumbering children.
func insertConstruct(cs []xConstruct, c xConstruct) []xConstruct {
	i := sort.Search(len(cs), func(i int) bool { return cs[i].dir.Span.Start > c.dir.Span.Start })
	cs = append(cs, xConstruct{})
	copy(cs[i+1:], cs[i:])
	cs[i] = c
	for j := range cs {
		for k, ch := range cs[j].children {
			if ch >= i && j != i {
				cs[j].children[k] = ch + 1
			}
		}
		if cs[j].parentIdx >= i && j != i {
			cs[j].parentIdx++
		}
	}
	return cs
}

// constructAt returns the construct to leave out for an error at off: the
// compute construct around it, else the innermost region containing it.
func constructAt(m *analysis.Model, off int) *analysis.Region {
	var best *analysis.Region
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			sp := regionSpan(r)
			if sp.Start <= off && off <= sp.End {
				best = r
				walk(r.Children)
				return
			}
		}
	}
	for _, fm := range m.Funcs {
		walk(fm.Regions)
	}
	if best == nil {
		// File-scope directives (declare, routine) are not regions.
		for _, d := range m.Acc.Directives {
			if d.Span.Start <= off && off <= d.Span.End {
				return &analysis.Region{Directive: d}
			}
		}
		return nil
	}
	if best.Compute != nil {
		return best.Compute
	}
	return best
}

// regionSpan is a region's directive through the end of its statement.
func regionSpan(r *analysis.Region) acc.Span {
	sp := r.Directive.Span
	if r.Stmt != nil && r.Stmt.Span.End > sp.End {
		sp.End = r.Stmt.Span.End
	}
	return sp
}

// nodeKindName is the preview kind of a directive.
func nodeKindName(d *acc.Directive) string {
	if isComputeDirective(d) {
		return "compute"
	}
	if d.Spec != nil {
		switch d.Spec.Name {
		case "data", "enter data", "exit data", "update":
			return d.Spec.Name
		}
		return d.Spec.Name
	}
	return d.Name
}

// planConstructs lists the constructs of a translation with their kernels
// and data plans.
func planConstructs(res *compiler.Result, text []byte) []xConstruct {
	var out []xConstruct
	attrs := map[*analysis.Region]map[*cfacts.Var]analysis.VarAttr{}
	attrsOf := func(r *analysis.Region) map[*cfacts.Var]analysis.VarAttr {
		if r == nil || res.Model == nil {
			return nil
		}
		if m, ok := attrs[r]; ok {
			return m
		}
		m := map[*cfacts.Var]analysis.VarAttr{}
		for _, a := range analysis.DataAttributes(res.Model, r) {
			m[a.Var] = a
		}
		attrs[r] = m
		return m
	}
	// enclosing: the data nodes around the node being planned, outermost first.
	var enclosing []*compiler.Node
	var walk func(ns []*compiler.Node, parent int) []int
	walk = func(ns []*compiler.Node, parent int) []int {
		var idx []int
		for _, n := range ns {
			switch n.Kind {
			case compiler.NodeCompute, compiler.NodeData, compiler.NodeEnterData, compiler.NodeExitData, compiler.NodeUpdate:
			default:
				continue
			}
			hoist := n.Hoist != nil && n.Dir == nil
			if hoist {
				n = implicitRegion(n)
			}
			c := xConstruct{kind: nodeKindName(n.Dir), dir: n.Dir, span: n.Span, parentIdx: parent}
			if n.Region != nil && n.Region.Func != nil && n.Region.Func.Func != nil {
				c.function = n.Region.Func.Func.Name
			}
			c.plan = planNode(n, enclosing, attrsOf(n.Region), text)
			if hoist {
				c.kind = "implicit data"
				why := fmt.Sprintf("accls's transfers pass: the %d compute constructs of lines %d to %d share this copy", n.Hoist.Nodes,
					lineOf(text, n.Span.Start)+1, lineOf(text, n.Span.End)+1)
				for i := range c.plan {
					c.plan[i].reason = why
				}
			}
			if con := n.Construct; con != nil {
				for _, k := range con.AllKernels() { // with the kernels of other device types' loops
					c.kernels = append(c.kernels, xKernel{name: k.Name, source: k.Source, lines: k.Lines, serial: k.Serial, launch: launchOf(k)})
				}
				c.routines = constructRoutines(con, res.Program.File)
			}
			i := len(out)
			out = append(out, c)
			idx = append(idx, i)
			if n.Kind == compiler.NodeData {
				enclosing = append(enclosing, n)
				out[i].children = walk(n.Children, i)
				enclosing = enclosing[:len(enclosing)-1]
			}
		}
		return idx
	}
	walk(res.Program.Nodes, -1)
	return out
}

// constructRoutines are the routines con's kernels call, directly or
// through other routines, in the order first called; file is the
// translated file's name in the compiler's results.
func constructRoutines(con *compiler.Construct, file string) []xRoutine {
	var out []xRoutine
	seen := map[*compiler.Routine]bool{}
	var add func(rs []*compiler.Routine)
	add = func(rs []*compiler.Routine) {
		for _, r := range rs {
			if seen[r] {
				continue
			}
			seen[r] = true
			x := xRoutine{name: r.Name, function: r.Func, level: r.Level, implicit: r.Implicit, line: r.Line, source: r.Source, lines: r.Lines}
			if r.File != file {
				x.path = r.File
			}
			out = append(out, x)
			add(r.Calls)
		}
	}
	for _, k := range con.AllKernels() {
		add(k.Routines)
	}
	return out
}

// implicitRegion is a copy of an implicit data region of the transfers
// pass (a data node without a directive) with a directive of its own, empty,
// at the start of its run: what the preview shows as its entry and what the
// constructs inside find their arrays present from.
func implicitRegion(n *compiler.Node) *compiler.Node {
	c := *n
	c.Dir = &acc.Directive{Name: "data", Span: acc.Span{Start: n.Span.Start, End: n.Span.Start}}
	return &c
}

// launchOf describes a kernel's NDRange.
func launchOf(k *compiler.Kernel) string {
	if k.Serial {
		if k.Note != "" {
			return "one work-item: " + k.Note
		}
		return "one work-item"
	}
	var loops []string
	var walk func(ls []*compiler.Loop)
	walk = func(ls []*compiler.Loop) {
		for _, l := range ls {
			if l.Levels != 0 {
				var vars []string
				for _, v := range l.Vars {
					if v.Var != nil {
						vars = append(vars, v.Var.Name)
					}
				}
				loops = append(loops, fmt.Sprintf("%s over %s", l.Levels, strings.Join(vars, ", ")))
			}
			walk(l.Children)
		}
	}
	walk(k.Loops)
	if len(loops) == 0 {
		return "work-groups × work-items"
	}
	return "gangs → work-groups, vector lanes → work-items: " + strings.Join(loops, "; ")
}

// planNode is the data plan of one node.
func planNode(n *compiler.Node, enclosing []*compiler.Node, attrs map[*cfacts.Var]analysis.VarAttr, text []byte) []xTransfer {
	entry := n.Dir.Span
	exit := acc.Span{Start: n.Span.End, End: n.Span.End}
	presentIn := func(v *cfacts.Var) *acc.Span {
		if v == nil {
			return nil
		}
		for i := len(enclosing) - 1; i >= 0; i-- {
			for _, it := range enclosing[i].Data {
				if it.Var == v {
					sp := enclosing[i].Dir.Span
					return &sp
				}
			}
		}
		return nil
	}
	var plan []xTransfer
	item := func(it *compiler.DataItem, t xTransfer) xTransfer {
		t.variable = varName(it)
		if it.Name != t.variable {
			t.bounds = it.Name
		}
		t.bytes, t.bytesExpr = itemBytes(it)
		t.clause = clauseText(n.Dir, it.Pos, text)
		return t
	}
	switch n.Kind {
	case compiler.NodeData:
		for _, it := range n.Data {
			action := clauseAction(it.Clause)
			pf := presentIn(it.Var)
			plan = append(plan, dataSteps(action, pf, entry, exit, func(t xTransfer) xTransfer { return item(it, t) })...)
		}
	case compiler.NodeEnterData, compiler.NodeExitData:
		for _, it := range n.Data {
			action := clauseAction(it.Clause)
			dir := "none"
			switch action {
			case "copyin":
				dir = "toDevice"
			case "copyout":
				dir = "toHost"
			}
			plan = append(plan, item(it, xTransfer{action: action, direction: dir, when: "here", at: entry}))
		}
	case compiler.NodeUpdate:
		for _, it := range n.Data {
			t := xTransfer{action: "update self", direction: "toHost", when: "here", at: entry}
			if it.Clause == "device" {
				t.action, t.direction = "update device", "toDevice"
			}
			plan = append(plan, item(it, t))
		}
	case compiler.NodeCompute:
		con := n.Construct
		if con == nil {
			break
		}
		for _, v := range con.Vars {
			a, hasAttr := attrs[v.Var]
			withAttr := func(t xTransfer) xTransfer {
				t.implicit, t.reason = v.Implicit, v.Why
				if hasAttr {
					if t.bounds == "" && a.Bounds != "" && a.Bounds != t.variable {
						t.bounds = a.Bounds
					}
					if t.bytes == nil && t.bytesExpr == "" && a.Bytes >= 0 {
						b := a.Bytes
						t.bytes = &b
					}
				}
				return t
			}
			switch v.Mode {
			case compiler.ModeLocal:
				continue
			case compiler.ModePrivate:
				plan = append(plan, withAttr(xTransfer{variable: v.Name, action: "private", direction: "none", when: "launch", at: entry}))
			case compiler.ModeValue, compiler.ModeValueArray:
				action := "by value"
				if v.Attr == analysis.AttrFirstprivate {
					action = "firstprivate"
				}
				t := xTransfer{variable: v.Name, action: action, direction: "toDevice", when: "launch", at: entry}
				if v.Var != nil && v.Var.Type != nil && v.Var.Type.Size > 0 {
					b := v.Var.Type.Size
					t.bytes = &b
				}
				plan = append(plan, withAttr(t))
			case compiler.ModeReduction:
				op := ""
				if v.Red != nil {
					op = v.Red.Op
				}
				plan = append(plan, withAttr(xTransfer{variable: v.Name, action: "reduction", direction: "toHost", when: "exit", at: exit, clause: strings.TrimSpace("reduction " + op)}))
			default: // ModeRef, ModeArray
				switch {
				case v.DevPtr:
					plan = append(plan, withAttr(xTransfer{variable: v.Name, action: "deviceptr", direction: "none", when: "entry", at: entry}))
				case v.Data != nil:
					it := v.Data
					pf := presentIn(v.Var)
					for _, t := range dataSteps(clauseAction(it.Clause), pf, entry, exit, func(t xTransfer) xTransfer { return item(it, t) }) {
						plan = append(plan, withAttr(t))
					}
				case v.Lookup != nil:
					t := item(v.Lookup, xTransfer{action: "present", direction: "none", when: "entry", at: entry, present: true})
					t.clause = ""
					t.presentFrom = presentIn(v.Var)
					plan = append(plan, withAttr(t))
				}
			}
		}
	}
	return plan
}

// dataSteps are the entry and exit steps of a structured data clause;
// data already present (pf: the enclosing data construct) moves nowhere.
func dataSteps(action string, pf *acc.Span, entry, exit acc.Span, fill func(xTransfer) xTransfer) []xTransfer {
	if pf != nil {
		return []xTransfer{fill(xTransfer{action: action, direction: "none", when: "entry", at: entry, present: true, presentFrom: pf})}
	}
	switch action {
	case "copy":
		return []xTransfer{
			fill(xTransfer{action: action, direction: "toDevice", when: "entry", at: entry}),
			fill(xTransfer{action: action, direction: "toHost", when: "exit", at: exit}),
		}
	case "copyin":
		return []xTransfer{fill(xTransfer{action: action, direction: "toDevice", when: "entry", at: entry})}
	case "copyout":
		return []xTransfer{
			fill(xTransfer{action: action, direction: "none", when: "entry", at: entry}),
			fill(xTransfer{action: action, direction: "toHost", when: "exit", at: exit}),
		}
	case "present":
		return []xTransfer{fill(xTransfer{action: action, direction: "none", when: "entry", at: entry, present: true})}
	}
	return []xTransfer{fill(xTransfer{action: action, direction: "none", when: "entry", at: entry})}
}

// clauseAction is the clause name of an accrt clause constant.
func clauseAction(c string) string {
	return strings.ToLower(strings.TrimPrefix(c, "ACCRT_"))
}

// varName is the variable of a data item.
func varName(it *compiler.DataItem) string {
	if it.Var != nil {
		return it.Var.Name
	}
	name, _, _ := strings.Cut(it.Name, "[")
	return strings.TrimSpace(name)
}

// clauseText is the text of the clause of d that holds offset pos.
func clauseText(d *acc.Directive, pos int, text []byte) string {
	for _, cl := range d.Clauses {
		if cl.Span.Start <= pos && pos < cl.Span.End && cl.Span.End <= len(text) {
			return strings.Join(strings.Fields(string(text[cl.Span.Start:cl.Span.End])), " ")
		}
	}
	return ""
}

// itemBytes evaluates a data item's byte count when it is a constant
// (sizeof of the variable's types included); otherwise the expression.
func itemBytes(it *compiler.DataItem) (*int64, string) {
	if inf := it.Inferred; inf != nil { // bounds from the subscripts: as they read
		return nil, fmt.Sprintf("(%s) * sizeof(*%s)", inf.Len, inf.Base)
	}
	e := &constEval{s: it.Bytes, v: it.Var}
	if n, ok := e.eval(); ok && n >= 0 {
		return &n, ""
	}
	return nil, it.Bytes
}

// constEval evaluates integer expressions of literals, casts to integer
// types, + - * / and sizeof(VAR), sizeof(VAR[0]...) for one variable.
type constEval struct {
	s   string
	i   int
	v   *cfacts.Var
	bad bool
}

func (e *constEval) eval() (int64, bool) {
	n := e.sum()
	e.skip()
	return n, !e.bad && e.i == len(e.s)
}

func (e *constEval) skip() {
	for e.i < len(e.s) && (e.s[e.i] == ' ' || e.s[e.i] == '\t') {
		e.i++
	}
}

func (e *constEval) peek() byte {
	e.skip()
	if e.i < len(e.s) {
		return e.s[e.i]
	}
	return 0
}

func (e *constEval) sum() int64 {
	n := e.product()
	for {
		switch e.peek() {
		case '+':
			e.i++
			n += e.product()
		case '-':
			e.i++
			n -= e.product()
		default:
			return n
		}
	}
}

func (e *constEval) product() int64 {
	n := e.unary()
	for {
		switch e.peek() {
		case '*':
			e.i++
			n *= e.unary()
		case '/':
			e.i++
			d := e.unary()
			if d == 0 {
				e.bad = true
				return 0
			}
			n /= d
		default:
			return n
		}
	}
}

func (e *constEval) unary() int64 {
	c := e.peek()
	switch {
	case c == '(':
		e.i++
		// A cast to an integer type is skipped.
		rest := e.s[e.i:]
		if j := strings.IndexByte(rest, ')'); j >= 0 && isIntTypeName(strings.TrimSpace(rest[:j])) {
			e.i += j + 1
			return e.unary()
		}
		n := e.sum()
		if e.peek() != ')' {
			e.bad = true
			return 0
		}
		e.i++
		return n
	case c >= '0' && c <= '9':
		j := e.i
		for j < len(e.s) && (e.s[j] >= '0' && e.s[j] <= '9' || e.s[j] == 'x' || e.s[j] >= 'a' && e.s[j] <= 'f' || e.s[j] >= 'A' && e.s[j] <= 'F') {
			j++
		}
		lit := e.s[e.i:j]
		e.i = j
		for e.i < len(e.s) && strings.IndexByte("uUlL", e.s[e.i]) >= 0 {
			e.i++
		}
		n, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			e.bad = true
		}
		return n
	case strings.HasPrefix(e.s[e.i:], "sizeof"):
		e.i += len("sizeof")
		if e.peek() != '(' {
			e.bad = true
			return 0
		}
		e.i++
		j := strings.IndexByte(e.s[e.i:], ')')
		if j < 0 {
			e.bad = true
			return 0
		}
		arg := strings.TrimSpace(e.s[e.i : e.i+j])
		e.i += j + 1
		return e.sizeOf(arg)
	}
	e.bad = true
	return 0
}

// sizeOf is sizeof(arg) for the variable's name, possibly subscripted by
// constants, or a basic type name.
func (e *constEval) sizeOf(arg string) int64 {
	if sz, ok := basicSizes[arg]; ok {
		return sz
	}
	if e.v == nil || e.v.Type == nil {
		e.bad = true
		return 0
	}
	name, subs, _ := strings.Cut(arg, "[")
	if strings.TrimSpace(name) != e.v.Name {
		e.bad = true
		return 0
	}
	t := e.v.Type
	if subs != "" {
		for range strings.Count("["+subs, "[") {
			if t == nil || (t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer) {
				e.bad = true
				return 0
			}
			t = t.Elem
		}
	}
	if t == nil || t.Size <= 0 {
		e.bad = true
		return 0
	}
	return t.Size
}

var basicSizes = map[string]int64{
	"char": 1, "short": 2, "int": 4, "long": 8, "float": 4, "double": 8, "long long": 8,
	"unsigned": 4, "unsigned int": 4, "unsigned long": 8, "size_t": 8,
}

func isIntTypeName(s string) bool {
	switch s {
	case "size_t", "long", "unsigned long", "long long", "unsigned long long", "int", "unsigned", "unsigned int":
		return true
	}
	return false
}

// wordSpan is the identifier (or the single character) at off.
func wordSpan(text []byte, off int) acc.Span {
	if off >= len(text) {
		return acc.Span{Start: len(text), End: len(text)}
	}
	end := off
	for end < len(text) && (text[end] == '_' || text[end] >= 'a' && text[end] <= 'z' || text[end] >= 'A' && text[end] <= 'Z' || text[end] >= '0' && text[end] <= '9') {
		end++
	}
	if end == off && text[off] != '\n' {
		end = off + 1
	}
	return acc.Span{Start: off, End: end}
}
