package analysis

import (
	"fmt"

	"github.com/accls/accls/source/cfacts"
)

// Temporaries of loop iterations that the implicit rules share: a struct
// without a clause in a parallel construct, a scalar without a clause in a
// kernels construct (both copy, OpenACC 3.3 §2.6.2: one device copy for
// every gang, worker and lane).

// checkCopyTemporary reports a struct that a parallel construct gets as
// copy (an aggregate without a clause: one device copy for all) but whose
// members each iteration of a partitioned loop assigns before it reads them:
// a temporary of the iteration (z and c of a Mandelbrot pixel), which the
// iterations overwrite in one another's hands. private on the loop gives
// each iteration its own.
func checkCopyTemporary(p *Pass, ci *computeInfo, u *varUse) {
	v := u.v
	if v.Type == nil || v.Type.Kind != cfacts.TypeStruct && v.Type.Kind != cfacts.TypeUnion || len(u.refs) == 0 {
		return
	}
	if u.call || u.addr || u.escape || !u.read {
		return
	}
	first := u.refs[0]
	if first.Elem&AccWrite == 0 || first.Elem&AccRead != 0 || first.Assign == nil || first.Assign.Op != "=" ||
		u.loopPrivate[first] || !inComputeLoop(ci.r, first) || inAtomic(ci.r, first) {
		return
	}
	name := v.Name
	target := innermostLoopDirective(ci.r, first)
	p.Report(Diagnostic{
		Span: first.Span, Rule: "implicit-copy-temporary",
		Message: fmt.Sprintf("%s is a struct without a clause, so %s copies it: one device copy that every iteration of the loop assigns before it reads it, and the iterations overwrite one another's values; make it private",
			quote(name), quote(ci.r.Directive.Spec.Name)),
		Related: []Related{{Span: ci.r.Directive.NameSpan, Message: quote(name) + " is implicitly copy in this " + quote(ci.r.Directive.Spec.Name)}},
		Fixes: []SuggestedFix{{
			Title:     "Add private(" + name + ")",
			Edits:     []TextEdit{addToClause(ci.m.Text, target, "private", name)},
			Preferred: true,
		}},
	})
}

// checkKernelsTemporary reports a scalar that a kernels construct gets as
// copy, which each iteration of an independent loop assigns before it reads
// it, when the value can be seen after the loop: the host reads it, another
// construct reads it before assigning it, the construct uses it outside the
// loop, or it is not a local variable. accls (compiler/depend.go) and
// NVIDIA's compiler make such temporaries private only when no one sees the
// value; here the device copy stays shared, and `independent` lets the
// iterations overwrite one another's values. The private fix is not
// preferred: the host then keeps the value from before the construct.
func checkKernelsTemporary(p *Pass, ci *computeInfo, u *varUse) {
	v := u.v
	if !isScalarVar(v) || u.call || u.addr || len(u.loopPrivate) > 0 {
		return
	}
	for _, lr := range independentLoops(ci.r) {
		lp := lr.Loops[len(lr.Loops)-1]
		if lp.Body == nil || !inSpan(lr.Loops[0].Span, u.refs[0].Span) {
			continue
		}
		if _, first := AssignsFirst(lp.Body, v); !first || loopVarOf(lr, v) {
			continue
		}
		why := temporarySeen(ci, u, lr)
		if why == "" {
			return // the compiler makes it private
		}
		var write *Ref
		for _, r := range u.refs {
			if r.Written() && inSpan(lp.Body.Span, r.Span) {
				write = r
				break
			}
		}
		if write == nil {
			return
		}
		p.Report(Diagnostic{
			Span: write.Span, Rule: "kernels-shared-temporary",
			Message: fmt.Sprintf("%s has no clause, so this 'kernels' construct copies it: one device copy, which every iteration of this independent loop assigns before it reads it, and %s, so it stays shared and the iterations overwrite one another's values; make it private (the host then keeps the value it had before the construct) or declare it inside the loop",
				quote(v.Name), why),
			Related: []Related{
				{Span: lr.Directive.NameSpan, Message: "the iterations of this loop run in parallel ('independent')"},
				{Span: ci.r.Directive.NameSpan, Message: quote(v.Name) + " is implicitly copy in this 'kernels' construct"},
			},
			Fixes: []SuggestedFix{{
				Title: "Add private(" + v.Name + ")",
				Edits: []TextEdit{addToClause(ci.m.Text, lr.Directive, "private", v.Name)},
			}},
		})
		return
	}
}

// independentLoops are the loop and combined constructs of kernels
// construct r (itself included) marked independent.
func independentLoops(r *Region) []*Region {
	var out []*Region
	var walk func(c *Region)
	walk = func(c *Region) {
		if c.IsLoop() && len(c.Loops) > 0 && findClause(c.Directive, "independent") != nil && findClause(c.Directive, "seq") == nil {
			out = append(out, c)
		}
		for _, x := range c.Children {
			walk(x)
		}
	}
	walk(r)
	return out
}

// loopVarOf reports whether v is a variable of a loop the construct lr
// governs.
func loopVarOf(lr *Region, v *cfacts.Var) bool {
	for _, l := range lr.Loops {
		if forLoopVar(l) == v {
			return true
		}
	}
	return false
}

// temporarySeen says why the value a construct's loop lr assigns to the
// temporary u may be seen after the loop ("" when it cannot be).
func temporarySeen(ci *computeInfo, u *varUse, lr *Region) string {
	v := u.v
	if v.Storage != cfacts.StorageLocal && v.Storage != cfacts.StorageParam {
		return "it is not a local variable"
	}
	for _, r := range u.refs {
		if !inSpan(lr.Loops[0].Span, r.Span) {
			return fmt.Sprintf("the construct uses it outside the loop (line %d)", lineOf(ci.m.Text, r.Span.Start))
		}
	}
	if ci.r.Func == nil {
		return ""
	}
	if r := ci.r.Func.AssignedValueReader(v); r != nil {
		return fmt.Sprintf("the value it leaves may be read afterwards (line %d)", lineOf(ci.m.Text, r.Span.Start))
	}
	return ""
}

// AssignedValueReader returns a reference of fm's function that may see a
// value of v that a compute construct assigned, nil when there is none: a
// host read that a path from such a construct reaches without a host
// assignment of v in between, or a construct whose first reference of v is
// not an assignment on such a path (it sees the value the copy clause
// brought back). The value flows through the function's statements in
// order, both branches of an if, loops twice (their end flows to their
// start); a function with goto is judged by the references alone.
func (fm *FuncModel) AssignedValueReader(v *cfacts.Var) *Ref {
	if fm.Func == nil || fm.Func.Body == nil {
		return nil
	}
	f := &valueFlow{v: v, computes: map[*cfacts.Stmt]bool{}}
	for _, r := range fm.Computes() {
		if r.Stmt != nil {
			f.computes[r.Stmt] = true
		}
	}
	hasGoto := false
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		hasGoto = hasGoto || s.Kind == cfacts.StmtGoto
		return !hasGoto
	})
	if hasGoto {
		f.always = true
	}
	f.stmt(fm.Func.Body, false)
	return f.seen
}

// valueFlow follows whether the host's copy of v may hold a value a
// compute construct assigned (dirty) through a function's statements.
type valueFlow struct {
	v        *cfacts.Var
	computes map[*cfacts.Stmt]bool
	always   bool // every read counts, dirty or not (a function with goto)
	seen     *Ref // the first reference found that sees such a value
}

// refs are the references of v in s, in source order.
func (f *valueFlow) refs(s *cfacts.Stmt) []*Ref {
	var out []*Ref
	for _, r := range CollectRefs(s) {
		if r.Var == f.v {
			out = append(out, r)
		}
	}
	return out
}

// exprRefs are the references of v in e.
func (f *valueFlow) exprRefs(e *cfacts.Expr) []*Ref {
	if e == nil {
		return nil
	}
	return f.refs(&cfacts.Stmt{Kind: cfacts.StmtExpr, Expr: e, Span: e.Span})
}

// read notes the reads among refs when the value may be dirty.
func (f *valueFlow) read(refs []*Ref, dirty bool) {
	if f.seen != nil || !dirty && !f.always {
		return
	}
	for _, r := range refs {
		if r.Read() || r.Addr {
			f.seen = r
			return
		}
	}
}

// stmt runs s with the state at its start and returns the state at its end.
func (f *valueFlow) stmt(s *cfacts.Stmt, dirty bool) bool {
	if s == nil || f.seen != nil {
		return dirty
	}
	if f.computes[s] {
		refs := f.refs(s)
		if len(refs) == 0 {
			return dirty
		}
		// the construct sees the value when its first reference reads it
		if first := refs[0]; (dirty || f.always) && (first.Read() || first.Assign == nil) && f.seen == nil {
			f.seen = first
		}
		for _, r := range refs {
			if r.MayWrite() {
				return true
			}
		}
		return dirty
	}
	switch s.Kind {
	case cfacts.StmtCompound:
		for _, x := range s.List {
			dirty = f.stmt(x, dirty)
		}
		return dirty
	case cfacts.StmtIf:
		f.read(f.exprRefs(s.Cond), dirty)
		then := f.stmt(s.Then, dirty)
		return f.stmt(s.Else, dirty) || then
	case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo, cfacts.StmtSwitch:
		dirty = f.stmt(s.Init, dirty)
		for range 2 { // the end of an iteration flows to the next one's start
			f.read(f.exprRefs(s.Cond), dirty)
			end := f.stmt(s.Body, dirty)
			f.read(f.exprRefs(s.Post), end)
			dirty = dirty || end
		}
		return dirty
	case cfacts.StmtCase, cfacts.StmtDefault, cfacts.StmtLabel:
		return f.stmt(s.Body, dirty)
	}
	refs := f.refs(s)
	f.read(refs, dirty)
	if assignsWhole(s, f.v) {
		return false
	}
	return dirty
}

// assignsWhole reports whether statement s sets v, whatever the path: `v =
// e;`, or a declaration of v with an initializer.
func assignsWhole(s *cfacts.Stmt, v *cfacts.Var) bool {
	switch s.Kind {
	case cfacts.StmtExpr:
		e := strip(s.Expr)
		return e != nil && e.Kind == cfacts.ExprAssign && e.Op == "=" && isVarIdent(e.X, v)
	case cfacts.StmtDecl:
		for _, d := range s.Decls {
			if d == v && d.Init != nil {
				return true
			}
		}
	}
	return false
}
