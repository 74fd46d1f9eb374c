package compiler

import (
	"fmt"
	"slices"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// Pass 1, outline: every directive of the document becomes a host action
// (Node) bound to the code it governs, in a tree that follows the data
// constructs; compute constructs become NodeCompute (lowered to kernels by
// the ir pass). What the compiler does not support is reported here, at the
// directive or clause, and never translated into wrong code.

// supported lists, per directive, the clauses the compiler implements
// (device_type: devicetype.go, loopdevicetype.go; async and wait on data:
// async.go; declare: declare.go; host_data: hostdata.go).
var supported = map[string][]string{
	"parallel":   {"if", "self", "async", "wait", "num_gangs", "num_workers", "vector_length", "reduction", "private", "firstprivate", "copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "default", "device_type"},
	"serial":     {"if", "self", "async", "wait", "reduction", "private", "firstprivate", "copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "default", "device_type"},
	"kernels":    {"if", "self", "async", "wait", "num_gangs", "num_workers", "vector_length", "copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "default", "device_type"},
	"loop":       {"collapse", "gang", "worker", "vector", "seq", "independent", "auto", "private", "reduction", "tile", "device_type"},
	"data":       {"if", "copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach", "default", "async", "wait"},
	"declare":    {"copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"},
	"host_data":  {"use_device", "if", "if_present"},
	"enter data": {"if", "async", "wait", "copyin", "create", "attach"},
	"exit data":  {"if", "async", "wait", "copyout", "delete", "detach", "finalize"},
	"update":     {"if", "if_present", "async", "wait", "self", "host", "device"},
	"wait":       {"if", "async"},
	"cache":      {},
	"atomic":     {"read", "write", "update", "capture"},
	"routine":    routineClauses,
	"init":       {"device_type", "device_num", "if"},
	"shutdown":   {"device_type", "device_num", "if"},
	"set":        {"default_async", "device_num", "device_type", "if"},
}

// outline builds the host action tree of the model.
func (c *compilation) outline() error {
	m := c.model
	p := c.prog
	// Names in clauses that nothing declares, items that do not fit their
	// variables' types: the host program would not build (the bounds of
	// b[0:nb] are host C).
	for _, d := range analysis.ClauseItemErrors(m) {
		c.errorAt(d.Span, "%s", d.Message)
	}
	if len(c.errors) > 0 {
		return c.errs()
	}
	// Directives outside function bodies: routine is checked (routine.go),
	// declare registers globals (declare.go); any other is misplaced (the
	// analysis's standalone-directive-placement), or half-typed.
	for _, d := range m.Acc.Directives {
		if d.Depth == 0 && d.Spec != nil && d.Spec.Name == "routine" {
			c.outlineRoutineDirective(d)
			continue
		}
		if d.Depth == 0 && d.Spec != nil && d.Spec.Name != "declare" {
			c.errorAt(d.NameSpan, "'%s' outside a function: only 'routine' and 'declare' may appear at file scope", d.Spec.Name)
		}
	}
	p.Nodes = c.outlineGlobalDeclares() // declare.go
	for _, fm := range m.Funcs {
		if len(fm.Directives) == 0 {
			continue
		}
		if fm.Func.Body == nil || fm.Func.Stale {
			c.errorAt(fm.Directives[0].Span, "the C front end could not parse function '%s': cannot translate its directives", fm.Func.Name)
			continue
		}
		for _, d := range fm.Directives {
			if m.ByDirective[d] == nil && d.Spec != nil && d.Spec.Name != "routine" && d.Spec.Name != "declare" {
				c.errorAt(d.Span, "'%s' is not bound to a statement", d.Name)
			}
		}
		if fm.Routine != nil {
			c.outlineRoutine(fm) // device code: no host actions
			continue
		}
		p.Nodes = append(p.Nodes, c.declareExits(fm, c.outlineRegions(fm.Regions, nil))...)
	}
	slices.SortStableFunc(p.Nodes, func(a, b *Node) int { return a.Span.Start - b.Span.Start })
	return c.errs()
}

// outlineRegions makes the nodes of sibling regions. inCompute is the
// enclosing compute region, nil outside one.
func (c *compilation) outlineRegions(rs []*analysis.Region, inCompute *analysis.Region) []*Node {
	var out []*Node
	for _, r := range rs {
		if n := c.outlineRegion(r, inCompute); n != nil {
			out = append(out, n)
		}
	}
	return out
}

func (c *compilation) outlineRegion(r *analysis.Region, inCompute *analysis.Region) *Node {
	d := r.Directive
	if !c.checkDirective(d) {
		return nil
	}
	name := d.Spec.Name
	n := &Node{Dir: d, Region: r, Span: acc.Span{Start: d.Span.Start, End: d.Span.End}, Line: c.prog.lines.line(d.Span.Start)}
	switch {
	case d.Spec.IsCompute():
		if inCompute != nil {
			c.errorAt(d.NameSpan, "'%s' inside a compute construct is not allowed", name)
			return nil
		}
		if r.Stmt == nil {
			c.errorAt(d.Span, "'%s' is not followed by a statement", name)
			return nil
		}
		n.Kind = NodeCompute
		n.Span.End = r.Stmt.Span.End
		c.checkLoops(r.Children, r)
		return n
	case name == "loop":
		if inCompute == nil {
			c.errorAt(d.NameSpan, "an orphaned 'loop' (outside a compute construct) is compiled only in a routine: give '%s' a 'routine' directive with its level (#pragma acc routine seq, vector, worker or gang before it)", r.Func.Func.Name)
		}
		return nil
	case name == "data":
		if inCompute != nil {
			c.errorAt(d.NameSpan, "'data' inside a compute construct is not allowed")
			return nil
		}
		if r.Stmt == nil {
			c.errorAt(d.Span, "'data' is not followed by a statement")
			return nil
		}
		n.Kind = NodeData
		n.Span.End = r.Stmt.Span.End
		n.Body = r.Stmt
		c.checkDataBranches(n) // branch.go
		n.Children = c.outlineRegions(r.Children, nil)
		return n
	case name == "cache":
		n.Kind = NodeIgnored
		return nil
	case name == "routine":
		c.checkRoutineName(d)
		return nil
	case name == "atomic" && inCompute == nil:
		// host code: one thread, the statement stays as written
		if _, msg := analysis.ClassifyAtomic(c.prog.Text, r); msg != "" {
			c.errorAt(r.Directive.NameSpan, "%s", msg)
		}
		return nil
	}
	if inCompute != nil {
		c.errorAt(d.NameSpan, "'%s' inside a compute construct is not allowed", name)
		return nil
	}
	switch name {
	case "enter data":
		n.Kind = NodeEnterData
	case "exit data":
		n.Kind = NodeExitData
	case "update":
		n.Kind = NodeUpdate
	case "wait":
		n.Kind = NodeWait
	case "init":
		n.Kind = NodeInit
	case "shutdown":
		n.Kind = NodeShutdown
	case "declare":
		return c.outlineDeclare(n)
	case "host_data":
		return c.outlineHostData(n)
	case "set":
		n.Kind = NodeSet
	default:
		c.errorAt(d.NameSpan, "'%s' is not supported by the compiler yet", name)
		return nil
	}
	return n
}

// checkLoops checks the loop constructs inside a compute construct.
func (c *compilation) checkLoops(rs []*analysis.Region, compute *analysis.Region) {
	for _, r := range rs {
		if c.checkDirective(r.Directive) {
			switch r.Directive.Spec.Name {
			case "loop":
			case "cache":
				c.checkCache(r)
			case "atomic":
				c.checkAtomic(r)
			default:
				c.errorAt(r.Directive.NameSpan, "'%s' inside a compute construct is not allowed", r.Directive.Spec.Name)
			}
		}
		c.checkLoops(r.Children, compute)
	}
}

// checkDirective reports syntax errors and unsupported directives and
// clauses of d; it returns false when d cannot be translated.
func (c *compilation) checkDirective(d *acc.Directive) bool {
	if len(d.Errors) > 0 {
		e := d.Errors[0]
		c.errorAt(e.Span, "%s", e.Message)
		return false
	}
	if d.Spec == nil {
		c.errorAt(d.NameSpan, "unknown OpenACC directive '%s'", d.Name)
		return false
	}
	name := d.Spec.Name
	var allowed []string
	if len(d.Spec.Leaves) > 0 {
		for _, l := range d.Spec.Leaves {
			allowed = append(allowed, supported[l]...)
		}
	} else {
		var ok bool
		allowed, ok = supported[name]
		if !ok {
			c.errorAt(d.NameSpan, "'%s' is not supported by the compiler yet", name)
			return false
		}
	}
	good := true
	for _, cl := range d.Clauses {
		if cl.Spec == nil {
			c.errorAt(cl.NameSpan, "unknown clause '%s'", cl.Name)
			good = false
			continue
		}
		cn := cl.Spec.Name
		if !d.Spec.Allows(cn) {
			c.errorAt(cl.NameSpan, "'%s' is not allowed on '%s'", cl.Name, name)
			good = false
			continue
		}
		if !slices.Contains(allowed, cn) {
			c.errorAt(cl.NameSpan, "'%s' on '%s' is not supported by the compiler yet", cn, name)
			good = false
			continue
		}
		if !c.checkClauseArgs(d, cl) {
			good = false
		}
	}
	return good
}

// checkClauseArgs rejects the clause arguments the compiler does not handle.
func (c *compilation) checkClauseArgs(d *acc.Directive, cl *acc.Clause) bool {
	cn := cl.Spec.Name
	args := cl.Args
	switch cn {
	case "reduction":
		if args != nil && redOps[args.Modifier] == "" {
			c.errorAt(cl.Span, "reduction operator '%s' is not supported (+ * max min & | ^ && ||)", args.Modifier)
			return false
		}
		if args != nil {
			for _, it := range args.Items {
				if it.Var == nil {
					c.errorAt(it.Span, "'%s' is not a variable, an array or a sub-array", it.Text)
					return false
				}
				if len(it.Var.Members) > 0 {
					c.errorAt(it.Span, "reductions on struct members are not supported by the compiler yet")
					return false
				}
			}
		}
	}
	if cl.Spec.Data != nil && args != nil && args.Modifier != "" && !slices.Contains(cl.Spec.Modifiers, args.Modifier) {
		// (zero: only on copyout and create, readonly: only on copyin)
		c.errorAt(args.ModifierSpan, "'%s:' is not a modifier of %s", args.Modifier, cn)
		return false
	}
	if cn == "bind" && (args == nil || len(args.Items) != 1 || args.Items[0].Text == "") {
		// (routinebind.go reads one name: bind() or bind(f, g) would be
		// read as no bind at all)
		c.errorAt(cl.Span, "bind takes one function name or string literal")
		return false
	}
	if cn == "default" && args != nil && len(args.Items) == 1 {
		if v := args.Items[0].Text; v != "none" && v != "present" {
			c.errorAt(args.Items[0].Span, "default(%s): only none and present exist", v)
			return false
		}
	}
	return true
}

// errorAt records an error at span s.
func (c *compilation) errorAt(s acc.Span, format string, args ...any) {
	l, col := c.prog.lines.pos(s.Start)
	c.errors = append(c.errors, &Error{File: c.prog.File, Line: l, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// errs returns the errors so far, nil when none.
func (c *compilation) errs() error {
	c.peerErrors() // peers.go
	if len(c.errors) == 0 {
		return nil
	}
	return c.errors.sorted()
}
