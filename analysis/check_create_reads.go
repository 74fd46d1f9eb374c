package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// createReadsCheck reports data that a create clause gives a new device
// copy and that device code then reads while nothing ever writes that
// copy: no compute construct writes it, no update device or copyin fills
// it. create copies nothing in (OpenACC 3.3 §2.7.9), so the reads see
// undefined values. The reads may be in the functions the region calls
// with the variable: `enter data create(sim[:1])` in main, then
// `present(sim)` and `sim->dt` in a function of the file (the fifth batch
// of real programs' Euler solver ran its loops to a garbage bound). Part of
// uninitialized-device-read, whose other half (an update before the first
// write) check_data.go reports.
var createReadsCheck = &Check{
	Name:  "create-reads",
	Rules: []string{"uninitialized-device-read"},
	Model: checkCreateReads,
}

// maxCallDepth bounds how far calls are followed.
const maxCallDepth = 3

func checkCreateReads(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		for _, d := range fm.Directives {
			if d.Spec == nil || len(d.Errors) > 0 || d.Spec.Name != "enter data" && d.Spec.Name != "data" {
				continue
			}
			// where the data is present: after enter data, in the data
			// construct's block
			scope := acc.Span{Start: d.Span.End, End: fm.Func.Body.Span.End}
			if d.Spec.Name == "data" {
				r := m.ByDirective[d]
				if r == nil || r.Stmt == nil {
					continue
				}
				scope = r.Stmt.Span
			}
			for _, c := range d.Clauses {
				if canonical(c) != "create" {
					continue
				}
				for _, it := range argItems(c) {
					if it.Var == nil || len(it.Var.Members) > 0 {
						continue
					}
					v := m.C.Lookup(fm.Func, it.Span.Start, it.Var.Name)
					if v == nil || v.Type == nil || v.Storage != cfacts.StorageLocal || !inSpan(fm.Func.Body.Span, v.NameSpan) {
						continue // a caller or other code may have mapped and filled it
					}
					// the data itself, and where a function that creates and
					// returns it (an allocation wrapper) gives it to callers
					targets := []createdData{{fm, v, d, scope, quote(v.Name)}}
					if d.Spec.Name == "enter data" && returnsVar(fm.Func.Body, v) {
						targets = append(targets, callersGetting(m, fm, v)...)
					}
					for _, t := range targets {
						w := walkCreated(m, t.fm, t.v, t.skip, t.scope)
						if w.unsure {
							continue
						}
						if !w.written && w.read != nil {
							diag := Diagnostic{
								Span: it.Var.NameSpan, Rule: "uninitialized-device-read",
								Message: fmt.Sprintf("%s is created on the device, which copies nothing in, and device code reads it while nothing writes its device copy (no compute construct writes it, no update device or copyin fills it): the reads see undefined values; use copyin (or update device after setting it)",
									t.name),
								Related: []Related{{Span: w.read.Span, Message: w.where}},
							}
							if t.v == v {
								diag.Fixes = []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copyin"))}
							}
							p.Report(diag)
							break
						}
						if diag, ok := w.partialRead(t.name, it.Var.NameSpan); ok {
							if t.v == v { // not preferred: writing the rest on the device may be the fix
								diag.Fixes = []SuggestedFix{changeClauseFix(m.Text, d, c, it, "copyin")}
							}
							p.Report(diag)
							break
						}
					}
				}
			}
		}
	}
}

// createdData is data a create clause puts on the device, as a function
// names it: its variable, where it is present (scope), the directive that
// created it (skip) and its name in messages.
type createdData struct {
	fm    *FuncModel
	v     *cfacts.Var
	skip  *acc.Directive
	scope acc.Span
	name  string
}

// returnsVar reports whether body returns v (return v;).
func returnsVar(body *cfacts.Stmt, v *cfacts.Var) bool {
	found := false
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		if s.Kind == cfacts.StmtReturn && isVarIdent(s.Expr, v) {
			found = true
		}
		return !found
	})
	return found
}

// callersGetting finds the variables the calls of fm's function store its
// result in (x = make(n); int *x = make(n)), with the rest of the
// caller's body as where the data is present.
func callersGetting(m *Model, fm *FuncModel, v *cfacts.Var) []createdData {
	var out []createdData
	isCall := func(e *cfacts.Expr) bool {
		e = strip(e)
		return e != nil && e.Kind == cfacts.ExprCall && m.calleeModel(e) == fm
	}
	for _, cm := range m.Funcs {
		if cm.Func == nil || cm.Func.Body == nil || cm == fm {
			continue
		}
		cfacts.Walk(cm.Func.Body, func(s *cfacts.Stmt) bool {
			var x *cfacts.Var
			switch s.Kind {
			case cfacts.StmtDecl:
				for _, d := range s.Decls {
					if isCall(d.Init) {
						x = d
					}
				}
			case cfacts.StmtExpr:
				if e := strip(s.Expr); e != nil && e.Kind == cfacts.ExprAssign && e.Op == "=" && isCall(e.Y) {
					if id := strip(e.X); id != nil && id.Kind == cfacts.ExprIdent && id.Var != nil && id.Var.Storage == cfacts.StorageLocal {
						x = id.Var
					}
				}
			}
			if x != nil {
				out = append(out, createdData{cm, x, nil, acc.Span{Start: s.Span.End, End: cm.Func.Body.Span.End},
					fmt.Sprintf("%s (which %s returns to %s as %s)", quote(v.Name), quote(fm.Func.Name), quote(cm.Func.Name), quote(x.Name))})
			}
			return true
		})
	}
	return out
}

// walkCreated follows v, created by directive d, through the compute
// constructs of fm in scope and the functions of the file that code in
// scope calls with it: its device reads and writes, and whether anything
// else may fill its device copy (an update device or data clause that
// copies in, a call of an acc_* routine or of a function the file does
// not define, a use the analysis cannot follow).
func walkCreated(m *Model, fm *FuncModel, v *cfacts.Var, d *acc.Directive, scope acc.Span) *createWalk {
	w := &createWalk{m: m}
	w.use(fm, v, d, scope, maxCallDepth, "", nil)
	return w
}

type createWalk struct {
	m       *Model
	read    *Ref   // the first device read found
	where   string // the note at it
	unsure  bool   // something may write the device copy
	written bool   // device code writes it
	opaque  bool   // ... through a pointer that gets its address
	// accesses are the device reads and writes of its elements
	accesses []indexAccess
}

// indexAccess is a device access of the created data's elements in
// compute region r, with the caller's values of its function's
// parameters (sub).
type indexAccess struct {
	ref *Ref
	r   *Region
	sub map[*cfacts.Var]lin
	via string
}

// use follows v in fm: its compute constructs in scope, its directives
// that fill v (anywhere but at skip), and the calls in scope that pass v.
func (w *createWalk) use(fm *FuncModel, v *cfacts.Var, skip *acc.Directive, scope acc.Span, depth int, via string, sub map[*cfacts.Var]lin) {
	if w.unsure {
		return
	}
	for _, d := range fm.Directives {
		if d.Spec == nil {
			continue
		}
		for _, c := range d.Clauses {
			fills := false
			switch canonical(c) {
			case "copyin", "copy", "device", "deviceptr", "attach":
				fills = d != skip
			}
			for _, it := range argItems(c) {
				if it.Var == nil || w.m.C.Lookup(fm.Func, it.Span.Start, it.Var.Name) != v {
					continue
				}
				// filled here (or may be, before the reads); a member
				// named (v->x[0:n], v[i].x[0:n]) is attached, which writes
				// the pointer into the device copy
				if fills || len(it.Var.Members) > 0 {
					w.unsure = true
					return
				}
			}
		}
	}
	if reassigned(fm.Func.Body, v, scope) {
		// the name points to other data from then on (a swap of two
		// grids' pointers): what it reads there may have been filled
		w.unsure = true
		return
	}
	var computes []*Region
	for _, r := range funcComputes(fm) {
		if r.Stmt != nil && inSpan(scope, r.Directive.Span) {
			computes = append(computes, r)
		}
	}
	du := useIn(w.m, computes, v)
	if du.unsure {
		w.unsure = true
		return
	}
	w.written = w.written || du.written
	w.opaque = w.opaque || du.aliasWrite
	for _, r := range computes {
		for _, ref := range du.refs {
			if inSpan(r.Stmt.Span, ref.Span) && ref.Deref && ref.Elem != 0 {
				w.accesses = append(w.accesses, indexAccess{ref, r, sub, via})
			}
		}
	}
	if w.read == nil {
		for _, r := range du.refs {
			if r.Deref || r.Access&AccRead != 0 && isScalarVar(v) {
				w.read = r
				w.where = "read here"
				if via != "" {
					w.where = "read here, " + via
				}
				break
			}
		}
	}
	// calls in scope that get v
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if w.unsure || x.Kind != cfacts.ExprCall || !inSpan(scope, x.Span) {
					return !w.unsure
				}
				for k, a := range x.Args {
					if !mentions(a, v) {
						continue
					}
					a = strip(a)
					fd, callee := w.m.C.Decls[x.Name], w.m.calleeModel(x)
					switch {
					case fd != nil && fd.FromHeader && !strings.HasPrefix(x.Name, "acc_"):
						// a library function (printf, free): the host's copy
					case a == nil || a.Kind != cfacts.ExprIdent || callee == nil || k >= len(callee.Func.Params) || depth == 0:
						w.unsure = true // acc_update_device(v), an unknown callee, v inside an expression
					default:
						p := callee.Func.Params[k]
						w.use(callee, p, nil, callee.Func.Body.Span, depth-1,
							fmt.Sprintf("in %s, which gets %s as %s", quote(callee.Func.Name), quote(v.Name), quote(p.Name)),
							calleeValues(callee, x, sub))
					}
				}
				return !w.unsure
			})
		})
		return !w.unsure
	})
}

// calleeValues maps the integer parameters of callee to the values call
// passes, as lins of the caller (sub: the caller's own parameters).
func calleeValues(callee *FuncModel, call *cfacts.Expr, sub map[*cfacts.Var]lin) map[*cfacts.Var]lin {
	out := map[*cfacts.Var]lin{}
	env := &linEnv{sub: sub}
	for k, a := range call.Args {
		if k >= len(callee.Func.Params) {
			break
		}
		if x, ok := env.of(a); ok {
			out[callee.Func.Params[k]] = x
		}
	}
	return out
}

// partialRead reports the device reads of created data v that reach
// elements no device code writes, when device code writes the rest: the
// Game of Life that writes the interior of a created array and reads its
// borders. A read counts when it is unconditional in its construct and
// its box has a face (a row, a column, a first or last index) that every
// write's box provably misses.
func (w *createWalk) partialRead(name string, at acc.Span) (Diagnostic, bool) {
	if !w.written || w.opaque || w.unsure {
		return Diagnostic{}, false
	}
	// each construct's scalar values, found once (only when device code
	// writes the data: most walks stop before)
	defs := map[*Region]map[*cfacts.Var]*cfacts.Expr{}
	envOf := func(a indexAccess) *linEnv {
		if _, ok := defs[a.r]; !ok {
			defs[a.r] = scalarDefs(a.r.Stmt)
		}
		return &linEnv{sub: a.sub, defs: defs[a.r]}
	}
	var writes []box
	var first *indexAccess
	for i, a := range w.accesses {
		if a.ref.Elem&AccWrite == 0 {
			continue
		}
		b, ok := envOf(a).accessBox(a.ref)
		if !ok {
			return Diagnostic{}, false // a write of another form: it may write anything
		}
		writes = append(writes, b)
		if first == nil {
			first = &w.accesses[i]
		}
	}
	for _, a := range w.accesses {
		if a.ref.Elem&AccRead == 0 || underCondition(a.r.Stmt, a.ref.Span) {
			continue // (the read may not happen)
		}
		b, ok := envOf(a).accessBox(a.ref)
		if !ok {
			continue
		}
		d, hi, ok := outsideFace(b, writes)
		if !ok {
			continue
		}
		face, wb := b.lo[d], writes[0].lo[d]
		if hi {
			face, wb = b.hi[d], writes[0].hi[d]
		}
		where := faceWords(b, a.ref.Var.Name, d, face)
		if b.stride != nil {
			where += fmt.Sprintf(" (rows of %s elements)", *b.stride)
		}
		read := "read here"
		if a.via != "" {
			read += ", " + a.via
		}
		written := "written here"
		if first.via != "" {
			written += ", " + first.via
		}
		bound := "start at"
		if hi {
			bound = "end at"
		}
		return Diagnostic{
			Span: at, Rule: "uninitialized-device-read",
			Message: fmt.Sprintf("%s is created on the device, which copies nothing in, and device code writes only part of it: a read reaches %s, which no compute construct writes (the writes %s %s), so it sees undefined values; copy the data in (copyin, or update device after setting it) or write those elements on the device first",
				name, where, bound, faceWords(writes[0], first.ref.Var.Name, d, wb)),
			Related: []Related{{Span: a.ref.Site(), Message: read}, {Span: first.ref.Site(), Message: written}},
		}, true
	}
	return Diagnostic{}, false
}

// reassigned reports whether code in scope assigns pointer or array
// variable v itself (v = tmp, v++).
func reassigned(body *cfacts.Stmt, v *cfacts.Var, scope acc.Span) bool {
	found := false
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				switch x.Kind {
				case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc:
					if isVarIdent(x.X, v) && inSpan(scope, x.Span) {
						found = true
					}
				}
				return !found
			})
		})
		return !found
	})
	return found
}
