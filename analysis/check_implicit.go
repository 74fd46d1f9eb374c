package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// implicitCheck reports what the implicit data attribute rules of OpenACC
// 3.3 §2.6.2 make of the variables a compute construct references without a
// clause (openacc-rules.md §10): unlisted variables under default(none),
// scalars written while firstprivate, pointers whose data is never mapped.
var implicitCheck = &Check{
	Name:  "implicit-data",
	Rules: []string{"default-none-unlisted", "implicit-firstprivate-write", "implicit-firstprivate-pointer", "implicit-copy-temporary", "kernels-shared-temporary", "implicit-copy-partly-present"},
	Model: checkImplicit,
}

// allRegions returns every region of the model, parents before children,
// in source order (the model's list: callers must not modify it).
func allRegions(m *Model) []*Region {
	return m.allRegions()
}

// computeInfos analyses every compute construct of the model.
func computeInfos(m *Model) []*computeInfo {
	var out []*computeInfo
	for _, r := range allRegions(m) {
		if ci := newComputeInfo(m, r); ci != nil {
			out = append(out, ci)
		}
	}
	return out
}

func checkImplicit(p *Pass, m *Model) {
	for _, ci := range computeInfos(m) {
		if len(ci.r.Directive.Errors) > 0 {
			continue // what the clauses say is not certain
		}
		for _, u := range ci.uses {
			a := &u.attr
			if !a.Implicit || a.Predetermined {
				continue
			}
			switch {
			case defaultValue(ci.dflt) == "none":
				reportUnlisted(p, ci, u)
			case (a.Attr == AttrFirstprivate || ci.kind == "kernels" && a.Attr == AttrCopy) && u.v.Type != nil && u.v.Type.Kind == cfacts.TypePointer:
				checkFirstprivatePointer(p, ci, u) // kernels: the pointer is copied as a scalar
			case a.Attr == AttrFirstprivate:
				checkFirstprivateWrite(p, ci, u)
			case a.Attr == AttrCopy && ci.kind == "parallel":
				checkCopyTemporary(p, ci, u)
			case a.Attr == AttrCopy && ci.kind == "kernels":
				checkKernelsTemporary(p, ci, u)
			}
			if (a.Attr == AttrCopy || a.Attr == AttrCopyin || a.Attr == AttrCopyout) && u.v.Type != nil && u.v.Type.Kind == cfacts.TypeArray {
				checkPartlyPresent(p, ci, u)
			}
		}
	}
}

// reportUnlisted reports a variable referenced under default(none) that no
// clause names, at its first reference.
func reportUnlisted(p *Pass, ci *computeInfo, u *varUse) {
	name := u.v.Name
	where := "on this " + quote(ci.r.Directive.Spec.Name)
	if ci.dfltFrom != ci.r {
		where = fmt.Sprintf("on the enclosing 'data' construct (line %d)", lineOf(ci.m.Text, ci.dfltFrom.Directive.Span.Start))
	}
	d := Diagnostic{
		Span: u.refs[0].Span, Rule: "default-none-unlisted",
		Message: fmt.Sprintf("%s has no data attribute but default(none) is in effect %s", quote(name), where),
		Related: []Related{
			{Span: ci.dflt.Span, Message: "default(none) is here"},
			{Span: ci.r.Directive.NameSpan, Message: "in this " + quote(ci.r.Directive.Spec.Name) + " construct"},
		},
	}
	if clause, item := ci.suggestClause(u); clause != "" {
		d.Fixes = []SuggestedFix{ci.clauseFix(clause, item)}
	}
	p.Report(d)
}

// suggestClause picks the clause that matches how the construct uses a
// variable: read-only scalars firstprivate (copyin on kernels), written
// scalars copy; arrays and pointees copyin when only read, copyout when only
// written, copy otherwise, with bounds when they are known. It returns ""
// when no clause can be written (a pointer whose extent is unknown).
func (ci *computeInfo) suggestClause(u *varUse) (clause, item string) {
	v := u.v
	t := v.Type
	if t == nil {
		return "", ""
	}
	mayWrite := u.written || u.call || u.addr
	switch {
	case IsRowsPointer(t) && u.rowDeref:
		// a pointer to pointers: its rows (data_edits.go rowsLengths)
		n, m := rowsLengths(ci.m, ci.r, v)
		item = v.Name + "[0:" + n + "][0:" + m + "]"
		return ci.dataDirection(u, n, m), item
	case t.Kind == cfacts.TypePointer && u.deref:
		n := inferLength(ci.m, ci.r, v)
		if n == "" {
			n = askMarker // the user types it (clauseFix)
		}
		item = v.Name + "[0:" + n + "]"
		return ci.dataDirection(u, n), item
	case t.IsAggregate():
		item, _ = wholeBounds(v)
		if item == "" {
			item = v.Name
		}
		return directionClause(u.read || u.call || u.escape, mayWrite || u.escape), item
	case !mayWrite:
		if ci.r.Directive.Spec.Allows("firstprivate") {
			return "firstprivate", v.Name
		}
		return "copyin", v.Name
	}
	return "copy", v.Name
}

// dataDirection is directionClause for the data pointer u.v points to,
// mapped as the section of lengths: copy rather than copyout unless the
// construct writes every element of it (writesCover), since copyout would
// give the host the device's undefined values of the others.
func (ci *computeInfo) dataDirection(u *varUse, lengths ...string) string {
	clause := directionClause(u.elemRead || u.call || u.escape, u.elemWrite || u.call || u.escape)
	if clause == "copyout" && (ci.r.Stmt == nil || ci.r.Func == nil || ci.r.Func.Func == nil ||
		!writesCover(ci.m, ci.r.Func.Func, ci.r.Stmt, u.v, ci.r.Directive.Span.Start, lengths)) {
		return "copy"
	}
	return clause
}

// directionClause is copyin for read-only data, copyout for write-only
// data, copy for both.
func directionClause(read, written bool) string {
	switch {
	case written && !read:
		return "copyout"
	case written:
		return "copy"
	}
	return "copyin"
}

// checkFirstprivateWrite reports a scalar that a parallel or serial
// construct writes while it is implicitly firstprivate.
func checkFirstprivateWrite(p *Pass, ci *computeInfo, u *varUse) {
	v := u.v
	if ci.kind == "kernels" || v.Type == nil {
		return
	}
	switch v.Type.Kind {
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
	default:
		return
	}
	if u.addr || isLoopCounter(ci.r.Stmt, v) {
		return
	}
	var writes []*Ref
	for _, r := range u.refs {
		if r.Access&AccWrite != 0 && !u.loopPrivate[r] {
			writes = append(writes, r)
		}
	}
	if len(writes) == 0 {
		return
	}
	first := writes[0]
	name := v.Name
	construct := quote(ci.r.Directive.Spec.Name)
	d := Diagnostic{
		Span: first.Span, Rule: "implicit-firstprivate-write",
		Related: []Related{{Span: ci.r.Directive.NameSpan, Message: quote(name) + " is implicitly firstprivate in this " + construct}},
	}
	op := writes[0].Op
	for _, w := range writes {
		if w.Op != op || w.Access != AccRMW {
			op = ""
		}
	}
	firstRef := u.refs[0]
	// a temporary of the loop's iterations: assigned first in each; also
	// when an inner loop reduces it (row norms: copy would share one copy
	// between the gangs)
	temp := firstRef.Access == AccWrite && firstRef.Assign != nil && firstRef.Op == "" && u.read &&
		(u.loopReduction == nil || inComputeLoop(ci.r, firstRef))
	if temp && gangOnlyWrites(ci.r, writes) {
		return // a gang runs its iterations one after another, on its own copy
	}
	atomic := false
	for _, w := range writes {
		atomic = atomic || inAtomic(ci.r, w)
	}
	switch {
	case atomic:
		d.Message = fmt.Sprintf("%s is implicitly firstprivate in %s: the atomic updates go to a private copy and are lost after the region; add copy(%s)",
			quote(name), construct, name)
		d.Fixes = []SuggestedFix{{
			Title:     "Add copy(" + name + ")",
			Edits:     []TextEdit{addToClause(ci.m.Text, ci.r.Directive, "copy", name)},
			Preferred: true,
		}}
	case op != "" && !u.loopPrivate[first] && ci.r.Directive.Spec.Allows("reduction"):
		d.Message = fmt.Sprintf("%s is implicitly firstprivate in %s: each gang updates a private copy, the updates race and are lost after the region; add reduction(%s:%s)",
			quote(name), construct, op, name)
		d.Fixes = []SuggestedFix{{
			Title:     "Add reduction(" + op + ":" + name + ")",
			Edits:     []TextEdit{addToClause(ci.m.Text, ci.r.Directive, "reduction", name, op)},
			Preferred: true,
		}}
	case temp:
		target := innermostLoopDirective(ci.r, first)
		d.Message = fmt.Sprintf("%s is implicitly firstprivate in %s: one copy per gang is shared by the iterations that write it; declare it inside the loop or make it private",
			quote(name), construct)
		d.Fixes = []SuggestedFix{{
			Title:     "Add private(" + name + ")",
			Edits:     []TextEdit{addToClause(ci.m.Text, target, "private", name)},
			Preferred: true,
		}}
	default:
		d.Message = fmt.Sprintf("%s is implicitly firstprivate in %s: the value written here is lost after the region; add copy(%s) to keep it",
			quote(name), construct, name)
		d.Fixes = []SuggestedFix{{
			Title: "Add copy(" + name + ")",
			Edits: []TextEdit{addToClause(ci.m.Text, ci.r.Directive, "copy", name)},
		}}
	}
	p.Report(d)
}

// inAtomic reports whether ref lies in an atomic construct inside r.
func inAtomic(r *Region, ref *Ref) bool {
	found := false
	var walk func(rs []*Region)
	walk = func(rs []*Region) {
		for _, c := range rs {
			if c.Kind == RegionAtomic && c.Stmt != nil && inSpan(c.Stmt.Span, ref.Span) {
				found = true
			}
			walk(c.Children)
		}
	}
	walk(r.Children)
	return found
}

// innermostLoopDirective returns the directive of the innermost loop
// construct (or the compute construct) that contains ref.
func innermostLoopDirective(r *Region, ref *Ref) *acc.Directive {
	best := r
	var walk func(rs []*Region)
	walk = func(rs []*Region) {
		for _, c := range rs {
			if c.Stmt == nil || !inSpan(c.Stmt.Span, ref.Span) {
				continue
			}
			if c.Kind == RegionLoop {
				best = c
			}
			if !isComputeRegion(c) {
				walk(c.Children)
			}
		}
	}
	walk(r.Children)
	return best.Directive
}

// gangOnlyWrites reports whether each write's innermost loop directive
// partitions over gangs only (gang, no worker or vector): its iterations
// run one after another in each gang, whose copy is its own.
func gangOnlyWrites(r *Region, writes []*Ref) bool {
	for _, w := range writes {
		d := innermostLoopDirective(r, w)
		if d == nil || findClause(d, "gang") == nil || findClause(d, "worker") != nil || findClause(d, "vector") != nil {
			return false
		}
	}
	return true
}

// isLoopCounter reports whether v is the loop variable of some `for`
// statement inside s: a sequential loop counter, which compilers privatize.
func isLoopCounter(s *cfacts.Stmt, v *cfacts.Var) bool {
	found := false
	walkStmts(s, func(x *cfacts.Stmt) {
		if !found && x.Kind == cfacts.StmtFor && forLoopVar(x) == v {
			found = true
		}
	})
	return found
}

// checkFirstprivatePointer reports a pointer dereferenced in a compute
// construct while only its value goes to the device (implicitly
// firstprivate in parallel and serial, copied as a scalar in kernels) and
// nothing visible maps the data it points to.
func checkFirstprivatePointer(p *Pass, ci *computeInfo, u *varUse) {
	v := u.v
	if !u.deref || u.objWritten || defaultValue(ci.dflt) != "" {
		return
	}
	for a := ci.r.Parent; a != nil; a = a.Parent {
		if isComputeRegion(a) {
			return // a compute construct nested in another, an error of its own
		}
	}
	if len(u.loopPrivate) == len(u.refs) {
		return // every use is in a loop that privatizes it (private(w[0:n]) on a gang loop)
	}
	fm := ci.r.Func
	if fm == nil || fm.Func == nil || fm.Func.Body == nil {
		return
	}
	if !pointerFromAllocationOnly(ci.m, fm.Func, v) || mappedByDynamicData(ci.m, fm, v, ci.r.Directive.Span.Start) {
		return
	}
	var first *Ref
	for _, r := range u.refs {
		if r.Deref {
			first = r
			break
		}
	}
	if first == nil { // deref seen through a member or an alias only (half-typed code)
		if len(u.refs) == 0 {
			return
		}
		first = u.refs[0]
	}
	name := v.Name
	construct := quote(ci.r.Directive.Spec.Name)
	how := "implicitly firstprivate in " + construct
	if ci.kind == "kernels" {
		how = "implicitly copy in " + construct + " (a scalar)"
	}
	example := name + "[0:n]"
	if IsRowsPointer(v.Type) && u.rowDeref {
		example = name + "[0:n][0:m]" // its rows
	}
	d := Diagnostic{
		Span: first.Span, Rule: "implicit-firstprivate-pointer",
		Message: fmt.Sprintf("%s is a pointer: %s, only its value is copied and the data it points to is not mapped; map it with a sub-array (e.g. copy(%s)) here or in an enclosing data region",
			quote(name), how, example),
		Related: []Related{{Span: ci.r.Directive.NameSpan, Message: "no clause of this " + construct + " names " + quote(name)}},
	}
	if clause, item := ci.suggestClause(u); clause != "" {
		if !strings.Contains(item, askMarker) {
			d.Message = fmt.Sprintf("%s is a pointer: %s, only its value is copied and the data it points to is not mapped; add %s(%s)",
				quote(name), how, clause, item)
			if !IsRowsPointer(v.Type) { // compiler/inferbounds.go
				d.Message += " (accls and NVIDIA's compiler copy what the subscripts reach, GCC and Clang do not)"
			}
		}
		d.Fixes = []SuggestedFix{ci.clauseFix(clause, item)}
	}
	p.Report(d)
}

// pointerFromAllocationOnly reports whether every value the function gives
// pointer v comes from malloc, calloc or realloc (or v is a parameter never
// assigned), and v's address is never taken: then nothing but an explicit
// mapping can make its data present. A pointer assigned from another
// variable or from any other call may alias mapped or device memory.
func pointerFromAllocationOnly(m *Model, fn *cfacts.Func, v *cfacts.Var) bool {
	return pointerFromAllocationIn(m, fn, v, 2)
}

// pointerFromAllocationIn is pointerFromAllocationOnly where the
// allocations may also be calls of functions of the file that return what
// they allocated themselves (double **A = malloc_2d(n, m)), through depth
// such calls at most.
func pointerFromAllocationIn(m *Model, fn *cfacts.Func, v *cfacts.Var, depth int) bool {
	if v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageExtern || v.Storage == cfacts.StorageStatic {
		return false // other functions may set it to anything
	}
	isAllocation := func(e *cfacts.Expr) bool { return allocates(m, e, depth) }
	if v.Init != nil && !isAllocation(v.Init) {
		return false
	}
	ok := true
	for _, r := range m.collectRefs(fn.Body) {
		if r.Var != v {
			continue
		}
		if r.Addr {
			return false
		}
		if r.Call && isAccAPICall(fn.Body, r) {
			return false
		}
		if r.Access&AccWrite != 0 && r.Elem == AccNone && !r.Decl {
			if r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign || r.Assign.Op != "=" || !isAllocation(r.Assign.Y) {
				ok = false
			}
		}
	}
	return ok
}

// allocates reports whether e is a fresh allocation: a call of malloc &
// co. (isAllocation) or, depth > 1, of a function of the file that maps
// nothing (no directive, no runtime call) and returns only pointers it
// allocated so (pointerFromAllocationIn), the wrappers that allocate a
// matrix's rows.
func allocates(m *Model, e *cfacts.Expr, depth int) bool {
	if isAllocation(e) {
		return true
	}
	e = strip(e)
	if depth <= 1 || e == nil || e.Kind != cfacts.ExprCall {
		return false
	}
	var callee *FuncModel
	for _, fm := range m.Funcs {
		if fm.Func != nil && fm.Func.Name == e.Name && fm.Func.Body != nil {
			callee = fm
		}
	}
	if callee == nil || len(callee.Directives) > 0 {
		return false
	}
	returns, fresh := 0, true
	cfacts.Walk(callee.Func.Body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(x *cfacts.Expr) {
			cfacts.WalkExpr(x, func(y *cfacts.Expr) bool {
				if y.Kind == cfacts.ExprCall && strings.HasPrefix(y.Name, "acc_") {
					fresh = false // acc_copyin, acc_map_data…
				}
				return fresh
			})
		})
		if s.Kind != cfacts.StmtReturn {
			return fresh
		}
		returns++
		r := strip(s.Expr)
		switch {
		case r != nil && r.Kind == cfacts.ExprIdent && r.Var != nil && r.Var.Type != nil && r.Var.Type.Kind == cfacts.TypePointer:
			fresh = fresh && pointerFromAllocationIn(m, callee.Func, r.Var, depth-1)
		default:
			fresh = fresh && allocates(m, r, depth-1)
		}
		return fresh
	})
	return fresh && returns > 0
}

// isAllocation reports whether e (casts aside) is a call of malloc, calloc,
// realloc or aligned_alloc.
func isAllocation(e *cfacts.Expr) bool {
	e = strip(e)
	if e == nil || e.Kind != cfacts.ExprCall {
		return false
	}
	switch e.Name {
	case "malloc", "calloc", "realloc", "aligned_alloc":
		return true
	}
	return false
}

// isAccAPICall reports whether the call that passes ref's variable is an
// OpenACC runtime routine (acc_copyin, acc_map_data, ...), which maps data.
func isAccAPICall(body *cfacts.Stmt, ref *Ref) bool {
	found := false
	var visit func(e *cfacts.Expr)
	visit = func(e *cfacts.Expr) {
		if e == nil || found {
			return
		}
		if e.Kind == cfacts.ExprCall && len(e.Name) > 4 && e.Name[:4] == "acc_" {
			for _, a := range e.Args {
				if inSpan(a.Span, ref.Span) {
					found = true
				}
			}
		}
		visit(e.X)
		visit(e.Y)
		visit(e.Z)
		for _, a := range e.Args {
			visit(a)
		}
	}
	visit(ref.Stmt.Expr)
	visit(ref.Stmt.Cond)
	visit(ref.Stmt.Post)
	for _, d := range ref.Stmt.Decls {
		visit(d.Init)
	}
	return found
}

// mappedByDynamicData reports whether an `enter data` directive of the
// function before offset pos names v, or a `declare` in scope does, or a
// `data` construct whose region holds pos (not one that ended before: a
// `data` directive that governs only the statement after it maps nothing
// for the code that follows).
func mappedByDynamicData(m *Model, fm *FuncModel, v *cfacts.Var, pos int) bool {
	for _, d := range fm.Directives {
		if d.Spec == nil || d.Span.Start >= pos {
			continue
		}
		if r := m.ByDirective[d]; d.Spec.Name == "data" && r != nil && r.Stmt != nil && !(r.Stmt.Span.Start <= pos && pos < r.Stmt.Span.End) {
			continue
		}
		switch d.Spec.Name {
		case "enter data", "declare", "data":
			if c, _ := namedIn(d, v.Name, "copyin", "create", "attach", "copy", "copyout", "present", "deviceptr", "device_resident", "link", "no_create"); c != nil {
				return true
			}
		}
	}
	return false
}

// lengthPlaceholder is the default text of the length the user is asked
// for when a fix cannot infer it.
const lengthPlaceholder = "n"

// clauseFix adds item to the construct's clause; an item whose length is
// unknown (askMarker) becomes a snippet that asks for it, and is not the
// preferred fix.
func (ci *computeInfo) clauseFix(clause, item string) SuggestedFix {
	e := addToClause(ci.m.Text, ci.r.Directive, clause, item)
	if !strings.Contains(item, askMarker) {
		return SuggestedFix{Title: "Add " + clause + "(" + item + ")", Edits: []TextEdit{e}, Preferred: true}
	}
	shown := strings.ReplaceAll(item, askMarker, "…")
	return SuggestedFix{Title: "Add " + clause + "(" + shown + ") (type the length)", Edits: []TextEdit{withPlaceholder(e, lengthPlaceholders(item)...)}}
}

// lengthPlaceholders are the defaults of an item's placeholders: n, and m
// for a row length (p[0:n][0:m]).
func lengthPlaceholders(item string) []string {
	if strings.Count(item, askMarker) == 1 && strings.Contains(item, "][0:"+askMarker) {
		return []string{"m"}
	}
	return []string{lengthPlaceholder, "m"}
}

// inComputeLoop reports whether ref lies in a loop associated with r or
// with a loop construct inside it.
func inComputeLoop(r *Region, ref *Ref) bool {
	for _, l := range r.Loops {
		if inSpan(l.Span, ref.Span) {
			return true
		}
	}
	found := false
	var walk func(rs []*Region)
	walk = func(rs []*Region) {
		for _, c := range rs {
			for _, l := range c.Loops {
				found = found || c.Kind == RegionLoop && inSpan(l.Span, ref.Span)
			}
			walk(c.Children)
		}
	}
	walk(r.Children)
	return found
}

// checkPartlyPresent reports an array without a clause, which the compute
// construct copies whole (OpenACC 3.3 §2.6.2), after an enter data of the
// function put only a section of it on the device (and no exit data took
// it off): at the construct the whole array is partly present, a runtime
// error (§2.6.7). NVIDIA's multi-GPU examples do this: their compiler
// copies only the rows the loops reach.
func checkPartlyPresent(p *Pass, ci *computeInfo, u *varUse) {
	v := u.v
	pos := ci.r.Directive.Span.Start
	var enter *acc.Directive
	var item *acc.Arg
	for _, d := range ci.r.Func.Directives {
		if d.Spec == nil || d.Span.Start >= pos {
			continue
		}
		switch d.Spec.Name {
		case "enter data":
			if _, it := namedIn(d, v.Name, "copyin", "create"); it != nil && len(it.Var.Members) == 0 && len(it.Var.Subscripts) > 0 && partialSection(it.Var.Subscripts[0], v.Type.Len) {
				enter, item = d, it
			}
		case "exit data":
			if _, it := namedIn(d, v.Name, "copyout", "delete"); it != nil {
				enter, item = nil, nil
			}
		}
	}
	if enter == nil {
		return
	}
	section := strings.Join(strings.Fields(item.Text), " ")
	p.Report(Diagnostic{Span: u.refs[0].Span, Rule: "implicit-copy-partly-present",
		Message: fmt.Sprintf("%s has no clause here, so this %s copies the whole array, but the 'enter data' at line %d put only %s on the device: the whole array is then partly present, a runtime error in OpenACC; name the part this construct uses in a present clause (NVIDIA's compiler, and accls, use the section present when the loops stay within it; GCC stops)",
			quote(v.Name), quote(ci.r.Directive.Spec.Name), lineOf(ci.m.Text, enter.Span.Start), quote(item.Text)),
		Related: []Related{{Span: item.Span, Message: "the section of " + quote(v.Name) + " on the device"}},
		// the entered section, as written there: right when its bounds
		// mean the same here (the fix is not preferred)
		Fixes: []SuggestedFix{{Title: "Add present(" + section + ")", Edits: []TextEdit{addToClause(ci.m.Text, ci.r.Directive, "present", section)}}}})
}

// partialSection reports whether the first subscript of a section of an
// array of n elements surely or most likely leaves some out: a constant
// part, or a lower bound that is not a constant (a domain's first row).
func partialSection(s acc.Subscript, n int64) bool {
	if PartialDimension(s, n) {
		return true
	}
	if s.Lower == nil {
		return false
	}
	_, ok := s.Lower.Int()
	return !ok
}
