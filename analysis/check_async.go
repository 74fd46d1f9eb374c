package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// asyncCheck reports host code that reads data an async compute construct
// or update brings back to the host before anything waits for it (OpenACC
// 3.3 §2.16: an async construct's copies at its end run on its queue, and
// the host sees them only after a wait):
//
//	#pragma acc parallel loop copyout(c[0:n]) async(1)
//	for (...) c[i] = ...;
//	printf("%f\n", c[0]);   // before #pragma acc wait(1)
//
// It follows the function's statements in program order from the
// construct and stops at the first wait: a wait directive, a construct
// with a wait clause, a call to a runtime wait routine, or a call to any
// other function (it may wait). Reads in later rounds of a loop around the
// construct are not followed.
var asyncCheck = &Check{
	Name:  "async",
	Rules: []string{"async-host-read"},
	Model: checkAsync,
}

func checkAsync(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		var asyncs []*acc.Directive
		for _, d := range fm.Directives {
			if d.Spec == nil || len(d.Errors) > 0 || leadingClause(d, "async") == nil {
				continue
			}
			if d.Spec.IsCompute() || d.Spec.Name == "update" {
				asyncs = append(asyncs, d)
			}
		}
		if len(asyncs) == 0 {
			continue
		}
		fa := &asyncFunc{m: m, fm: fm, refs: m.collectRefs(fm.Func.Body), computes: funcComputes(fm)}
		fa.waits = fa.waitSites()
		for _, d := range asyncs {
			fa.reads(p, d)
		}
	}
}

// asyncFunc is what the async directives of one function share: its
// references and compute constructs, and the offsets where the host may
// wait, in source order.
type asyncFunc struct {
	m        *Model
	fm       *FuncModel
	refs     []*Ref
	computes []*Region
	waits    []int
}

// waitSites are the offsets where the host may wait: wait directives,
// constructs with a wait clause, and calls (a runtime wait routine, or a
// function that may call one) other than the C library's.
func (fa *asyncFunc) waitSites() []int {
	var out []int
	for _, d := range fa.fm.Directives {
		if d.Spec != nil && (d.Spec.Name == "wait" || findClause(d, "wait") != nil) {
			out = append(out, d.Span.Start)
		}
	}
	for _, call := range stCalls(fa.fm.Func.Body) {
		if !asyncHarmlessCall(call.Name) && !inAnyCompute(fa.computes, call.Span) {
			out = append(out, call.Span.Start)
		}
	}
	slices.Sort(out)
	return out
}

// reads reports the first host read of each variable that async directive
// d brings to the host, before a wait.
func (fa *asyncFunc) reads(p *Pass, d *acc.Directive) {
	m, fm := fa.m, fa.fm
	r := m.ByDirective[d]
	start := d.Span.End
	if r != nil && r.Stmt != nil && isComputeRegion(r) {
		start = r.Stmt.Span.End
	}
	brought := asyncBrings(m, fm, d, r)
	if len(brought) == 0 {
		return
	}
	end := fm.Func.Body.Span.End
	if i, _ := slices.BinarySearch(fa.waits, start); i < len(fa.waits) {
		end = fa.waits[i]
	}
	reported := map[string]bool{}
	first, _ := slices.BinarySearchFunc(fa.refs, start, func(r *Ref, off int) int { return r.Span.Start - off })
	for _, ref := range fa.refs[first:] {
		if ref.Span.Start >= end {
			break
		}
		if ref.Var == nil {
			continue
		}
		item, ok := brought[ref.Var.Name]
		if !ok || reported[ref.Var.Name] || inAnyCompute(fa.computes, ref.Span) {
			continue
		}
		scalar := isScalarVar(ref.Var)
		a := ref.Elem
		if scalar {
			a = ref.Access
		}
		if a&AccWrite != 0 && a&AccRead == 0 {
			delete(brought, ref.Var.Name) // the host overwrites it first: its own value
			continue
		}
		if a&AccRead == 0 {
			continue
		}
		reported[ref.Var.Name] = true
		q, wait := "its queue", "#pragma acc wait"
		if c := leadingClause(d, "async"); c != nil && len(argItems(c)) == 1 {
			q = "queue " + argItems(c)[0].Text
			wait += "(" + argItems(c)[0].Text + ")"
		}
		diag := Diagnostic{
			Span: ref.Span, Rule: "async-host-read",
			Message: fmt.Sprintf("%s is read on the host before anything waits for the async %s that brings it back (%s): the copy may not have happened yet; add '%s' before the read",
				quote(ref.Var.Name), quote(d.Spec.Name), q, wait),
			Related: []Related{{Span: item.Span, Message: "copied back to the host asynchronously here"}},
		}
		if at, ok := asyncWaitSite(m, fm, start, ref.Span); ok {
			diag.Fixes = []SuggestedFix{{
				Title:     "Add '" + wait + "' before the read",
				Edits:     []TextEdit{{Span: acc.Span{Start: at, End: at}, NewText: indentAt(m.Text, at) + wait + "\n"}},
				Preferred: true,
			}}
		}
		p.Report(diag)
	}
}

// asyncBrings are the variables that async directive d copies to the host:
// copy and copyout items of a compute construct (not present in an
// enclosing data region of the function, which keeps them on the device),
// and the self/host items of an update.
func asyncBrings(m *Model, fm *FuncModel, d *acc.Directive, r *Region) map[string]*acc.Arg {
	out := map[string]*acc.Arg{}
	names := []string{"copy", "copyout"}
	if d.Spec.Name == "update" {
		names = []string{"self", "host"}
	}
	for _, c := range d.Clauses {
		if !containsString(names, canonical(c)) {
			continue
		}
		for _, it := range argItems(c) {
			if it.Var == nil || len(it.Var.Members) > 0 {
				continue
			}
			if r != nil && d.Spec.Name != "update" && mappedByEnclosingData(r, it.Var.Name) {
				continue // present there: the construct copies nothing back
			}
			out[it.Var.Name] = it
		}
	}
	return out
}

// mappedByEnclosingData reports whether a data construct around r names v.
func mappedByEnclosingData(r *Region, name string) bool {
	for x := r.Parent; x != nil; x = x.Parent {
		if isDataConstruct(x) {
			if c, _ := namedIn(x.Directive, name, dataClauseNames...); c != nil {
				return true
			}
		}
	}
	return false
}

// asyncHarmlessCall: calls that cannot wait for a queue (the C library's
// output and math). Any other call may (a helper that waits).
func asyncHarmlessCall(name string) bool {
	switch name {
	case "printf", "fprintf", "puts", "putchar", "fputs", "sprintf", "snprintf", "fabs", "sqrt", "exp", "log",
		"sin", "cos", "pow", "fmax", "fmin", "abs", "labs", "floor", "ceil", "malloc", "calloc":
		return true
	}
	return false
}

func inAnyCompute(computes []*Region, sp acc.Span) bool {
	for _, c := range computes {
		if c.Stmt != nil && inSpan(c.Stmt.Span, sp) {
			return true
		}
	}
	return false
}

// leadingClause is d's clause name in the section before any device_type
// (the one every device takes; async only for some device type is not
// certain).
func leadingClause(d *acc.Directive, name string) *acc.Clause {
	for _, c := range d.Clauses {
		switch canonical(c) {
		case "device_type":
			return nil
		case name:
			return c
		}
	}
	return nil
}

// asyncWaitSite is the start of the line of the outermost statement after
// offset start that holds the read at sp: where the wait goes (ok false
// when the statement shares its line with other code).
func asyncWaitSite(m *Model, fm *FuncModel, start int, sp acc.Span) (int, bool) {
	var best *cfacts.Stmt
	walkStmts(fm.Func.Body, func(s *cfacts.Stmt) {
		if best == nil && s != fm.Func.Body && s.Span.Start >= start && inSpan(s.Span, sp) {
			best = s
		}
	})
	if best == nil {
		return 0, false
	}
	at := lineStartAt(m.Text, best.Span.Start)
	if strings.TrimSpace(string(m.Text[at:best.Span.Start])) != "" {
		return 0, false
	}
	return at, true
}
