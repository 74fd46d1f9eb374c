package compiler

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// Pass transfers (after ir): transfer minimization within a function, after
// "Graphite-OpenCL" §3.4. Without it every compute construct copies its
// arrays in at entry and out at exit, so a host loop around a construct, or
// two constructs in a row, move the same array back and forth although the
// host never looks at it in between. This pass finds runs of statements in
// one block that hold compute constructs and host code that cannot touch
// device data (below: "clean"), and wraps each run in an implicit data
// region: the arrays the run's constructs copy are entered once before the
// run and exited once after it; inside, the constructs' own entry and exit
// actions find the data present and move nothing (OpenACC 3.3 §2.6.7
// reference counting, the runtime's present table).
//
// The host and device copies of an array stay valid across a run because
// nothing on the host reads or writes memory inside it; the device copy is
// copied out at the end when some construct of the run copies it out, and
// copied in at the start when some construct copies it in (or when the
// construct that would create it might not run: a loop of zero trips must
// not copy garbage out). This is conservative by construction; the rules:
//
//   - a run is a maximal sequence of statements of one block, each a compute
//     construct without if/self/async/wait, or clean host code (possibly a
//     loop, if or block containing such constructs); it must hold two
//     constructs or one inside a host loop;
//   - clean host code: expressions on scalar (arithmetic) variables only —
//     no subscript, no * or & or ->, no variable of pointer, array or struct
//     type, calls only to a few library functions that read only their
//     scalar arguments (printf with a literal format, math); no return,
//     goto, label or switch; break/continue only inside a loop of the run;
//     no other directive (update, wait, enter/exit data, data);
//   - an array takes part when every construct of the run that uses it has
//     a copy/copyin/copyout/create item for it with the same host address
//     and length expressions, those expressions only name variables that
//     are declared before the run and not assigned (nor their address
//     taken) anywhere in it, call nothing, and no construct writes an array
//     it only copies in (the host copy would then differ from the device's).
//
// ACCLS_NO_TRANSFER_OPT=1 (at translate time) turns the pass off, to
// compare.

// Hoist is an implicit data region made by the transfers pass: the node
// (Kind NodeData, no directive) that holds the run's nodes as Children.
type Hoist struct {
	Start, End int         // the run's text
	First      int         // where its first statement starts (its indentation)
	Items      []*DataItem // the region's entry/exit items (combined clauses)
	Skipped    []string    // arrays left to their constructs, with the reason
	Nodes      int         // compute constructs inside
	Guard      string      // the generated variable that says the arrays are disjoint
}

var (
	identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)
	callRE  = regexp.MustCompile(`([A-Za-z_][A-Za-z_0-9]*)\s*\(`)
)

// cleanCalls are the functions host code in a run may call: they read only
// their (scalar) arguments and the format literal, and touch no user memory.
var cleanCalls = map[string]bool{
	"printf": true, "puts": true,
	"sqrt": true, "sqrtf": true, "fabs": true, "fabsf": true, "exp": true, "expf": true,
	"log": true, "logf": true, "pow": true, "powf": true, "fmin": true, "fmax": true,
	"fminf": true, "fmaxf": true, "floor": true, "ceil": true, "sin": true, "cos": true, "abs": true,
}

func (c *compilation) transfers() error {
	if perfEnvOn("ACCLS_NO_TRANSFER_OPT") {
		return nil
	}
	t := &transferPlan{c: c, byStmt: map[*cfacts.Stmt]*Node{}}
	var collect func(ns []*Node)
	collect = func(ns []*Node) {
		for _, n := range ns {
			t.all = append(t.all, n)
			if t.eligible(n) {
				t.byStmt[n.Region.Stmt] = n
			}
			collect(n.Children)
		}
	}
	collect(c.prog.Nodes)
	for _, fm := range c.model.Funcs {
		f := fm.Func
		if f.Body == nil || f.Stale || len(f.Holes) > 0 {
			continue
		}
		t.block(f.Body)
	}
	return nil
}

// perfEnvOn: an environment switch is set (not "" and not "0").
func perfEnvOn(name string) bool {
	v := os.Getenv(name)
	return v != "" && v != "0"
}

type transferPlan struct {
	c      *compilation
	all    []*Node                // every node
	byStmt map[*cfacts.Stmt]*Node // eligible compute constructs by governed statement
}

// eligible: a synchronous, unconditional compute construct (a device_type
// section may make it asynchronous on some devices).
func (t *transferPlan) eligible(n *Node) bool {
	con := n.Construct
	if n.Kind != NodeCompute || con == nil || n.Region == nil || n.Region.Stmt == nil ||
		con.If != "" || con.Self != "" || con.Async != nil || con.HasWait || zeroes(n) {
		return false
	}
	for _, dt := range con.DeviceTypes {
		if dt.Async != nil {
			return false
		}
	}
	return true
}

// block looks for runs among the items of every compound statement inside s
// (outside compute constructs), outermost first: statements of a run are
// not searched again.
func (t *transferPlan) block(s *cfacts.Stmt) {
	if s == nil {
		return
	}
	if t.byStmt[s] != nil || t.computeStmt(s) {
		return
	}
	if s.Kind != cfacts.StmtCompound {
		switch s.Kind {
		case cfacts.StmtFor:
			t.block(s.Body)
		case cfacts.StmtIf:
			t.block(s.Then)
			t.block(s.Else)
		default:
			t.block(s.Body)
		}
		return
	}
	type item struct {
		ok    bool
		nodes []*Node
		loop  bool // a construct inside a host loop
	}
	items := make([]item, len(s.List))
	for i, x := range s.List {
		var it item
		it.ok = t.clean(x, 0, false, &it.nodes, &it.loop)
		items[i] = it
	}
	done := make([]bool, len(s.List))
	for i := 0; i < len(s.List); {
		if !items[i].ok {
			i++
			continue
		}
		j := i
		for j < len(s.List) && items[j].ok {
			j++
		}
		// trim clean statements without constructs at both ends
		a, b := i, j
		for a < b && len(items[a].nodes) == 0 {
			a++
		}
		for b > a && len(items[b-1].nodes) == 0 {
			b--
		}
		var nodes []*Node
		loop := false
		for k := a; k < b; k++ {
			nodes = append(nodes, items[k].nodes...)
			loop = loop || items[k].loop
		}
		if len(nodes) >= 2 || len(nodes) == 1 && loop {
			if t.hoist(s.List[a:b], nodes) {
				for k := a; k < b; k++ {
					done[k] = true
				}
			}
		}
		i = j
	}
	for i, x := range s.List {
		if !done[i] {
			t.block(x)
		}
	}
}

// computeStmt: s is governed by a compute construct (eligible or not).
func (t *transferPlan) computeStmt(s *cfacts.Stmt) bool {
	for _, n := range t.all {
		if n.Kind == NodeCompute && n.Region != nil && n.Region.Stmt == s {
			return true
		}
	}
	return false
}

// clean reports whether s is clean host code with eligible constructs in
// it (appended to nodes; inLoop set when one is inside a loop of s).
func (t *transferPlan) clean(s *cfacts.Stmt, loops int, underLoop bool, nodes *[]*Node, inLoop *bool) bool {
	if s == nil {
		return true
	}
	if n := t.byStmt[s]; n != nil {
		*nodes = append(*nodes, n)
		*inLoop = *inLoop || underLoop
		return true
	}
	// any other directive inside s (data, update, wait, a construct with
	// if/async...) ends the run
	for _, n := range t.all {
		overlaps := n.Span.Start < s.Span.End && n.Span.End > s.Span.Start
		if n.Kind == NodeData && n.Body != nil && n.Body != s && n.Body.Span.Start <= s.Span.Start && s.Span.End <= n.Body.Span.End {
			continue // s is inside the body of an enclosing data construct
		}
		if overlaps && (n.Region == nil || t.byStmt[n.Region.Stmt] != n) {
			if !t.insideEligible(n, s) {
				return false
			}
		}
	}
	exprs := true
	cfacts.StmtExprs(s, func(e *cfacts.Expr) { exprs = exprs && t.cleanExpr(e) })
	if !exprs {
		return false
	}
	switch s.Kind {
	case cfacts.StmtCompound:
		for _, x := range s.List {
			if !t.clean(x, loops, underLoop, nodes, inLoop) {
				return false
			}
		}
		return true
	case cfacts.StmtExpr, cfacts.StmtDecl, cfacts.StmtNull:
		for _, v := range s.Decls {
			if !isArith(v.Type) {
				return false
			}
		}
		return true
	case cfacts.StmtIf:
		return t.clean(s.Then, loops, underLoop, nodes, inLoop) && t.clean(s.Else, loops, underLoop, nodes, inLoop)
	case cfacts.StmtFor:
		return t.clean(s.Init, loops, underLoop, nodes, inLoop) && t.clean(s.Body, loops+1, true, nodes, inLoop)
	case cfacts.StmtWhile, cfacts.StmtDo:
		return t.clean(s.Body, loops+1, true, nodes, inLoop)
	case cfacts.StmtBreak, cfacts.StmtContinue:
		return loops > 0
	}
	return false
}

// insideEligible: node n lies inside an eligible construct within s (a
// loop directive's node, if any kind ever makes one).
func (t *transferPlan) insideEligible(n *Node, s *cfacts.Stmt) bool {
	for st, m := range t.byStmt {
		if st.Span.Start >= s.Span.Start && st.Span.End <= s.Span.End && m != n &&
			n.Span.Start >= m.Span.Start && n.Span.End <= m.Span.End {
			return true
		}
	}
	return false
}

// cleanExpr: e reads and writes only scalar arithmetic variables.
func (t *transferPlan) cleanExpr(e *cfacts.Expr) bool {
	ok := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprIdent:
			if x.Var != nil && !isArith(x.Var.Type) {
				ok = false
			}
		case cfacts.ExprConst, cfacts.ExprString, cfacts.ExprBinary, cfacts.ExprAssign, cfacts.ExprCond,
			cfacts.ExprPreInc, cfacts.ExprPostInc, cfacts.ExprComma, cfacts.ExprCast, cfacts.ExprSizeof:
		case cfacts.ExprUnary:
			ok = ok && x.Op != "*" && x.Op != "&"
		case cfacts.ExprCall:
			if x.Name == "" || !cleanCalls[x.Name] || x.X == nil || x.X.Var != nil {
				ok = false
				break
			}
			for _, a := range x.Args {
				if a.Kind != cfacts.ExprString && !isArith(a.Type) {
					ok = false
				}
			}
			// the callee's name is not a variable
			for _, a := range x.Args {
				ok = ok && t.cleanExpr(a)
			}
			return false
		default: // subscripts, members, compound literals...
			ok = false
		}
		return ok
	})
	return ok
}

// hoist makes the implicit data region of a run, when some array takes
// part; it reports whether it did.
func (t *transferPlan) hoist(run []*cfacts.Stmt, nodes []*Node) bool {
	start, end := run[0].Span.Start, run[len(run)-1].Span.End
	for _, n := range nodes {
		start = min(start, n.Span.Start)
		end = max(end, n.Span.End)
	}
	assigned, declared := map[string]bool{}, map[string]bool{}
	for _, s := range run {
		cfacts.Walk(s, func(x *cfacts.Stmt) bool {
			for _, v := range x.Decls {
				declared[v.Name] = true
			}
			cfacts.StmtExprs(x, func(e *cfacts.Expr) {
				cfacts.WalkExpr(e, func(y *cfacts.Expr) bool {
					var target *cfacts.Expr
					switch {
					case y.Kind == cfacts.ExprAssign, y.Kind == cfacts.ExprPreInc, y.Kind == cfacts.ExprPostInc,
						y.Kind == cfacts.ExprUnary && y.Op == "&":
						target = y.X
					}
					for target != nil && (target.Kind == cfacts.ExprCast || target.Kind == cfacts.ExprOther && target.X != nil) {
						target = target.X
					}
					if target != nil && target.Kind == cfacts.ExprIdent {
						assigned[target.Name] = true
					}
					return true
				})
			})
			return true
		})
	}

	// per array: its items in the run, in order
	type use struct {
		n  *Node
		di *DataItem
		cv *CVar
	}
	uses := map[*cfacts.Var][]use{}
	bad := map[*cfacts.Var]string{}
	var order []*cfacts.Var
	for _, n := range nodes {
		con := n.Construct
		seen := map[*cfacts.Var]bool{}
		for _, cv := range con.Vars {
			if !inDeviceMemory(cv) {
				continue
			}
			if _, ok := uses[cv.Var]; !ok {
				order = append(order, cv.Var)
				uses[cv.Var] = nil
			}
			if cv.Data == nil {
				bad[cv.Var] = fmt.Sprintf("line %d finds it present or by device pointer", n.Line)
				continue
			}
		}
		for _, di := range n.Data {
			if di.Var == nil {
				continue
			}
			cv := cvarOf(con, di.Var)
			if cv != nil && !inDeviceMemory(cv) {
				continue
			}
			if cv == nil { // mapped but not used in the construct: the item still maps it
				if _, ok := uses[di.Var]; !ok {
					order = append(order, di.Var)
				}
			}
			if seen[di.Var] {
				bad[di.Var] = fmt.Sprintf("line %d has two data items for it", n.Line)
			}
			seen[di.Var] = true
			uses[di.Var] = append(uses[di.Var], use{n, di, cv})
		}
	}
	h := &Hoist{Start: start, End: end, First: run[0].Span.Start, Nodes: len(nodes)}
	for _, v := range order {
		us := uses[v]
		why := bad[v]
		if why == "" && len(us) == 0 {
			why = "no data item"
		}
		in, out, mayNotRun := false, false, true
		// the first use creates the device copy and surely runs first: no
		// construct reads what the host had
		firstKills := len(us) > 0 && t.atTop(us[0].n, run) && (us[0].di.Clause == "ACCRT_COPYOUT" || us[0].di.Clause == "ACCRT_CREATE")
		for i, u := range us {
			if why != "" {
				break
			}
			f := us[0].di
			switch {
			case u.di.Inferred != nil:
				why = fmt.Sprintf("line %d infers its bounds (no data clause)", u.n.Line)
			case u.di.Reach != nil:
				why = fmt.Sprintf("line %d uses the part of it that is present (an enter data maps a section of it)", u.n.Line)
			case u.di.Scratch:
				why = fmt.Sprintf("line %d declares it", u.n.Line)
			case u.di.Clause != "ACCRT_COPY" && u.di.Clause != "ACCRT_COPYIN" && u.di.Clause != "ACCRT_COPYOUT" && u.di.Clause != "ACCRT_CREATE":
				why = fmt.Sprintf("line %d: %s", u.n.Line, u.di.Clause)
			case i > 0 && (u.di.Start != f.Start || u.di.Bytes != f.Bytes || u.di.Lo != f.Lo || !sameRows(u.di.Rows, f.Rows)):
				why = fmt.Sprintf("lines %d and %d give different ranges", us[0].n.Line, u.n.Line)
			case u.di.Clause == "ACCRT_COPYIN" && u.cv != nil && u.cv.Written:
				why = fmt.Sprintf("line %d writes it but only copies it in", u.n.Line)
			}
			in = in || u.di.Clause == "ACCRT_COPY" || u.di.Clause == "ACCRT_COPYIN"
			out = out || u.di.Clause == "ACCRT_COPY" || u.di.Clause == "ACCRT_COPYOUT"
			if t.atTop(u.n, run) {
				mayNotRun = false
			}
		}
		if why == "" {
			why = t.exprProblem(us[0].di, start, assigned, declared)
		}
		if why != "" {
			h.Skipped = append(h.Skipped, v.Name+": "+why)
			continue
		}
		if firstKills {
			in = false
		}
		if out && mayNotRun {
			// no construct surely runs: copying out what was created
			// would replace the host data with garbage
			in = true
		}
		f := us[0].di
		di := &DataItem{Name: f.Name, Var: v, Start: f.Start, Bytes: f.Bytes, Lo: f.Lo, Pos: f.Pos, Rows: f.Rows}
		switch {
		case in && out:
			di.Clause = "ACCRT_COPY"
		case in:
			di.Clause = "ACCRT_COPYIN"
		case out:
			di.Clause = "ACCRT_COPYOUT"
		default:
			di.Clause = "ACCRT_CREATE"
		}
		h.Items = append(h.Items, di)
	}
	if len(h.Items) == 0 {
		t.c.prog.hoistsSkipped = append(t.c.prog.hoistsSkipped, h)
		return false
	}
	return t.restructure(h, nodes)
}

func cvarOf(con *Construct, v *cfacts.Var) *CVar {
	for _, cv := range con.Vars {
		if cv.Var == v {
			return cv
		}
	}
	return nil
}

// atTop: n's construct is one of the run's statements (it surely runs).
func (t *transferPlan) atTop(n *Node, run []*cfacts.Stmt) bool {
	for _, s := range run {
		if s == n.Region.Stmt {
			return true
		}
	}
	return false
}

// exprProblem: why the item's host expressions cannot be evaluated once
// before the run ("" when they can).
func (t *transferPlan) exprProblem(di *DataItem, start int, assigned, declared map[string]bool) string {
	text := di.Start + " ; " + di.Bytes + " ; " + di.Lo
	if r := di.Rows; r != nil {
		text += " ; " + r.Lo + " ; " + r.N + " ; " + r.Col + " ; " + r.Bytes
	}
	for _, m := range callRE.FindAllStringSubmatch(text, -1) {
		if m[1] != "sizeof" && m[1] != "_Alignof" {
			return "its range calls " + m[1]
		}
	}
	for _, id := range identRE.FindAllString(text, -1) {
		if assigned[id] {
			return "the run assigns " + id
		}
		if declared[id] {
			return "the run declares " + id
		}
	}
	if di.Var != nil && di.Var.Storage == cfacts.StorageLocal && di.Var.Span.Start >= start {
		return "declared in the run"
	}
	return ""
}

// restructure puts the run's nodes under one implicit data node.
func (t *transferPlan) restructure(h *Hoist, nodes []*Node) bool {
	list := t.listOf(&t.c.prog.Nodes, nodes[0])
	if list == nil {
		return false
	}
	first, last := -1, -1
	for i, n := range *list {
		if n.Span.Start >= h.Start && n.Span.End <= h.End {
			if first < 0 {
				first = i
			}
			last = i
		} else if first >= 0 && last == i-1 && n.Span.Start < h.End {
			return false // a node inside the run's text that is not in it
		}
	}
	if first < 0 || last-first+1 != len(nodes) {
		return false
	}
	children := append([]*Node(nil), (*list)[first:last+1]...)
	hn := &Node{Kind: NodeData, Span: acc.Span{Start: h.Start, End: h.End}, Line: t.c.prog.lines.line(h.Start),
		Children: children, Data: h.Items, Hoist: h}
	out := append([]*Node(nil), (*list)[:first]...)
	out = append(out, hn)
	out = append(out, (*list)[last+1:]...)
	*list = out
	h.Guard = t.c.fresh("accls_hoist_" + strconv.Itoa(hn.Line))
	t.c.prog.Hoists = append(t.c.prog.Hoists, h)
	return true
}

// listOf finds the node list (top level or a data node's Children) that
// holds n.
func (t *transferPlan) listOf(list *[]*Node, n *Node) *[]*Node {
	for _, x := range *list {
		if x == n {
			return list
		}
		if l := t.listOf(&x.Children, n); l != nil {
			return l
		}
	}
	return nil
}

// hoist writes an implicit data region: entries, the run, exits.
func (h *hgen) hoist(n *Node) {
	ind := h.indentOf(n.Hoist.First)
	h.lineDirective(n.Line)
	var names []string
	for _, di := range n.Data {
		names = append(names, strings.TrimPrefix(strings.ToLower(di.Clause), "accrt_")+"("+di.Name+")")
	}
	h.w(ind, "/* accls: implicit data region (transfers pass): %s */", strings.ReplaceAll(strings.Join(names, " "), "*/", "* /"))
	loc := strconv.Quote(fmt.Sprintf("%s:%d", h.c.prog.File, n.Line))
	cond := ""
	if len(n.Data) > 1 {
		// aliases among the arrays: leave the copies to the constructs
		cond = n.Hoist.Guard
		var ptrs, sizes []string
		for _, di := range n.Data {
			ptrs = append(ptrs, "(void *)"+paren(di.Start))
			sizes = append(sizes, "(size_t)("+di.Bytes+")")
		}
		h.w(ind, "const int %s = accls_disjoint(%d, (void *const[]){%s}, (const size_t[]){%s});", cond, len(n.Data), strings.Join(ptrs, ", "), strings.Join(sizes, ", "))
	}
	h.enters(n.Data, ind, cond, "0", loc)
	fmt.Fprintf(&h.b, "#line %d \"%s\"\n", n.Line, h.c.prog.File)
	h.b.WriteString(ind)
	h.region(n.Span.Start, n.Span.End, n.Children)
	h.b.WriteByte('\n')
	h.exits(n.Data, ind, cond, "0", loc)
}

// dumpTransfers prints the implicit data regions and what they leave out.
func dumpTransfers(r *Result) string {
	var b strings.Builder
	p := r.Program
	all := append(append([]*Hoist(nil), p.Hoists...), p.hoistsSkipped...)
	sort.Slice(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	for _, h := range all {
		l1, l2 := p.lines.line(h.Start), p.lines.line(h.End)
		if len(h.Items) == 0 {
			fmt.Fprintf(&b, "lines %d-%d: %d constructs, no implicit data region\n", l1, l2, h.Nodes)
		} else {
			fmt.Fprintf(&b, "lines %d-%d: implicit data region around %d constructs\n", l1, l2, h.Nodes)
		}
		for _, di := range h.Items {
			fmt.Fprintf(&b, "  %s %s: start %s, bytes %s\n", di.Clause, di.Name, di.Start, di.Bytes)
		}
		for _, s := range h.Skipped {
			fmt.Fprintf(&b, "  left to the constructs: %s\n", s)
		}
	}
	if b.Len() == 0 {
		b.WriteString("no runs of compute constructs\n")
	}
	return b.String()
}

// dirName names a node's directive in dumps (implicit regions have none).
func dirName(n *Node) string {
	if n.Dir == nil {
		return "implicit"
	}
	return n.Dir.Name
}
