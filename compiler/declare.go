package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The declare directive (OpenACC 3.3 §2.13).
//
// In a function, its data clauses act like a data construct over the rest
// of the block that holds it: the entry actions where the directive is
// (structured counter), the exit actions, latest declare first, at the end
// of the block and before every return, break, continue or goto that leaves
// it (a `return expr` evaluates expr first; a goto to a label before the
// directive in the same block leaves it too, and the directive enters again
// when it runs again). A goto into a declare's scope from outside it (past
// the directive) is an error: the data would not be present. The variables
// must be declared in that block (parameters: in the function body's
// outermost block); device_resident acts like create (the host copy is not
// used).
//
// A pointer without a sub-array is a variable like any other (OpenACC 3.3
// §2.7.1): declare puts the pointer itself on the device (sizeof the
// pointer). Its device copy holds a host address, so a compute construct
// that uses such a pointer is an error that says to map the data it points
// to with a sub-array instead.
//
// Static locals and extern declarations in a function have the program's
// lifetime: create, copyin and device_resident register them with the
// runtime (accrt_declare_global, as for globals) the first time the
// directive runs; the runtime enters them at once when it is initialized,
// else when it initializes (copyin copies the value then), and again after
// acc_shutdown; no exit removes them. copy, copyout and present are errors
// on them (they would need an exit at the end of the program).
//
// At file scope, create / copyin / device_resident make a global present for
// the whole program: a constructor registers it with the runtime
// (accrt_declare_global), which enters it (structured counter, so no exit
// data removes it) when it initializes, i.e. at the first OpenACC use, and
// again after acc_shutdown; copyin copies the value the global has then.
// link only names the variable (a global, or in a function a static local
// or an extern declaration: link needs static or extern storage): a later
// data clause gives it device data. Compute constructs use a declared
// variable's device copy (a present lookup, an error when a link variable
// has no data).

// The clauses of declare and host_data that the compiler implements (the
// outline pass's supported table).
// declareClauses are the clauses of declare with their entry/exit kinds;
// deviceptr and link move nothing.
var declareClauses = map[string]string{
	"copy": "ACCRT_COPY", "copyin": "ACCRT_COPYIN", "copyout": "ACCRT_COPYOUT", "create": "ACCRT_CREATE",
	"present": "ACCRT_PRESENT", "device_resident": "ACCRT_CREATE", "deviceptr": "deviceptr", "link": "link",
}

// fileScopeDeclare lists the clauses that a file-scope declare accepts.
var fileScopeDeclare = []string{"create", "copyin", "device_resident", "link", "deviceptr"}

// outlineGlobalDeclares makes the nodes of the file-scope declares.
func (c *compilation) outlineGlobalDeclares() []*Node {
	var out []*Node
	for _, d := range c.model.Acc.Directives {
		if d.Depth != 0 || d.Spec == nil || d.Spec.Name != "declare" {
			continue
		}
		if !c.checkDirective(d) {
			continue
		}
		ok := true
		for _, cl := range d.Clauses {
			if cl.Spec != nil && !slices.Contains(fileScopeDeclare, cl.Spec.Name) {
				c.errorAt(cl.NameSpan, "'%s' is not allowed on a file-scope 'declare' (only create, copyin, device_resident, link, deviceptr)", cl.Spec.Name)
				ok = false
			}
			if cl.Spec != nil && cl.Spec.Name == "deviceptr" {
				c.errorAt(cl.NameSpan, "'deviceptr' on a file-scope 'declare' is not supported by the compiler yet")
				ok = false
			}
		}
		if !ok {
			continue
		}
		out = append(out, &Node{Kind: NodeDeclare, Dir: d, Global: true, Span: acc.Span{Start: d.Span.Start, End: d.Span.End}, Line: c.prog.lines.line(d.Span.Start)})
	}
	return out
}

// outlineDeclare completes the node of a declare inside a function.
func (c *compilation) outlineDeclare(n *Node) *Node {
	r := n.Region
	if r.Container == nil || r.Container.Kind != cfacts.StmtCompound {
		c.errorAt(n.Dir.NameSpan, "'declare' must be in a block ({ ... }): its data lives until the end of that block")
		return nil
	}
	n.Kind = NodeDeclare
	n.Scope = r.Container
	return n
}

// lowerDeclare makes the data items of a declare and checks its variables.
func (c *compilation) lowerDeclare(n *Node) {
	if n.Kind != NodeDeclare {
		return // exits: the items of their declares
	}
	d := n.Dir
	var fn *cfacts.Func
	if !n.Global {
		fn = n.Region.Func.Func
	}
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil {
			continue
		}
		kind := declareClauses[cl.Spec.Name]
		if kind == "" {
			continue
		}
		if cl.Args.Modifier == "zero" {
			c.errorAt(cl.Args.ModifierSpan, "the 'zero' modifier is not allowed on 'declare' (OpenACC 3.3 §2.13)")
			continue
		}
		for _, it := range cl.Args.Items {
			if it.Var != nil && len(it.Var.Subscripts) > 0 {
				c.errorAt(it.Span, "'declare' takes whole variables, not sub-arrays or elements ('%s')", it.Text)
				continue
			}
			var v *cfacts.Var
			if it.Var != nil {
				v = c.lookupVar(fn, it.Span.Start, it.Var.Name)
			}
			if v != nil && !c.declareScopeOK(n, v, it) {
				continue
			}
			if kind == "deviceptr" {
				if v == nil || v.Type == nil || v.Type.Kind != cfacts.TypePointer {
					c.errorAt(it.Span, "deviceptr '%s' must be a pointer", it.Text)
				}
				continue
			}
			static := !n.Global && v != nil && (v.Storage == cfacts.StorageStatic || v.Storage == cfacts.StorageExtern)
			if kind == "link" {
				if !n.Global && v != nil && !static {
					c.errorAt(it.Span, "'link' needs a variable with static or extern storage: '%s' is a local of the function (OpenACC 3.3 §2.13.3)", v.Name)
				}
				continue
			}
			if static && !slices.Contains(fileScopeDeclare, cl.Spec.Name) {
				c.errorAt(cl.NameSpan, "'%s' on the %s '%s': its data lives as long as the program, so only create, copyin, device_resident and link are allowed", cl.Spec.Name, storageName(v), v.Name)
				continue
			}
			var di *DataItem
			if v != nil && v.Type != nil && v.Type.Kind == cfacts.TypePointer {
				// the pointer variable itself (OpenACC 3.3 §2.7.1)
				di = &DataItem{Clause: kind, Name: it.Text, Var: v, Start: "&" + v.Name, Bytes: "sizeof(" + v.Name + ")", Lo: "0", Pos: it.Span.Start}
			} else {
				var err error
				if di, err = c.dataItem(kind, it, fn); err != nil {
					c.errorAt(it.Span, "%v", err)
					continue
				}
			}
			if static {
				n.Statics = append(n.Statics, di)
				continue
			}
			n.Data = append(n.Data, di)
		}
	}
}

// declareScopeOK checks that v is declared where the declare is: at file
// scope for a global, in the block of a function's declare (the parameters
// count for the function body).
func (c *compilation) declareScopeOK(n *Node, v *cfacts.Var, it *acc.Arg) bool {
	if n.Global {
		if v.Storage != cfacts.StorageGlobal {
			c.errorAt(it.Span, "'%s' is not a global variable", v.Name)
			return false
		}
		if v.NameSpan.Start > n.Span.Start {
			c.errorAt(it.Span, "'%s' must be declared before the 'declare' directive", v.Name)
			return false
		}
		return true
	}
	switch v.Storage {
	case cfacts.StorageGlobal:
		c.errorAt(it.Span, "'%s' is a global: declare it with a 'declare' at file scope, where it is declared (or after an extern declaration of it in this block)", v.Name)
		return false
	case cfacts.StorageParam:
		if n.Scope != n.Region.Func.Func.Body {
			c.errorAt(it.Span, "'declare' of the parameter '%s' must be in the function body's outermost block", v.Name)
			return false
		}
		return true
	}
	if v.Scope != n.Scope {
		c.errorAt(it.Span, "'%s' must be declared in the block that holds the 'declare' directive", v.Name)
		return false
	}
	return true
}

// declareExits adds, to the nodes of function fm, the exit actions of its
// declares: at the end of each declare's block and before each return,
// break and continue that leaves it.
func (c *compilation) declareExits(fm *analysis.FuncModel, nodes []*Node) []*Node {
	var decls []*Node
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, n := range ns {
			if n.Kind == NodeDeclare {
				decls = append(decls, n)
			}
			walk(n.Children)
		}
	}
	walk(nodes)
	if len(decls) == 0 {
		return nodes
	}
	// leaving lists the declares whose scope contains s (after their
	// directive) but not the statement that s jumps to (nil: the function).
	leaving := func(s *cfacts.Stmt, target *cfacts.Stmt) []*Node {
		var out []*Node
		for _, d := range decls {
			if d.Span.End > s.Span.Start || s.Span.End > d.Scope.Span.End || s.Span.Start < d.Scope.Span.Start {
				continue
			}
			if target != nil && d.Scope.Span.Start <= target.Span.Start && target.Span.End <= d.Scope.Span.End {
				continue // the loop (or switch) that the jump leaves is inside the scope
			}
			out = append(out, d)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Span.Start > out[j].Span.Start })
		return out
	}
	exitNode := func(exits []*Node, at acc.Span, jump *cfacts.Stmt) *Node {
		return &Node{Kind: NodeDeclareExit, Dir: exits[0].Dir, Region: nil, Span: at, Line: c.prog.lines.line(at.Start), Exits: exits, Jump: jump}
	}
	var extra []*Node
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		var target *cfacts.Stmt
		switch s.Kind {
		case cfacts.StmtReturn:
		case cfacts.StmtBreak, cfacts.StmtContinue:
			target = jumpTarget(s)
			if target == nil {
				return true
			}
		case cfacts.StmtGoto:
			if x := c.gotoExit(fm, decls, s); x != nil {
				extra = append(extra, exitNode(x, s.Span, s))
			}
			return true
		default:
			return true
		}
		if ex := leaving(s, target); len(ex) > 0 {
			extra = append(extra, exitNode(ex, s.Span, s))
		}
		return true
	})
	for _, d := range decls {
		// the end of the block: just before its closing brace
		end := d.Scope.Span.End - 1
		var ex []*Node
		for _, o := range decls {
			if o.Scope == d.Scope {
				ex = append(ex, o)
			}
		}
		if ex[len(ex)-1] != d {
			continue // one exit node per block, made for its last declare
		}
		slices.Reverse(ex)
		extra = append(extra, exitNode(ex, acc.Span{Start: end, End: end}, nil))
	}
	for _, x := range extra {
		nodes = insertNode(nodes, x)
	}
	return nodes
}

// inDeclareScope reports whether statement s is in the scope of declare d:
// in its block, after the directive.
func inDeclareScope(d *Node, s *cfacts.Stmt) bool {
	return d.Span.End <= s.Span.Start && s.Span.End <= d.Scope.Span.End
}

// gotoExit returns the declares that the goto s leaves (latest first): those
// whose scope holds s but not its label. A goto into a declare's scope from
// outside it is an error (the directive's entry actions would be skipped),
// and so is a computed goto (goto *p) out of one.
func (c *compilation) gotoExit(fm *analysis.FuncModel, decls []*Node, s *cfacts.Stmt) []*Node {
	var label *cfacts.Stmt
	if s.Label != "" {
		cfacts.Walk(fm.Func.Body, func(x *cfacts.Stmt) bool {
			if x.Kind == cfacts.StmtLabel && x.Label == s.Label && label == nil {
				label = x
			}
			return label == nil
		})
	}
	var out []*Node
	computed := false
	for _, d := range decls {
		from := inDeclareScope(d, s)
		if label == nil {
			if from && s.Label == "" && !computed {
				c.errorAt(s.Span, "a computed 'goto' inside the scope of a 'declare' (line %d) is not supported: the compiler cannot tell whether it leaves the scope", d.Line)
				computed = true // one message per goto
			}
			continue
		}
		to := inDeclareScope(d, label)
		switch {
		case from && !to:
			out = append(out, d)
		case to && !from:
			c.errorAt(s.Span, "'goto %s' jumps into the scope of the 'declare' at line %d past its directive: its data would not be present there", s.Label, d.Line)
		}
	}
	if len(out) == 0 {
		return nil
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Span.Start > out[j].Span.Start })
	return out
}

// jumpTarget is the loop (or switch, for break) that a break or continue
// leaves, nil when none.
func jumpTarget(s *cfacts.Stmt) *cfacts.Stmt {
	for p := s.Parent; p != nil; p = p.Parent {
		switch p.Kind {
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			return p
		case cfacts.StmtSwitch:
			if s.Kind == cfacts.StmtBreak {
				return p
			}
		}
	}
	return nil
}

// insertNode inserts x into the sorted node list, inside the body of the
// data or host_data construct that contains it. A position inside a compute
// construct gets no node (jumps out of compute constructs are errors of
// their own).
func insertNode(ns []*Node, x *Node) []*Node {
	for _, n := range ns {
		if n.Span.Start <= x.Span.Start && x.Span.Start < n.Span.End && x.Span.End <= n.Span.End {
			if (n.Kind == NodeData || n.Kind == NodeHostData) && n.Body != nil && n.Body.Span.Start <= x.Span.Start && x.Span.End <= n.Body.Span.End {
				n.Children = insertNode(n.Children, x)
			}
			return ns
		}
	}
	i := sort.Search(len(ns), func(i int) bool { return ns[i].Span.Start > x.Span.Start })
	return slices.Insert(ns, i, x)
}

// storageName names a function's static local or extern declaration.
func storageName(v *cfacts.Var) string {
	if v.Storage == cfacts.StorageExtern {
		return "extern variable"
	}
	return "static local"
}

// hostDeclare writes a declare's host code: the entry actions in a
// function (static locals and extern declarations: registered with the
// runtime the first time); at file scope, a constructor that registers the
// globals.
func (h *hgen) hostDeclare(n *Node, ind, loc string) {
	if !n.Global {
		h.enters(n.Data, ind, "", "0", loc)
		if len(n.Statics) > 0 {
			once := h.c.fresh(fmt.Sprintf("accls_declared_L%d", n.Line))
			h.w(ind, "{ /* static storage: registered once, present for the whole program */")
			h.w(ind+"\t", "static int %s;", once)
			h.w(ind+"\t", "if (!%s) {", once)
			h.w(ind+"\t\t", "%s = 1;", once)
			for _, di := range n.Statics {
				h.w(ind+"\t\t", "accrt_declare_global(%s, (void *)%s, %s, %s, %s);", di.Clause, paren(di.Start), di.Bytes, strconv.Quote(di.Name), loc)
			}
			h.w(ind+"\t", "}")
			h.w(ind, "}")
		}
		return
	}
	if len(n.Data) == 0 {
		h.w(ind, "/* link: device data comes from a later data clause */")
		return
	}
	name := h.c.fresh(fmt.Sprintf("accls_declare_L%d", n.Line))
	h.w(ind, "static void __attribute__((constructor)) %s(void)", name)
	h.w(ind, "{")
	for _, di := range n.Data {
		h.w(ind+"\t", "accrt_declare_global(%s, (void *)%s, %s, %s, %s);", di.Clause, paren(di.Start), di.Bytes, strconv.Quote(di.Name), loc)
	}
	h.w(ind, "}")
}

// hostDeclareExit writes the exit actions of the declares a jump or a
// block's end leaves, then the jump.
func (h *hgen) hostDeclareExit(n *Node, ind, loc string) {
	s := n.Jump
	exitAll := func(ind string) {
		for _, d := range n.Exits {
			h.exits(d.Data, ind, "", "0", h.loc(d))
		}
	}
	if s == nil {
		exitAll(ind + "\t") // before the block's closing brace
		return
	}
	h.w(ind, "{")
	in := ind + "\t"
	if s.Kind == cfacts.StmtReturn && s.Expr != nil {
		ret := h.c.fresh("accls_ret")
		t := "__typeof__(" + h.c.text(s.Expr.Span) + ")"
		if rt := h.funcResult(s); rt != nil && (isArith(rt) || rt.Kind == cfacts.TypePointer && !strings.ContainsAny(rt.Name, "()[]")) {
			t = rt.Name
		}
		fmt.Fprintf(&h.b, "#line %d \"%s\"\n", h.c.prog.lines.line(s.Span.Start), h.c.prog.File)
		h.w(in, "%s %s = (%s);", t, ret, h.c.text(s.Expr.Span))
		exitAll(in)
		h.w(in, "return %s;", ret)
	} else {
		exitAll(in)
		fmt.Fprintf(&h.b, "#line %d \"%s\"\n", h.c.prog.lines.line(s.Span.Start), h.c.prog.File)
		h.w(in, "%s", h.c.text(s.Span))
	}
	h.w(ind, "}")
}

// funcResult is the result type of the function holding s, nil when unknown.
func (h *hgen) funcResult(s *cfacts.Stmt) *cfacts.Type {
	if f := h.c.model.C.FuncAt(s.Span.Start); f != nil {
		return f.Result
	}
	return nil
}

// declared completes a variable that a declare directive in scope puts on
// the device: the device copy of present data (a deviceptr declare: the
// device address the pointer holds).
func (l *lowering) declared(cv *CVar, a *analysis.VarAttr) *CVar {
	v := cv.Var
	if a.Clause != nil && a.Clause.Spec != nil && a.Clause.Spec.Name == "deviceptr" {
		cv.DevPtr = true
		return l.arrayVar(cv, a, nil, nil)
	}
	fn := l.fn
	if v.Storage == cfacts.StorageGlobal {
		fn = nil // a file-scope declare
	}
	if a.Item == nil {
		l.c.errorAt(a.First, "'%s': its declare clause could not be read", v.Name)
		return nil
	}
	if v.Type != nil && v.Type.Kind == cfacts.TypePointer {
		name := "declare"
		if a.Clause != nil && a.Clause.Spec != nil {
			name += " " + a.Clause.Spec.Name
		}
		l.c.errorAt(a.First, "'%s' is a pointer in '%s': that puts the pointer itself on the device, whose copy holds a host address device code cannot use; map the data it points to with a sub-array (copyin(%s[0:n]), or declare deviceptr for a device address)", v.Name, name, v.Name)
		return nil
	}
	di, err := l.c.dataItem("lookup", a.Item, fn)
	if err != nil {
		l.c.errorAt(a.First, "%v", err)
		return nil
	}
	return l.deviceCopyVar(cv, a, di)
}

// deviceCopyVar makes cv the device copy of a declared variable, found by
// the present lookup di: a scalar by reference, an array.
func (l *lowering) deviceCopyVar(cv *CVar, a *analysis.VarAttr, di *DataItem) *CVar {
	v := cv.Var
	switch t := v.Type; t.Kind {
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
		cv.Mode = ModeRef
		cv.Lookup = di
		cv.Why += "; the device copy"
		return cv
	case cfacts.TypeArray:
		return l.arrayVar(cv, a, nil, di)
	}
	l.c.errorAt(a.First, "'%s' has type '%s': only scalars and arrays of numbers can be declared for the device", v.Name, v.Type.Name)
	return nil
}

// declareExitComment is the comment of an exit node: which declares it ends.
func declareExitComment(n *Node, first string) string {
	s := "leaving the scope of " + first
	if len(n.Exits) > 1 {
		s += fmt.Sprintf(" and %d more declare directive(s)", len(n.Exits)-1)
	}
	return s
}
