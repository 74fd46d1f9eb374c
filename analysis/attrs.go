package analysis

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// DataAttributes returns the data attribute of every variable referenced in
// the compute (or combined) construct r, sorted by first reference
// (OpenACC 3.3 §2.6; openacc-rules.md §10, Appendix A):
//
//   - predetermined private: variables declared inside the construct and the
//     loop variables of loops associated with loop or combined constructs;
//   - explicit: a clause of the construct (data clauses, private,
//     firstprivate, reduction), of a lexically enclosing data construct, or of
//     a declare directive in scope;
//   - implicit (§2.6.2): no attribute under a visible default(none);
//     aggregates copy (present under a visible default(present)); scalars,
//     pointers included, firstprivate in parallel and serial, copy in kernels.
//
// It returns nil when r is not a compute region or has no statement.
func DataAttributes(m *Model, r *Region) []VarAttr {
	ci := newComputeInfo(m, r)
	if ci == nil {
		return nil
	}
	out := make([]VarAttr, len(ci.uses))
	for i, u := range ci.uses {
		out[i] = u.attr
	}
	return out
}

// varUse gathers the references of one variable inside a compute construct
// and the attribute it gets there.
type varUse struct {
	v    *cfacts.Var
	refs []*Ref
	attr VarAttr
	// Definite accesses (calls and escapes excluded).
	read, written       bool // the variable or anything reached through it
	objWritten          bool // the variable's own storage (scalar, pointer value)
	elemRead, elemWrite bool // elements / pointee / members
	deref               bool
	rowDeref            bool // v[i][j] on a pointer to pointers: its rows are used
	call, addr, escape  bool
	// explicit: a clause names the variable (on the construct, an enclosing
	// data construct or a declare directive).
	explicit bool
	// loopPrivate: a loop construct inside the construct lists the variable in
	// private or reduction (writes there are not lost).
	loopPrivate map[*Ref]bool
	// loopReduction is the first loop-level reduction clause item naming the variable.
	loopReduction *acc.Arg
}

// computeInfo is one compute construct with its references grouped by variable.
type computeInfo struct {
	m    *Model
	r    *Region
	kind string // "parallel", "serial" or "kernels"
	refs []*Ref
	uses []*varUse
	byV  map[*cfacts.Var]*varUse
	// dflt is the visible default clause, dfltFrom the construct that carries it.
	dflt     *acc.Clause
	dfltFrom *Region
	// loopVars are the loop variables of the associated loops, with their construct.
	loopVars map[*cfacts.Var]*Region
}

// computeKind is the compute part of a compute or combined directive.
func computeKind(d *acc.Directive) string {
	if d == nil || d.Spec == nil {
		return ""
	}
	if len(d.Spec.Leaves) > 0 {
		return d.Spec.Leaves[0]
	}
	return d.Spec.Name
}

func isComputeRegion(r *Region) bool {
	return r != nil && r.Kind == RegionCompute && r.Directive != nil && r.Directive.Spec != nil && r.Directive.Spec.IsCompute()
}

func newComputeInfo(m *Model, r *Region) *computeInfo {
	if m == nil || !isComputeRegion(r) || r.Stmt == nil {
		return nil
	}
	ci := &computeInfo{m: m, r: r, kind: computeKind(r.Directive), byV: map[*cfacts.Var]*varUse{}}
	ci.refs = m.collectRefs(r.Stmt)
	for _, ref := range ci.refs {
		u := ci.byV[ref.Var]
		if u == nil {
			u = &varUse{v: ref.Var}
			ci.byV[ref.Var] = u
			ci.uses = append(ci.uses, u)
		}
		u.refs = append(u.refs, ref)
	}
	slices.SortStableFunc(ci.uses, func(a, b *varUse) int { return a.refs[0].Span.Start - b.refs[0].Span.Start })
	ci.dflt, ci.dfltFrom = visibleDefault(r)
	ci.loopVars = loopVars(r)
	loopPriv := ci.loopClauses()
	for _, u := range ci.uses {
		ci.summarize(u)
		if lp := loopPriv[u.v.Name]; lp != nil {
			for _, ref := range u.refs {
				for _, lr := range lp {
					if lr.r.Stmt != nil && inSpan(lr.r.Stmt.Span, ref.Span) {
						if u.loopPrivate == nil {
							u.loopPrivate = map[*Ref]bool{}
						}
						u.loopPrivate[ref] = true
					}
					if lr.reduction && u.loopReduction == nil {
						u.loopReduction = lr.item
					}
				}
			}
		}
	}
	aliases := pointerAliases(m.aliasSites(r.Stmt)) // aliases.go
	ci.propagateAliases(aliases)
	for _, u := range ci.uses {
		u.attr = ci.attribute(u)
		if u.v.Type != nil && u.v.Type.Kind == cfacts.TypePointer {
			u.attr.PointsInto = pointerTargets(aliases, u.v)
		}
	}
	return ci
}

func (ci *computeInfo) summarize(u *varUse) {
	for _, ref := range u.refs {
		if ref.Deref {
			// p[i] = e reads the pointer to write the pointee: what counts is the pointee.
			u.read = u.read || ref.Elem&AccRead != 0
		} else {
			u.read = u.read || ref.Access&AccRead != 0 || ref.Elem&AccRead != 0
		}
		u.written = u.written || ref.Written()
		u.objWritten = u.objWritten || ref.Access&AccWrite != 0
		u.elemRead = u.elemRead || ref.Elem&AccRead != 0
		u.elemWrite = u.elemWrite || ref.Elem&AccWrite != 0
		u.deref = u.deref || ref.Deref
		u.rowDeref = u.rowDeref || ref.Deref && len(ref.Index) >= 2
		u.call = u.call || ref.Call
		u.addr = u.addr || ref.Addr
		u.escape = u.escape || ref.Escape
	}
}

type loopClause struct {
	r         *Region
	item      *acc.Arg
	reduction bool
}

// loopClauses returns, by variable name, the private and reduction clauses
// of the loop constructs inside the compute construct (not of the construct
// itself).
func (ci *computeInfo) loopClauses() map[string][]loopClause {
	out := map[string][]loopClause{}
	var walk func(rs []*Region)
	walk = func(rs []*Region) {
		for _, c := range rs {
			if c.Kind == RegionLoop && c.Directive != nil {
				for _, cl := range c.Directive.Clauses {
					name := canonical(cl)
					if name != "private" && name != "reduction" {
						continue
					}
					for _, it := range argItems(cl) {
						if it.Var != nil {
							out[it.Var.Name] = append(out[it.Var.Name], loopClause{c, it, name == "reduction"})
						}
					}
				}
			}
			if !isComputeRegion(c) {
				walk(c.Children)
			}
		}
	}
	walk(ci.r.Children)
	return out
}

// visibleDefault returns the default clause in effect for compute construct
// r: its own, else the nearest enclosing data construct's.
func visibleDefault(r *Region) (*acc.Clause, *Region) {
	if c := findClause(r.Directive, "default"); c != nil {
		return c, r
	}
	for p := r.Parent; p != nil; p = p.Parent {
		if isDataConstruct(p) {
			if c := findClause(p.Directive, "default"); c != nil {
				return c, p
			}
		}
	}
	return nil, nil
}

func isDataConstruct(r *Region) bool {
	return r.Kind == RegionData && r.Directive != nil && r.Directive.Spec != nil && r.Directive.Spec.Name == "data"
}

// defaultValue is "none", "present" or "" for a default clause.
func defaultValue(c *acc.Clause) string {
	if c == nil || c.Args == nil || len(c.Args.Items) == 0 {
		return ""
	}
	return c.Args.Items[0].Text
}

func findClause(d *acc.Directive, name string) *acc.Clause {
	if d == nil {
		return nil
	}
	for _, c := range d.Clauses {
		if canonical(c) == name {
			return c
		}
	}
	return nil
}

// clauseAttr maps a clause name to the attribute it gives.
var clauseAttr = map[string]Attr{
	"copy": AttrCopy, "copyin": AttrCopyin, "copyout": AttrCopyout, "create": AttrCreate,
	"no_create": AttrNoCreate, "present": AttrPresent, "deviceptr": AttrDeviceptr, "attach": AttrAttach,
	"private": AttrPrivate, "firstprivate": AttrFirstprivate, "reduction": AttrReduction,
}

func (a Attr) String() string {
	switch a {
	case AttrCopy:
		return "copy"
	case AttrCopyin:
		return "copyin"
	case AttrCopyout:
		return "copyout"
	case AttrCreate:
		return "create"
	case AttrNoCreate:
		return "no_create"
	case AttrPresent:
		return "present"
	case AttrDeviceptr:
		return "deviceptr"
	case AttrAttach:
		return "attach"
	case AttrPrivate:
		return "private"
	case AttrFirstprivate:
		return "firstprivate"
	case AttrReduction:
		return "reduction"
	case AttrDeclared:
		return "declare"
	}
	return "none"
}

// dataClauseNames are the clauses that map data on a compute or data construct.
var dataClauseNames = []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach"}

// namedIn returns the clause of d (among names, in priority order) that
// lists a variable called name, and the item.
func namedIn(d *acc.Directive, name string, names ...string) (*acc.Clause, *acc.Arg) {
	if d == nil {
		return nil, nil
	}
	for _, want := range names {
		for _, c := range d.Clauses {
			if canonical(c) != want || (d.Spec != nil && !d.Spec.Allows(want)) {
				continue
			}
			for _, it := range argItems(c) {
				if it.Var != nil && it.Var.Name == name {
					return c, it
				}
			}
		}
	}
	return nil, nil
}

// explicitClause finds the clause that gives v its attribute in compute
// construct r: on r itself (reduction, private, firstprivate, then the data
// clauses), then on the enclosing data constructs, nearest first.
func explicitClause(r *Region, name string) (*acc.Clause, *acc.Arg, *Region) {
	order := append([]string{"reduction", "private", "firstprivate"}, dataClauseNames...)
	if c, it := namedIn(r.Directive, name, order...); c != nil {
		return c, it, r
	}
	for p := r.Parent; p != nil; p = p.Parent {
		if isDataConstruct(p) {
			if c, it := namedIn(p.Directive, name, dataClauseNames...); c != nil {
				return c, it, p
			}
		}
	}
	return nil, nil, nil
}

// declaredBy returns the declare directive clause and item that name v and
// are in scope at r: a declare in the same function whose scope contains r,
// or a file-scope declare for a global.
func declaredBy(m *Model, r *Region, v *cfacts.Var) (*acc.Clause, *acc.Arg) {
	if r.Func != nil {
		for _, d := range r.Func.Directives {
			if d.Spec == nil || d.Spec.Name != "declare" {
				continue
			}
			for _, c := range d.Clauses {
				for _, it := range argItems(c) {
					if it.Var == nil || it.Var.Name != v.Name {
						continue
					}
					if m.C.Lookup(r.Func.Func, d.Span.Start, v.Name) == v {
						return c, it
					}
				}
			}
		}
	}
	return FileScopeDeclare(m, v)
}

// FileScopeDeclare returns the clause and item of a file-scope declare
// directive that names global v (nil when none does): such a global is
// present for the whole program, in compute constructs and in routines.
func FileScopeDeclare(m *Model, v *cfacts.Var) (*acc.Clause, *acc.Arg) {
	if v == nil || v.Storage != cfacts.StorageGlobal && v.Storage != cfacts.StorageExtern {
		return nil, nil
	}
	if m.Acc == nil {
		return nil, nil
	}
	for _, d := range m.Acc.Directives {
		if d.Depth != 0 || d.Spec == nil || d.Spec.Name != "declare" {
			continue
		}
		for _, c := range d.Clauses {
			for _, it := range argItems(c) {
				if it.Var != nil && it.Var.Name == v.Name {
					return c, it
				}
			}
		}
	}
	return nil, nil
}

// loopVars returns the loop variables of the loops associated with r (a
// combined construct) and with the loop constructs inside it.
func loopVars(r *Region) map[*cfacts.Var]*Region {
	out := map[*cfacts.Var]*Region{}
	var add func(x *Region)
	add = func(x *Region) {
		if x.Kind == RegionLoop || x == r {
			for _, l := range x.Loops {
				if v := forLoopVar(l); v != nil && out[v] == nil {
					out[v] = x
				}
			}
		}
		for _, c := range x.Children {
			add(c)
		}
	}
	add(r)
	return out
}

func (ci *computeInfo) attribute(u *varUse) VarAttr {
	m, r, v := ci.m, ci.r, u.v
	a := VarAttr{Var: v, Bytes: -1, First: u.refs[0].Span, Refs: u.refs, Deref: u.deref}
	a.Read = u.read || u.call
	a.Written = u.written || u.call || (u.addr && !isPtrOrArray(v.Type))
	if v.Type != nil {
		a.Bytes = v.Type.Size
	}
	construct := quote(r.Directive.Spec.Name)

	// Predetermined (§2.6.1).
	if lr := ci.loopVars[v]; lr != nil {
		a.Attr, a.Predetermined = AttrPrivate, true
		where := "this construct's loop"
		if lr != r {
			where = "the 'loop' construct on line " + itoa(int64(lineOf(m.Text, lr.Directive.Span.Start)))
		}
		a.Reason = "predetermined private: the loop variable of " + where + " (OpenACC 3.3 §2.6.1)"
		return a
	}
	if r.Stmt != nil && inSpan(r.Stmt.Span, v.NameSpan) && v.Storage != cfacts.StorageExtern {
		a.Attr, a.Predetermined = AttrPrivate, true
		a.Reason = "predetermined private: declared inside the construct (OpenACC 3.3 §2.6.1)"
		if v.Storage == cfacts.StorageStatic {
			// compiler/lower.go: a static the construct only reads
			a.Attr = AttrFirstprivate
			a.Reason = "a static declared inside the construct: C has one such variable, and accls gives each thread a constant copy of its initial value, which works while the construct only reads it (a write is an error)"
		}
		return a
	}

	// Explicit clauses.
	if c, it, from := explicitClause(r, v.Name); c != nil {
		u.explicit = true
		a.Attr, a.Clause, a.Item, a.From = clauseAttr[canonical(c)], c, it, from
		a.Bounds, a.Bytes = itemBounds(v, it)
		text := string(m.Text[c.Span.Start:c.Span.End])
		if from == r {
			switch a.Attr {
			case AttrReduction:
				a.Reason = text + " on the construct: each gang gets a private copy, combined at the end"
				if _, other := namedIn(r.Directive, v.Name, dataClauseNames...); other == nil {
					a.Reason += "; also treated as copy (OpenACC 3.3 §2.6.2)"
				}
			default:
				a.Reason = "explicit: " + text + " on the construct"
			}
		} else {
			a.Reason = fmt.Sprintf("%s on the enclosing 'data' construct (line %d): present in this construct", text, lineOf(m.Text, from.Directive.Span.Start))
		}
		return a
	}
	if c, it := declaredBy(m, r, v); c != nil {
		u.explicit = true
		a.Attr, a.Clause, a.Item = AttrDeclared, c, it
		a.Bounds, a.Bytes = itemBounds(v, it)
		a.Reason = fmt.Sprintf("declared: declare %s (line %d) keeps it on the device for its scope (OpenACC 3.3 §2.13)",
			string(m.Text[c.Span.Start:c.Span.End]), lineOf(m.Text, c.Span.Start))
		return a
	}

	// Implicit (§2.6.2).
	a.Implicit = true
	dv := defaultValue(ci.dflt)
	where := "on this construct"
	if ci.dfltFrom != nil && ci.dfltFrom != r {
		where = fmt.Sprintf("on the enclosing 'data' construct (line %d)", lineOf(m.Text, ci.dfltFrom.Directive.Span.Start))
	}
	t := v.Type
	switch {
	case dv == "none":
		a.Attr = AttrNone
		a.Reason = "no data attribute: default(none) " + where + " requires a clause for every variable (OpenACC 3.3 §2.6.2)"
	case t == nil || (!t.IsScalar() && !t.IsAggregate()):
		a.Attr = AttrNone
		a.Reason = "no data attribute determined: the variable's type is not known"
	case t.IsAggregate() && dv == "present":
		a.Attr = AttrPresent
		a.Bounds, a.Bytes = wholeBounds(v)
		a.Reason = "implicitly present: " + aggregateWord(t) + " referenced in a " + construct + " construct under default(present) " + where + " (OpenACC 3.3 §2.6.2)"
	case t.IsAggregate():
		a.Attr = AttrCopy
		a.Bounds, a.Bytes = wholeBounds(v)
		a.Reason = "implicitly copy: " + aggregateWord(t) + " referenced in a " + construct + " construct without a clause (OpenACC 3.3 §2.6.2)"
	case ci.kind == "kernels":
		a.Attr = AttrCopy
		a.Reason = "implicitly copy: a scalar referenced in a 'kernels' construct without a clause (OpenACC 3.3 §2.6.2)"
		if loop := temporaryLoop(r.Stmt, u); loop != nil {
			// compiler/depend.go scalarTemporary
			a.Reason += fmt.Sprintf("; each iteration of the loop on line %d assigns it before reading it, so accls makes it private to each iteration when that loop runs in parallel (as NVIDIA's compiler does), unless host code or another construct may see its value",
				lineOf(m.Text, loop.Span.Start))
		}
	default:
		a.Attr = AttrFirstprivate
		word := "a scalar"
		if t.Kind == cfacts.TypePointer {
			word = "a pointer (a scalar: only its value is copied, not the data it points to)"
		}
		a.Reason = "implicitly firstprivate: " + word + " referenced in a " + quote(ci.kind) + " construct without a clause (OpenACC 3.3 §2.6.2)"
	}
	if u.loopReduction != nil {
		a.Reason += fmt.Sprintf("; reduced by the loop on line %d", lineOf(m.Text, u.loopReduction.Span.Start))
	}
	return a
}

func aggregateWord(t *cfacts.Type) string {
	switch t.Kind {
	case cfacts.TypeArray:
		return "an array"
	case cfacts.TypeStruct:
		return "a struct"
	case cfacts.TypeUnion:
		return "a union"
	}
	return "an aggregate"
}

// lineOf returns the 1-based line of byte offset off.
func lineOf(text []byte, off int) int {
	if off > len(text) {
		off = len(text)
	}
	return 1 + bytes.Count(text[:off], []byte("\n"))
}

// wholeBounds describes a whole array variable: "a[0:1024]" (one section per
// dimension of known length) and its size; "" and the type's size otherwise.
func wholeBounds(v *cfacts.Var) (string, int64) {
	t := v.Type
	if t == nil {
		return "", -1
	}
	if t.Kind != cfacts.TypeArray {
		return "", t.Size
	}
	var b strings.Builder
	b.WriteString(v.Name)
	for x := t; x != nil && x.Kind == cfacts.TypeArray; x = x.Elem {
		if x.Len < 0 {
			return "", t.Size
		}
		fmt.Fprintf(&b, "[0:%d]", x.Len)
	}
	return b.String(), t.Size
}

// itemBounds returns the sub-array of a clause item as written and its size
// in bytes (-1 when a length is not a constant); for a whole variable, the
// whole array's bounds.
func itemBounds(v *cfacts.Var, it *acc.Arg) (string, int64) {
	if it == nil || it.Var == nil {
		return "", -1
	}
	if len(it.Var.Members) > 0 {
		return it.Text, -1
	}
	if len(it.Var.Subscripts) == 0 {
		return wholeBounds(v)
	}
	t := v.Type
	count := int64(1)
	known := true
	for _, s := range it.Var.Subscripts {
		if t == nil || (t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer) {
			return it.Text, -1
		}
		if s.Section {
			lo := int64(0)
			if s.Lower != nil {
				x, ok := s.Lower.Int()
				lo, known = x, known && ok
			}
			switch {
			case s.Length != nil:
				n, ok := s.Length.Int()
				count *= n
				known = known && ok
			case t.Kind == cfacts.TypeArray && t.Len >= 0:
				count *= t.Len - lo
			default:
				known = false
			}
		}
		t = t.Elem
	}
	if !known || t == nil || t.Size < 0 {
		return it.Text, -1
	}
	return it.Text, count * t.Size
}

// temporaryLoop is the outermost for loop of construct body s whose body
// holds every reference of u and assigns the variable before reading it,
// nil when there is none.
func temporaryLoop(s *cfacts.Stmt, u *varUse) *cfacts.Stmt {
	if u.call || u.addr || !isScalarVar(u.v) {
		return nil
	}
	var found *cfacts.Stmt
	cfacts.Walk(s, func(x *cfacts.Stmt) bool {
		if found != nil {
			return false
		}
		if x.Kind != cfacts.StmtFor || x.Body == nil || forLoopVar(x) == u.v {
			return true
		}
		for _, r := range u.refs {
			if !inSpan(x.Body.Span, r.Span) {
				return true
			}
		}
		if m, ok := AssignsFirst(x.Body, u.v); m && ok {
			found = x
		}
		return found == nil
	})
	return found
}

// AssignsFirst reports whether statement s mentions v and, when it does,
// whether every read of v in s comes after an assignment of v on every path
// to it (no value from before s is read): a temporary of a loop's
// iterations, which a private copy per iteration may replace. Rodinia's
// CFD has such temporaries assigned in some branches of an if chain and
// read in the same branch, and in an inner loop over neighbours. Calls and
// taken addresses of v, and goto, count as reads.
func AssignsFirst(s *cfacts.Stmt, v *cfacts.Var) (mentioned, assigned bool) {
	if s == nil || !stmtMentions(s, v) {
		return false, false
	}
	f := &firstAssign{v: v}
	f.stmt(s, false)
	return true, !f.exposed
}

// firstAssign follows whether v is surely assigned (the state) through
// statements and notes a read that may see a value from before them.
type firstAssign struct {
	v       *cfacts.Var
	exposed bool
}

// use notes the references of v in e (before an assignment by e itself).
func (f *firstAssign) use(e *cfacts.Expr, assigned bool) {
	if e == nil || assigned || f.exposed {
		return
	}
	if mentions(e, f.v) {
		f.exposed = true
	}
}

// stmt returns whether v is surely assigned after s, given that it is
// (assigned) before it.
func (f *firstAssign) stmt(s *cfacts.Stmt, assigned bool) bool {
	if s == nil || f.exposed || !stmtMentions(s, f.v) {
		return assigned
	}
	switch s.Kind {
	case cfacts.StmtExpr:
		e := strip(s.Expr)
		if e != nil && e.Kind == cfacts.ExprAssign && e.Op == "=" && isVarIdent(e.X, f.v) {
			f.use(e.Y, assigned)
			return true
		}
		f.use(s.Expr, assigned)
		return assigned
	case cfacts.StmtDecl:
		for _, d := range s.Decls {
			f.use(d.Init, assigned)
		}
		return assigned
	case cfacts.StmtCompound:
		for _, x := range s.List {
			assigned = f.stmt(x, assigned)
		}
		return assigned
	case cfacts.StmtIf:
		f.use(s.Cond, assigned)
		then := f.stmt(s.Then, assigned)
		other := f.stmt(s.Else, assigned) // no else: the state before
		return then && other
	case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
		assigned = f.stmt(s.Init, assigned)
		f.use(s.Cond, assigned)
		end := f.stmt(s.Body, assigned)
		// a later iteration starts where the body ended, the first one
		// where the loop did; the loop may not run at all
		f.use(s.Post, end)
		f.stmt(s.Body, assigned && end)
		if s.Kind == cfacts.StmtDo {
			return end
		}
		return assigned
	case cfacts.StmtReturn, cfacts.StmtCase:
		f.use(s.Expr, assigned)
		return f.stmt(s.Body, assigned)
	case cfacts.StmtDefault, cfacts.StmtLabel:
		return f.stmt(s.Body, assigned)
	}
	// switch, goto and anything else: a read that might see the old value
	f.exposed = true
	return assigned
}
