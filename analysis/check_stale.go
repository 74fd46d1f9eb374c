package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// staleCheck reports host code inside a `data` construct that uses a
// variable the construct maps as if host and device shared it (OpenACC 3.3
// §2.6: inside the region the compute constructs find the data present and
// use the device copy; the host copy changes only at the region's exit or
// an `update`):
//
//   - stale-host-read: the host reads it after a compute construct of the
//     region wrote the device copy (a result printed or written to a file
//     in the time-step loop, a convergence test on a reduction variable
//     the region maps): it reads the values from before the region;
//   - stale-device-read: the host writes it and a compute construct of the
//     region reads it afterwards (a boundary reset between kernels): the
//     device keeps the old values.
//
// "After" is in program order, or in a later round of a host loop of the
// region around both. A variable that an `update` in the same direction, an
// enter/exit data or host_data directive of the region names, that the host
// passes to a function, takes the address of or assigns (a pointer swap), or
// that the runtime API may move (acc_update_*, acc_memcpy_*) is left alone,
// as are compute constructs with `if` or `self` (they may run on the host),
// private copies, and data regions with `if`. Programs that rely on the host
// and the device sharing memory (NVIDIA's managed memory) behave as the
// code reads there, and nowhere else.
var staleCheck = &Check{
	Name:  "stale",
	Rules: []string{"stale-host-read", "stale-device-read"},
	Model: checkStale,
}

// staleClauses are the clauses of a data construct whose data the compute
// constructs of the region find present.
var staleClauses = []string{"copy", "copyin", "copyout", "create", "present"}

// staleRuntime are the API calls that may move data between the copies.
var staleRuntime = []string{"acc_update_self", "acc_update_device", "acc_memcpy", "acc_copyout", "acc_copyin", "acc_delete",
	"acc_update_host", "acc_map_data", "acc_attach", "acc_detach"}

// staleRun holds what the data regions of one model share: the
// host_data regions.
type staleRun struct {
	m        *Model
	hostData []acc.Span
}

func checkStale(p *Pass, m *Model) {
	run := &staleRun{m: m}
	var datas []*Region
	for _, r := range allRegions(m) {
		if r.Directive != nil && r.Directive.Spec != nil && r.Directive.Spec.Name == "host_data" && r.Stmt != nil {
			run.hostData = append(run.hostData, r.Stmt.Span)
		}
		if isDataConstruct(r) && r.Stmt != nil && r.Func != nil && r.Func.Func != nil && len(r.Directive.Errors) == 0 &&
			findClause(r.Directive, "if") == nil {
			datas = append(datas, r)
		}
	}
	for _, r := range datas {
		run.region(p, r)
	}
}

// access tells how compute construct c uses the device copy of v, which
// the enclosing data region maps (so no implicit attribute makes it
// private): from its references (the model keeps them), unless a
// private or firstprivate clause of c or of a loop in it names v, or v
// counts one of its loops.
func (run *staleRun) access(c *Region, v *cfacts.Var, scalar bool) (read, written bool) {
	if isLoopCounter(c.Stmt, v) || privateIn(c, v) {
		return false, false
	}
	for _, ref := range run.m.collectRefs(c.Stmt) {
		if ref.Var != v {
			continue
		}
		a := ref.Elem
		if scalar {
			a = ref.Access
		}
		read = read || a&AccRead != 0 || ref.Call
		written = written || a&AccWrite != 0 || ref.Call
	}
	return read, written
}

// privateIn reports whether a private or firstprivate clause of r or of a
// region inside it names v.
func privateIn(r *Region, v *cfacts.Var) bool {
	if c, _ := namedIn(r.Directive, v.Name, "private", "firstprivate"); c != nil {
		return true
	}
	for _, x := range r.Children {
		if privateIn(x, v) {
			return true
		}
	}
	return false
}

// staleUse is a compute construct of the region that writes (or reads)
// the device copy.
type staleUse struct {
	c    *Region
	span acc.Span // the construct's directive and statement
}

func (run *staleRun) region(p *Pass, r *Region) {
	m, fm := run.m, r.Func
	var computes, all []*Region
	for _, c := range computesIn(r) {
		if c.Stmt == nil {
			continue
		}
		all = append(all, c)
		if findClause(c.Directive, "if") == nil && findClause(c.Directive, "self") == nil {
			computes = append(computes, c)
		}
	}
	if len(computes) == 0 {
		return
	}
	// the host part of the region: references outside the compute
	// constructs (those with if or self too) and host_data regions
	skipSpans := append(computeSpans(all), run.hostData...)
	var host []*Ref
	for _, ref := range m.collectRefs(r.Stmt) {
		if !inAnySpan(skipSpans, ref.Span.Start) {
			host = append(host, ref)
		}
	}
	runtimeMoves := false
	for _, call := range stCalls(r.Stmt) {
		for _, name := range staleRuntime {
			runtimeMoves = runtimeMoves || strings.HasPrefix(call.Name, name)
		}
	}
	if runtimeMoves {
		return
	}
	seen := map[*cfacts.Var]bool{}
	clauseItems(m, fm, r.Directive, staleClauses, func(cl *acc.Clause, it *acc.Arg, v *cfacts.Var) {
		if seen[v] || !staleKind(v.Type) {
			return
		}
		seen[v] = true
		if staleUntracked(m, fm, r, host, v) {
			return
		}
		scalar := v.Type.Kind != cfacts.TypeArray && v.Type.Kind != cfacts.TypePointer
		var writers, readers []staleUse
		for _, c := range computes {
			read, written := run.access(c, v, scalar)
			u := staleUse{c: c, span: acc.Span{Start: c.Directive.Span.Start, End: c.Stmt.Span.End}}
			if written {
				writers = append(writers, u)
			}
			if read {
				readers = append(readers, u)
			}
		}
		updates := updatesIn(fm, r, v)
		for _, sr := range []staleReport{staleHostRead, staleDeviceRead} {
			if updates[sr.update] {
				continue
			}
			// a host read after a device write, a host write before a
			// device read
			uses, hostAccess := readers, AccWrite
			if sr.before {
				uses, hostAccess = writers, AccRead
			}
			for _, ref := range host {
				if ref.Var != v || !staleAccesses(ref, scalar, hostAccess) {
					continue
				}
				if u, ok := staleOrdered(r, uses, ref.Span, sr.before); ok {
					sr.report(p, m, r, it, v, ref, u, uses)
					break
				}
			}
		}
	})
}

// staleKind: arrays, pointers to data and scalars (not structs, whose
// members the references do not tell apart).
func staleKind(t *cfacts.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
		return true
	case cfacts.TypeArray, cfacts.TypePointer:
		e := t.Elem
		for e != nil && e.Kind == cfacts.TypeArray {
			e = e.Elem
		}
		return e != nil && (e.Kind == cfacts.TypeInt || e.Kind == cfacts.TypeFloat || e.Kind == cfacts.TypeComplex)
	}
	return false
}

// staleUntracked reports whether the host part of the region may move or
// reach v in ways the references do not show.
func staleUntracked(m *Model, fm *FuncModel, r *Region, host []*Ref, v *cfacts.Var) bool {
	for _, ref := range host {
		if ref.Var != v {
			continue
		}
		if ref.Call || ref.Addr || ref.Escape || ref.Member {
			return true
		}
		if (v.Type.Kind == cfacts.TypePointer) && ref.Access&AccWrite != 0 {
			return true // the pointer itself changes (a swap)
		}
	}
	for _, d := range fm.Directives {
		if d.Spec == nil || !inSpan(r.Stmt.Span, d.Span) {
			continue
		}
		switch d.Spec.Name {
		case "enter data", "exit data", "host_data", "declare":
			if directiveNamesVar(d, v.Name) {
				return true
			}
		}
	}
	global := v.Storage == cfacts.StorageGlobal || v.Storage == cfacts.StorageStatic || v.Storage == cfacts.StorageExtern
	if global && len(stCalls(r.Stmt)) > 0 {
		return true // a function may update or use it
	}
	return false
}

// updatesIn reports the directions ("self", "device") in which an update
// directive of the region names v.
func updatesIn(fm *FuncModel, r *Region, v *cfacts.Var) map[string]bool {
	out := map[string]bool{}
	for _, d := range fm.Directives {
		if d.Spec == nil || d.Spec.Name != "update" || !inSpan(r.Stmt.Span, d.Span) {
			continue
		}
		for _, c := range d.Clauses {
			dir := "self"
			if canonical(c) == "device" {
				dir = "device"
			} else if canonical(c) != "self" && canonical(c) != "host" {
				continue
			}
			for _, it := range argItems(c) {
				if it.Var != nil && it.Var.Name == v.Name {
					out[dir] = true
				}
			}
		}
	}
	return out
}

// directiveNamesVar reports whether an item of a clause of d names the
// variable.
func directiveNamesVar(d *acc.Directive, name string) bool {
	for _, c := range d.Clauses {
		for _, it := range argItems(c) {
			if it.Var != nil && it.Var.Name == name {
				return true
			}
		}
	}
	return false
}

// staleReads: the reference reads the variable's data (a scalar's value,
// an element).
// staleAccesses reports whether the reference reads (or writes: access)
// the variable's data (a scalar's value, an element).
func staleAccesses(ref *Ref, scalar bool, access Access) bool {
	if scalar {
		return ref.Access&access != 0 && !ref.Decl
	}
	return ref.Elem&access != 0
}

// staleOrdered returns a use that may run before the span (after it:
// before false): earlier (later) in the region, or in a host loop of the
// region around both.
func staleOrdered(r *Region, uses []staleUse, sp acc.Span, before bool) (staleUse, bool) {
	for _, u := range uses {
		inOrder := sp.End <= u.span.Start
		if before {
			inOrder = u.span.End <= sp.Start
		}
		if inOrder || inHostLoopWith(r, u.span, sp) {
			return u, true
		}
	}
	return staleUse{}, false
}

// inHostLoopWith reports whether a loop statement of the region's body
// contains both spans.
func inHostLoopWith(r *Region, a, b acc.Span) bool {
	found := false
	walkStmts(r.Stmt, func(s *cfacts.Stmt) {
		if found || s.Kind != cfacts.StmtFor && s.Kind != cfacts.StmtWhile && s.Kind != cfacts.StmtDo {
			return
		}
		found = inSpan(s.Span, a) && inSpan(s.Span, b) && !inSpan(a, s.Span)
	})
	return found
}

func computeSpans(cs []*Region) []acc.Span {
	var out []acc.Span
	for _, c := range cs {
		out = append(out, c.Stmt.Span)
	}
	return out
}

// staleReport is what one of the two rules says and fixes.
type staleReport struct {
	rule, message, related string
	update                 string // the update's clause: self or device
	before                 bool   // the update goes before the host's access (after it: false)
	title                  string
}

var (
	staleHostRead = staleReport{
		rule:    "stale-host-read",
		message: "%s is read on the host inside the data region that maps it, after %s writes its device copy: the host copy keeps the values from before the region until 'update self(%s)' or the region's end (unless host and device share memory)",
		related: "the device copy of %s is written here",
		update:  "self", before: true, title: "before the host reads it",
	}
	staleDeviceRead = staleReport{
		rule:    "stale-device-read",
		message: "%s is written on the host inside the data region that maps it, and %s reads its device copy afterwards: the device keeps the old values without 'update device(%s)' (unless host and device share memory)",
		related: "the device copy of %s is read here",
		update:  "device", before: false, title: "after the host writes it",
	}
)

// report reports ref, the host's access to v (item of the region's
// clause), against u, a compute construct of uses on the other side.
func (sr staleReport) report(p *Pass, m *Model, r *Region, it *acc.Arg, v *cfacts.Var, ref *Ref, u staleUse, uses []staleUse) {
	item := it.Text
	d := Diagnostic{
		Span: ref.Span, Rule: sr.rule,
		Message: fmt.Sprintf(sr.message, quote(v.Name), quote(u.c.Directive.Spec.Name), item),
		Related: []Related{
			{Span: u.c.Directive.NameSpan, Message: fmt.Sprintf(sr.related, quote(v.Name))},
			{Span: it.Span, Message: "mapped for the region here"},
		},
	}
	at, ind, ok := staleAnchor(m, r, ref.Span, uses, sr.before)
	if !ok && sr.before {
		at, ind, ok = staleAfterWriter(m, r, ref.Span, uses)
	}
	if ok {
		directive := "#pragma acc update " + sr.update + "(" + item + ")"
		d.Fixes = []SuggestedFix{{
			Title: "Add '" + directive + "' " + sr.title,
			Edits: []TextEdit{{Span: acc.Span{Start: at, End: at}, NewText: ind + directive + "\n"}},
		}}
	}
	p.Report(d)
}

// staleAfterWriter places the update of a read in a loop's condition
// (while (err > tol) around the kernels that reduce err): after the last
// compute construct of the loop's body that writes the data, so that the
// condition reads the new value.
func staleAfterWriter(m *Model, r *Region, sp acc.Span, writers []staleUse) (int, string, bool) {
	var loop *cfacts.Stmt
	walkStmts(r.Stmt, func(s *cfacts.Stmt) {
		if (s.Kind == cfacts.StmtWhile || s.Kind == cfacts.StmtDo || s.Kind == cfacts.StmtFor) && s.Cond != nil && inSpan(s.Cond.Span, sp) {
			loop = s
		}
	})
	if loop == nil || loop.Body == nil {
		return 0, "", false
	}
	var last *Region
	for _, w := range writers {
		if inSpan(loop.Body.Span, w.span) && (last == nil || w.span.Start > last.Stmt.Span.Start) {
			last = w.c
		}
	}
	if last == nil {
		return 0, "", false
	}
	return lineAfter(m, last.Stmt, indentAt(m.Text, last.Directive.Span.Start))
}

// lineAfter is the start of the line after statement s, when nothing but
// blanks, semicolons and a // comment follows s on its line.
func lineAfter(m *Model, s *cfacts.Stmt, ind string) (int, string, bool) {
	end := s.Span.End
	for end < len(m.Text) && m.Text[end] != '\n' {
		switch {
		case m.Text[end] == '/' && end+1 < len(m.Text) && m.Text[end+1] == '/': // a comment to the line's end
			for end < len(m.Text) && m.Text[end] != '\n' {
				end++
			}
			continue
		case m.Text[end] != ' ' && m.Text[end] != '\t' && m.Text[end] != '\r' && m.Text[end] != ';':
			return 0, "", false
		}
		end++
	}
	if end >= len(m.Text) {
		return 0, "", false
	}
	return end + 1, ind, true
}

// staleAnchor is where the update goes (a line start) and its
// indentation: before (before) or after the outermost statement of the
// region that contains the reference and no compute construct of uses; an
// `if` whose branch holds the reference gets the update inside that branch,
// so that it runs when the branch does. ok is false where no statement
// fits (a read in a loop's condition).
func staleAnchor(m *Model, r *Region, sp acc.Span, uses []staleUse, before bool) (int, string, bool) {
	var best *cfacts.Stmt
	walkStmts(r.Stmt, func(s *cfacts.Stmt) {
		if best != nil || !inSpan(s.Span, sp) {
			return
		}
		for _, u := range uses {
			if inSpan(s.Span, u.span) || inSpan(u.span, s.Span) {
				return
			}
		}
		best = s
	})
	if best == nil {
		return 0, "", false
	}
	for best.Kind == cfacts.StmtIf {
		var branch *cfacts.Stmt
		for _, b := range []*cfacts.Stmt{best.Then, best.Else} {
			if b != nil && inSpan(b.Span, sp) {
				branch = b
			}
		}
		if branch == nil {
			break
		}
		if branch.Kind != cfacts.StmtCompound || len(branch.List) == 0 {
			return 0, "", false
		}
		inner := branch.List[0]
		if !before {
			inner = branch.List[len(branch.List)-1]
		}
		best = inner
		if !inSpan(inner.Span, sp) {
			break
		}
	}
	ind := indentAt(m.Text, best.Span.Start)
	if before {
		at := lineStartAt(m.Text, best.Span.Start)
		if strings.TrimSpace(string(m.Text[at:best.Span.Start])) != "" {
			return 0, "", false
		}
		return at, ind, true
	}
	return lineAfter(m, best, ind)
}
