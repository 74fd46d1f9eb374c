package compiler

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Pass 2, ir: every compute construct becomes a Construct with its kernels:
// the loop nests (canonical loops, collapse, levels), the clauses, the
// variables with their data handling (from analysis.DataAttributes and the
// clauses) and the kernel parameters. Data constructs and standalone
// directives get their data items (host expressions for address and size).

const allLevels = analysis.LevelGang | analysis.LevelWorker | analysis.LevelVector

func (c *compilation) lower() error {
	c.lowerNodes(c.prog.Nodes)
	return c.errs()
}

func (c *compilation) lowerNodes(ns []*Node) {
	for _, n := range ns {
		c.lowerNode(n)
	}
}

func (c *compilation) lowerNode(n *Node) {
	d := n.Dir
	if n.Kind == NodeDeclare || n.Kind == NodeDeclareExit {
		c.lowerDeclare(n) // declare.go
		return
	}
	fn := n.Region.Func.Func
	c.checkAttach(d, fn) // attach.go
	n.If = clauseText(d, "if")
	if cl := findClause(d, "async"); cl != nil {
		s := ""
		if cl.Args != nil && len(cl.Args.Items) > 0 {
			s = cl.Args.Items[0].Text
		}
		n.Async = &s
	}
	if cl := findClause(d, "wait"); cl != nil {
		n.HasWait = true
		n.Wait = c.waitQueues(cl.Args, n) // async.go
	}
	switch n.Kind {
	case NodeCompute:
		c.lowerCompute(n)
	case NodeData:
		n.Data = mergeDataItems(c.dataClauses(d, fn, "copy", "copyin", "copyout", "create", "no_create", "present"))
		c.lowerNodes(n.Children)
	case NodeEnterData:
		n.Data = c.dataClauses(d, fn, "copyin", "create")
	case NodeExitData:
		n.Data = c.dataClauses(d, fn, "copyout", "delete")
		n.Finalize = findClause(d, "finalize") != nil
	case NodeUpdate:
		n.IfPresent = findClause(d, "if_present") != nil
		n.Data = c.dataClauses(d, fn, "self", "host", "device")
	case NodeHostData:
		c.lowerHostData(n) // hostdata.go
	case NodeInit, NodeShutdown, NodeSet:
		n.Device = c.deviceSettings(n)
	case NodeWait:
		n.HasWait = true
		n.Wait = c.waitQueues(d.Paren, n) // async.go
	}
}

// findClause returns the first clause of d named name (aliases resolved).
func findClause(d *acc.Directive, name string) *acc.Clause {
	for _, cl := range d.Clauses {
		if cl.Spec != nil && cl.Spec.Name == name {
			return cl
		}
	}
	return nil
}

// clauseText returns the argument text of clause name of d ("" when absent).
func clauseText(d *acc.Directive, name string) string {
	cl := findClause(d, name)
	if cl == nil || cl.Args == nil || len(cl.Args.Items) == 0 {
		return ""
	}
	return cl.Args.Items[0].Text
}

func argTexts(cl *acc.Clause) []string {
	var out []string
	if cl.Args != nil {
		for _, it := range cl.Args.Items {
			out = append(out, it.Text)
		}
	}
	return out
}

var accrtClause = map[string]string{
	"copy": "ACCRT_COPY", "copyin": "ACCRT_COPYIN", "copyout": "ACCRT_COPYOUT", "create": "ACCRT_CREATE",
	"present": "ACCRT_PRESENT", "no_create": "ACCRT_NO_CREATE", "delete": "ACCRT_DELETE",
	"self": "self", "host": "self", "device": "device", "deviceptr": "deviceptr",
}

// dataClauses makes the data items of the named clauses of d, in order.
func (c *compilation) dataClauses(d *acc.Directive, fn *cfacts.Func, names ...string) []*DataItem {
	var out []*DataItem
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil {
			continue
		}
		found := false
		for _, n := range names {
			found = found || cl.Spec.Name == n
		}
		if !found {
			continue
		}
		for _, it := range cl.Args.Items {
			if di := c.fieldItem(d, cl, it, fn); di != nil {
				out = append(out, di)
				continue
			}
			if di := c.pointeeItem(d, cl, it, fn); di != nil {
				out = append(out, di)
				continue
			}
			if c.memberOfMapped(d, it, fn) {
				continue
			}
			di, err := c.dataItem(accrtClause[cl.Spec.Name], it, fn)
			if err != nil {
				c.errorAt(it.Span, "%v", err)
				continue
			}
			di.Zero = cl.Args.Modifier == "zero"
			out = append(out, di)
		}
	}
	return out
}

// fieldItem is the item of a struct member that is not a pointer (v.n,
// p->n, a[i].n) in enter data, exit data or update: the bytes of that
// member, inside the struct's own data (enter data copyin(p->n) after
// create(p) finds it present and, as OpenACC says, copies nothing). nil
// for other items.
func (c *compilation) fieldItem(d *acc.Directive, cl *acc.Clause, it *acc.Arg, fn *cfacts.Func) *DataItem {
	if d.Spec == nil || it.Var == nil || len(it.Var.Members) == 0 || len(it.Var.Subscripts) > 0 {
		return nil
	}
	switch d.Spec.Name {
	case "enter data", "exit data", "update":
	default:
		return nil
	}
	base := c.lookupVar(fn, it.Span.Start, it.Var.Name)
	t := fieldType(base, it.Var)
	if t == nil || t.Kind == cfacts.TypePointer {
		return nil
	}
	return &DataItem{Clause: accrtClause[cl.Spec.Name], Name: it.Text, Var: base, Start: "&(" + it.Text + ")", Bytes: "sizeof(" + it.Text + ")", Lo: "0", Pos: it.Span.Start}
}

// memberOfMapped reports whether item it is a member that is not a pointer
// (v.n, v.a.b, p->n) of a struct variable, or of the struct a pointer
// points to, that a data clause of d also names whole (XSBench:
// copyin(SD) copyin(SD.max_num_nucs); present(matrix, matrix->dimensions),
// the pointer naming its one struct): that mapping holds it, and OpenACC
// finds it present.
func (c *compilation) memberOfMapped(d *acc.Directive, it *acc.Arg, fn *cfacts.Func) bool {
	if it.Var == nil || len(it.Var.Members) == 0 || len(it.Var.Subscripts) > 0 {
		return false
	}
	base := c.lookupVar(fn, it.Span.Start, it.Var.Name)
	if t := fieldType(base, it.Var); t == nil || t.Kind == cfacts.TypePointer {
		return false
	}
	if it.Var.Members[0].Arrow && !isPointer(base.Type) {
		return false // (p->n with p a pointer to one struct: present(p, p->n))
	}
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Spec.Data == nil || cl.Args == nil {
			continue
		}
		for _, x := range cl.Args.Items {
			if x.Var != nil && x.Var.Name == it.Var.Name && len(x.Var.Members) == 0 && len(x.Var.Subscripts) == 0 {
				return true
			}
		}
	}
	return false
}

// pointeeItem is the item of a pointer without bounds in exit data or
// update (delete(p), update self(p)), read as what p points to, the extent
// being the mapping's (the runtime's ACCRT_POINTEE): OpenACC names the
// pointer variable itself there, which no one maps, so the directive would
// do nothing, where programs mean the data (NVIDIA's compiler reads
// present(p) so too, and the analysis warns: implicit-copy-pointer-no-bounds).
// nil for other items.
func (c *compilation) pointeeItem(d *acc.Directive, cl *acc.Clause, it *acc.Arg, fn *cfacts.Func) *DataItem {
	if d.Spec == nil || d.Spec.Name != "exit data" && d.Spec.Name != "update" || it.Var == nil || len(it.Var.Subscripts) > 0 {
		return nil
	}
	if len(it.Var.Members) > 0 { // delete(a[i].m), delete(p->m): what the member points to
		base := c.lookupVar(fn, it.Span.Start, it.Var.Name)
		if base == nil {
			return nil
		}
		if base, em, idx := c.elemMember(base, it.Var); em != nil {
			pv := c.paths().elemPathVar(base, em.Member)
			return &DataItem{Clause: accrtClause[cl.Spec.Name], Name: it.Text, Var: pv, Start: fmt.Sprintf("%s[%s].%s", base.Name, idx, em.Member),
				Bytes: "0", Lo: "0", Pos: it.Span.Start, Pointee: true}
		}
		pv, err := c.clausePath(base, it.Var)
		if err != nil || pv.Type == nil || pv.Type.Kind != cfacts.TypePointer || isRowsType(pv.Type) {
			return nil // dataItem reports it
		}
		return &DataItem{Clause: accrtClause[cl.Spec.Name], Name: it.Text, Var: pv, Start: pv.Name, Bytes: "0", Lo: "0", Pos: it.Span.Start, Pointee: true}
	}
	v := c.lookupVar(fn, it.Span.Start, it.Var.Name)
	if v == nil || v.Type == nil || v.Type.Kind != cfacts.TypePointer || isRowsType(v.Type) && d.Spec.Name != "exit data" {
		return nil // (the runtime exits the rows of a pointer to pointers with its section)
	}
	return &DataItem{Clause: accrtClause[cl.Spec.Name], Name: it.Text, Var: v, Start: v.Name, Bytes: "0", Lo: "0", Pos: it.Span.Start, Pointee: true}
}

// lookupVar resolves name as C would at offset pos inside fn.
func (c *compilation) lookupVar(fn *cfacts.Func, pos int, name string) *cfacts.Var {
	return c.model.C.Lookup(fn, pos, name)
}

// dataItem computes the host address, size and offset of a clause item.
// subscriptBounds is the lower bound and the length of a subscript as C
// text: an index is one element; a section without a length runs to the end
// of a dimension of known length (host C text, "" when unknown: ok is then
// false).
func subscriptBounds(s acc.Subscript, known string) (lo, n string, ok bool) {
	lo = "0"
	if s.Lower != nil && strings.TrimSpace(s.Lower.Text) != "" {
		lo = s.Lower.Text
	}
	switch {
	case !s.Section:
		return lo, "1", true
	case s.Length != nil && strings.TrimSpace(s.Length.Text) != "":
		return lo, s.Length.Text, true
	case known != "":
		return lo, fmt.Sprintf("%s - (%s)", known, lo), true
	}
	return lo, "", false
}

// arrayLength is the number of elements of array name of type t as host C
// text, "" when t is not an array of known length.
func arrayLength(t *cfacts.Type, name string) string {
	if t.Kind != cfacts.TypeArray {
		return ""
	}
	return fmt.Sprintf("sizeof(%s) / sizeof(%s[0])", name, name)
}

func (c *compilation) dataItem(clause string, it *acc.Arg, fn *cfacts.Func) (*DataItem, error) {
	if it.Var == nil {
		return nil, fmt.Errorf("'%s' is not a variable or sub-array", it.Text)
	}
	ref := it.Var
	v := c.lookupVar(fn, it.Span.Start, ref.Name)
	if v == nil {
		return nil, fmt.Errorf("'%s' is not declared here", ref.Name)
	}
	if base, em, idx := c.elemMember(v, ref); em != nil { // a[i].m[lo:len]: into the member's pool (attach.go)
		return c.elemMemberItem(clause, it, base, em, idx)
	}
	if len(ref.Members) > 0 { // a pointer member: the data it points to (attach.go)
		pv, err := c.clausePath(v, ref)
		if err != nil {
			return nil, err
		}
		v = pv
	}
	di := &DataItem{Clause: clause, Name: it.Text, Var: v, Pos: it.Span.Start}
	t := v.Type
	name := v.Name
	if t == nil {
		return nil, fmt.Errorf("the type of '%s' is not known", name)
	}
	if len(ref.Subscripts) == 0 {
		switch t.Kind {
		case cfacts.TypeArray:
			di.Start, di.Bytes, di.Lo = name, "sizeof("+name+")", "0"
			di.Whole = t.Size > 0
		case cfacts.TypePointer:
			if clause == "ACCRT_PRESENT" || clause == "lookup" {
				// present(p): the data p points to is present, whatever its
				// extent (as NVIDIA's compiler reads it; the analysis warns
				// that OpenACC names the pointer itself): a lookup of the
				// address, as for a pointer without a clause; also in a
				// compute construct inside `data present(p)` (lookup)
				di.Start, di.Bytes, di.Lo = name, "0", "0"
				break
			}
			if t.Elem != nil && isRecord(t.Elem) {
				// a pointer to one struct: the struct (p[0:1]), as NVIDIA's
				// compiler reads it (deep copies enter the struct, then
				// attach its members); the analysis warns
				di.Start, di.Bytes, di.Lo = name, "sizeof(*"+paren(name)+")", "0"
				break
			}
			if v.ArrayParamLen > 0 {
				// a parameter declared as an array (int a[N][M], which C
				// makes a pointer): the N elements its declaration gives,
				// as PolyBench-ACC's copy(a) expects; the analysis warns
				// that OpenACC names the pointer itself
				di.Start, di.Bytes, di.Lo = name, fmt.Sprintf("(size_t)%d * sizeof(*%s)", v.ArrayParamLen, paren(name)), "0"
				break
			}
			if c.model.OnlyFirstElementIn(fn, v) {
				return nil, fmt.Errorf("'%s' is a pointer: give the extent of the data it points to as a sub-array, %s[0:1] for the one value the code uses (*%s)", name, name, name)
			}
			return nil, fmt.Errorf("'%s' is a pointer: give the extent of the data it points to as a sub-array, %s[0:n]", name, name)
		case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex, cfacts.TypeStruct, cfacts.TypeUnion:
			di.Start, di.Bytes, di.Lo = "&"+name, "sizeof("+name+")", "0"
		default:
			return nil, fmt.Errorf("'%s' has type '%s': only scalars, structs, arrays and pointers are supported in data clauses", name, t.Name)
		}
		return di, nil
	}
	if t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
		return nil, fmt.Errorf("'%s' is not an array or a pointer: it cannot have a sub-array", name)
	}
	if isRowsType(t) && len(ref.Subscripts) > 1 {
		return rowsItem(di, it, t) // rows.go
	}
	di.Whole = coversArray(ref.Subscripts, t)
	// inner subscripts that leave out parts of their dimensions (sections.go)
	if handled, err := sectionItem(di, it, t, clause == "self" || clause == "device"); handled {
		if err != nil {
			return nil, err
		}
		return di, nil
	}
	lo, length, ok := subscriptBounds(ref.Subscripts[0], arrayLength(t, name))
	if !ok {
		return nil, fmt.Errorf("'%s' is a pointer: its sub-array needs a length (%s[lo:length])", name, name)
	}
	di.Bytes = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", length, name)
	if strings.TrimSpace(lo) == "0" {
		di.Start, di.Lo = name, "0"
		return di, nil
	}
	di.Start = fmt.Sprintf("&%s[%s]", name, lo)
	di.Lo = fmt.Sprintf("(size_t)(%s) * sizeof(%s[0])", lo, name)
	return di, nil
}

// ---- compute constructs ----

// lowering is the state of one compute construct's lowering.
type lowering struct {
	c     *compilation
	con   *Construct
	r     *analysis.Region
	fn    *cfacts.Func
	attrs []analysis.VarAttr
	byVar map[*cfacts.Var]*analysis.VarAttr
	// loops by region; implicit loops of kernels by statement
	loopByRegion map[*analysis.Region]*Loop
	// reductions: every reduction clause item, by variable
	redClauses map[*cfacts.Var][]redClause
	// global reductions by variable
	global map[*cfacts.Var]*Reduction
	// private clauses of loops, by variable
	loopPrivate map[*cfacts.Var][]*Loop
	conPrivate  map[*cfacts.Var]bool
	privArrays  map[*cfacts.Var]*PrivArray // privarray.go
	cvars       map[*cfacts.Var]*CVar
	// readers: the device copy of a scalar that one kernel of a kernels
	// construct reduces, as the construct's other kernels see it
	// (spanningReductions)
	readers map[*cfacts.Var]*CVar
	items   map[*cfacts.Var]*DataItem
	paths   []*pathUse            // the member paths it uses (attach.go)
	hoisted map[*cfacts.Expr]bool // loop bounds the host evaluates (hoistbounds.go)
	// gridLoops are the loops gangDimensions made gang dimensions of a grid
	// (depend.go)
	gridLoops map[*Loop]bool
}

type redClause struct {
	op   string
	loop *Loop    // nil: the construct's own clause
	item *acc.Arg // nil for a reduction found by the compiler (kernels)
}

// span is where the clause item is (the loop for found reductions).
func (rc redClause) span() acc.Span {
	if rc.item != nil {
		return rc.item.Span
	}
	if rc.loop != nil && len(rc.loop.Stmts) > 0 {
		return rc.loop.Stmts[0].Span
	}
	return acc.Span{}
}

// lowerConstruct lowers a compute construct to its kernels, the loop
// directives read through their regions (a device type's view of them when
// they have device_type sections: lowerCompute, loopdevicetype.go); variant
// suffixes the kernels' names.
func (c *compilation) lowerConstruct(n *Node, variant string) *Construct {
	r := n.Region
	d := n.Dir // as written, with its device_type sections
	fn := r.Func.Func
	kind := d.Spec.Name
	if len(d.Spec.Leaves) > 0 {
		kind = d.Spec.Leaves[0]
	}
	con := &Construct{Kind: kind, Node: n, Dir: d, Region: r, Line: n.Line, If: n.If, Async: n.Async, Wait: n.Wait, HasWait: n.HasWait}
	con.Name = c.fresh(fmt.Sprintf("%s_L%d%s", fn.Name, n.Line, variant))
	con.NumGangs = clauseText(d, "num_gangs")
	con.NumWorkers = clauseText(d, "num_workers")
	con.VectorLength = clauseText(d, "vector_length")
	con.Default = clauseText(d, "default")
	c.numGangsDims(con)       // loopsched.go
	c.deviceTypeSections(con) // devicetype.go
	if cl := findClause(d, "self"); cl != nil {
		con.Self = "1"
		if cl.Args != nil && len(cl.Args.Items) > 0 {
			con.Self = cl.Args.Items[0].Text
		}
	}

	l := &lowering{c: c, con: con, r: r, fn: fn, byVar: map[*cfacts.Var]*analysis.VarAttr{},
		loopByRegion: map[*analysis.Region]*Loop{}, redClauses: map[*cfacts.Var][]redClause{},
		global: map[*cfacts.Var]*Reduction{}, loopPrivate: map[*cfacts.Var][]*Loop{}, conPrivate: map[*cfacts.Var]bool{}, privArrays: map[*cfacts.Var]*PrivArray{},
		cvars: map[*cfacts.Var]*CVar{}, items: map[*cfacts.Var]*DataItem{}}
	l.attrs = analysis.DataAttributes(c.model, r)
	for i := range l.attrs {
		l.byVar[l.attrs[i].Var] = &l.attrs[i]
	}
	nerr := len(c.errors)
	l.kernels()
	if len(c.errors) > nerr {
		return con
	}
	l.construcClauses()
	l.paths = l.memberPathUses() // attach.go: the pointer members the construct uses
	for _, k := range con.Kernels {
		if !k.Serial {
			l.autoLoops(k, con.Kind != "kernels")
		}
		l.privatizeInner(k)
	}
	l.hoistBounds() // hoistbounds.go
	l.variables()
	if len(c.errors) > nerr {
		return con
	}
	l.spanningReductions()
	for _, k := range con.Kernels {
		l.finishKernel(k)
	}
	return con
}

// kernels splits the construct into kernels and builds their loops.
func (l *lowering) kernels() {
	r := l.r
	con := l.con
	mk := func(stmts []*cfacts.Stmt) *Kernel {
		k := &Kernel{Construct: con, Stmts: stmts, LoopOf: map[*cfacts.Stmt]*Loop{}}
		con.Kernels = append(con.Kernels, k)
		l.c.prog.Kernels = append(l.c.prog.Kernels, k)
		return k
	}
	if con.Kind != "kernels" {
		k := mk([]*cfacts.Stmt{r.Stmt})
		k.Loops = l.loopTree(k, r, nil)
		if con.Kind == "serial" {
			k.Serial = true
			k.Note = "serial construct: one gang, one worker, vector length 1"
		}
		return
	}
	// kernels: each loop nest is a kernel; runs of other statements too.
	var items []*cfacts.Stmt
	if r.IsLoop() || r.Stmt.Kind != cfacts.StmtCompound {
		items = []*cfacts.Stmt{r.Stmt}
	} else {
		items = r.Stmt.List
	}
	var run []*cfacts.Stmt
	flush := func() {
		if len(run) > 0 {
			k := mk(run)
			k.Serial = true
			k.Note = "statements of a kernels construct outside loop nests run on one work-item"
			k.Loops = l.loopTree(k, r, nil)
			run = nil
		}
	}
	for _, s := range items {
		if s.Kind == cfacts.StmtNull {
			continue
		}
		if s.Kind != cfacts.StmtFor {
			run = append(run, s)
			continue
		}
		flush()
		k := mk([]*cfacts.Stmt{s})
		k.Loops = l.loopTree(k, r, s)
	}
	flush()
	if len(con.Kernels) == 0 {
		mk(nil).Serial = true
	}
	// A variable declared at the top of the kernels body and used by two
	// kernels would need to live across them, unless each kernel that uses
	// it only counts loops with it (`int i, j;` then several loop nests over
	// i): such a kernel declares it again, its own.
	if len(con.Kernels) > 1 {
		for _, k := range con.Kernels {
			for _, s := range k.Stmts {
				if s.Kind != cfacts.StmtDecl {
					continue
				}
				for _, v := range s.Decls {
					for _, k2 := range con.Kernels {
						if k2 == k || !kernelRefers(k2, v) {
							continue
						}
						if v.Init == nil && onlyLoopCounter(k2, v) {
							k2.Redeclared = append(k2.Redeclared, v)
							continue
						}
						if v.Type == nil || !isArith(v.Type) {
							l.c.errorAt(v.NameSpan, "'%s' is declared in a 'kernels' construct and used by two of its loop nests: supported for scalars only (declare it outside or in one nest)", v.Name)
							continue
						}
						// one device copy that the kernels share (classify)
						if con.Spanning == nil {
							con.Spanning = map[*cfacts.Var]bool{}
						}
						con.Spanning[v] = true
					}
				}
			}
		}
	}
}

// declaresWithInit reports whether kernel k's statements declare v with an
// initializer (which assigns a shared variable: Construct.Spanning).
func declaresWithInit(k *Kernel, v *cfacts.Var) bool {
	for _, s := range k.Stmts {
		if s.Kind == cfacts.StmtDecl && slices.Contains(s.Decls, v) && v.Init != nil {
			return true
		}
	}
	return false
}

// scratchName is the host bytes that a variable of a kernels construct,
// shared by its kernels, is entered for (Construct.Spanning).
func scratchName(v *cfacts.Var) string {
	return "accls_span_" + v.Name
}

// onlyLoopCounter reports whether every use of v in kernel k lies in a for
// statement whose init assigns v (its loop variable): no value of v flows
// into or out of k.
func onlyLoopCounter(k *Kernel, v *cfacts.Var) bool {
	ok := true
	for _, s := range k.Stmts {
		cfacts.Walk(s, func(st *cfacts.Stmt) bool {
			if !ok {
				return false
			}
			if st.Kind == cfacts.StmtFor && st.Init != nil && st.Init.Kind == cfacts.StmtExpr && st.Init.Expr != nil &&
				st.Init.Expr.Kind == cfacts.ExprAssign && st.Init.Expr.Op == "=" && st.Init.Expr.X != nil &&
				st.Init.Expr.X.Kind == cfacts.ExprIdent && st.Init.Expr.X.Var == v {
				return false // v's own loop: every use inside it sees its values
			}
			cfacts.StmtExprs(st, func(e *cfacts.Expr) {
				cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
					if x.Kind == cfacts.ExprIdent && x.Var == v {
						ok = false
					}
					return ok
				})
			})
			return ok
		})
	}
	return ok
}

// kernelRefers reports whether kernel k references v.
func kernelRefers(k *Kernel, v *cfacts.Var) bool {
	found := false
	for _, s := range k.Stmts {
		walkAllExprs(s, func(e *cfacts.Expr) {
			if e.Kind == cfacts.ExprIdent && e.Var == v {
				found = true
			}
		})
	}
	return found
}

// walkAllExprs calls f for every expression in statement s's subtree.
func walkAllExprs(s *cfacts.Stmt, f func(*cfacts.Expr)) {
	cfacts.Walk(s, func(st *cfacts.Stmt) bool {
		cfacts.StmtExprs(st, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				f(x)
				return true
			})
		})
		return true
	})
}

// loopTree builds the Loops of a kernel from the loop regions inside the
// construct r; for a kernel of a kernels construct, nest is its for
// statement (only the regions inside it count).
func (l *lowering) loopTree(k *Kernel, r *analysis.Region, nest *cfacts.Stmt) []*Loop {
	var top []*Loop
	inKernel := func(rr *analysis.Region) bool {
		if rr.Stmt == nil {
			return false
		}
		for _, s := range k.Stmts {
			if s.Span.Start <= rr.Stmt.Span.Start && rr.Stmt.Span.End <= s.Span.End {
				return true
			}
		}
		return false
	}
	var walk func(rs []*analysis.Region, parent *Loop)
	walk = func(rs []*analysis.Region, parent *Loop) {
		for _, rr := range rs {
			p := parent
			if rr.IsLoop() && inKernel(rr) {
				lp := l.newLoop(k, rr)
				if lp != nil {
					lp.Parent = parent
					if parent == nil {
						top = append(top, lp)
					} else {
						parent.Children = append(parent.Children, lp)
					}
					p = lp
				}
			}
			walk(rr.Children, p)
		}
	}
	if r.IsLoop() {
		walk([]*analysis.Region{r}, nil)
	} else {
		walk(r.Children, nil)
	}
	if nest != nil && k.LoopOf[nest] == nil {
		// A loop nest of kernels without a loop directive: the compiler
		// decides (auto).
		lp := &Loop{Auto: true}
		if lv, err := canonicalLoop(nest); err == nil {
			lp.Stmts = []*cfacts.Stmt{nest}
			lp.Vars = []*LoopVar{lv}
			k.LoopOf[nest] = lp
			for _, t := range top {
				t.Parent = lp
			}
			lp.Children = top
			top = []*Loop{lp}
			if len(lp.Children) == 0 && !l.c.rowsOnly {
				implicitCollapse(k, lp)
			}
		}
	}
	return top
}

// maxImplicitNest bounds the loops of a nest without directives that a
// kernels construct collapses (an NDRange has three dimensions).
const maxImplicitNest = 3

// implicitCollapse gives lp, the outermost loop of a kernels nest without
// loop directives, the loops tightly nested in it with bounds that do not
// depend on the loops around them, as a collapse would: NVIDIA's compiler
// partitions such a nest's outer loop over gangs and its inner one over
// vector lanes, and accls maps it to a 2-D or 3-D NDRange (gridfast.go),
// whose lanes along the innermost loop read neighbouring elements. With
// the outer loop alone, each work-item had a row, and neighbouring
// work-items' accesses were a row apart (on a GPU, one memory transaction
// per element instead of one per 32). autoLoops goes back to the outer
// loop alone when the nest's iterations are not independent as a whole
// (Loop.Uncollapse).
func implicitCollapse(k *Kernel, lp *Loop) {
	for len(lp.Stmts) < maxImplicitNest {
		inner := onlyLoopIn(lp.Stmts[len(lp.Stmts)-1].Body)
		if inner == nil || k.LoopOf[inner] != nil {
			return
		}
		lv, err := canonicalLoop(inner)
		if err != nil {
			return
		}
		for _, outer := range lp.Vars {
			if mentionsVar(lv.Lower, outer.Var) || mentionsVar(lv.Upper, outer.Var) || lv.Step != nil && mentionsVar(lv.Step, outer.Var) || lv.Var == outer.Var {
				return
			}
		}
		lp.Stmts = append(lp.Stmts, inner)
		lp.Vars = append(lp.Vars, lv)
		lp.Uncollapse = true
	}
}

// uncollapse makes lp, an implicit collapse (implicitCollapse), its
// outermost loop alone again.
func uncollapse(lp *Loop) {
	lp.Stmts, lp.Vars, lp.Uncollapse = lp.Stmts[:1], lp.Vars[:1], false
}

// onlyLoopIn is the for statement that makes up body (alone, or alone in
// its braces), nil otherwise.
func onlyLoopIn(body *cfacts.Stmt) *cfacts.Stmt {
	for body != nil && body.Kind == cfacts.StmtCompound {
		var only *cfacts.Stmt
		for _, x := range body.List {
			if x.Kind == cfacts.StmtNull {
				continue
			}
			if only != nil {
				return nil
			}
			only = x
		}
		body = only
	}
	if body == nil || body.Kind != cfacts.StmtFor {
		return nil
	}
	return body
}

// newLoop makes the Loop of a loop (or combined) region.
func (l *lowering) newLoop(k *Kernel, r *analysis.Region) *Loop {
	d := r.Directive
	lp := &Loop{Region: r, Explicit: r.Level &^ analysis.LevelSeq}
	lp.Seq = r.Level&analysis.LevelSeq != 0
	lp.Auto = findClause(d, "auto") != nil
	lp.Indep = findClause(d, "independent") != nil
	n := 1
	if cl := findClause(d, "collapse"); cl != nil && cl.Args != nil && len(cl.Args.Items) == 1 {
		if v, ok := constInt(cl.Args.Items[0]); ok && v > 0 {
			n = int(v)
		} else {
			l.c.errorAt(cl.Span, "collapse needs a positive integer constant")
			return nil
		}
	}
	if cl := findClause(d, "tile"); cl != nil {
		sizes, ok := l.tileSizes(cl)
		if !ok || !l.tileCollapse(d, n, len(sizes)) { // loopsched.go
			return nil
		}
		n, lp.Tile = len(sizes), sizes
	}
	if len(r.Loops) < n {
		what := fmt.Sprintf("collapse(%d)", n)
		if lp.Tile != nil {
			what = fmt.Sprintf("tile with %d sizes", n)
		}
		l.c.errorAt(d.NameSpan, "%s needs %d tightly nested 'for' loops; found %d", what, n, len(r.Loops))
		return nil
	}
	for _, s := range r.Loops[:n] {
		lv, err := canonicalLoop(s)
		if err != nil && lp.Seq && n == 1 && len(d.Clauses) == 1 && r.Stmt == s {
			// a seq loop need not be in canonical form (OpenACC 3.3
			// §2.9: for (double g = a; g <= b; g += h)): the kernel runs
			// it as the plain loop it is
			return nil
		}
		if err != nil {
			l.c.errorAt(s.Span, "%v", err)
			return nil
		}
		lp.Stmts = append(lp.Stmts, s)
		lp.Vars = append(lp.Vars, lv)
	}
	for i, lv := range lp.Vars {
		for _, outer := range lp.Vars[:i] {
			if mentionsVar(lv.Lower, outer.Var) || mentionsVar(lv.Upper, outer.Var) || (lv.Step != nil && mentionsVar(lv.Step, outer.Var)) {
				l.c.errorAt(lp.Stmts[i].Span, "the collapsed loops are not rectangular: the bounds of '%s' depend on '%s'", lv.Var.Name, outer.Var.Name)
				return nil
			}
		}
	}
	// gang(num:), vector(length:), worker(num:) on kernels loops
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil || len(cl.Args.Items) == 0 {
			continue
		}
		switch cl.Spec.Name {
		case "gang":
			lp.GangNum = gangNumArg(cl) // loopsched.go
		case "vector":
			lp.VectorLen = cl.Args.Items[0].Text
		case "worker":
			if l.con.NumWorkers == "" {
				l.con.NumWorkers = cl.Args.Items[0].Text
			}
		}
	}
	if lp.GangNum != "" && l.con.NumGangs == "" {
		l.con.NumGangs = lp.GangNum
	}
	if lp.VectorLen != "" && l.con.VectorLength == "" {
		l.con.VectorLength = lp.VectorLen
	}
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil {
			continue
		}
		switch cl.Spec.Name {
		case "private":
			for _, it := range cl.Args.Items {
				v := l.varOf(it)
				if _, used := l.byVar[v]; v != nil && !used {
					// private(i, j) where the loops declare their own i
					// and j (for (int i = ...)): the named ones are not
					// referenced, and a copy would clash with the loops'
					continue
				}
				if v != nil && l.privateSection(cl, it, v, lp) {
					lp.Private = append(lp.Private, v)
					l.loopPrivate[v] = append(l.loopPrivate[v], lp)
				}
			}
		case "reduction":
			if d.Spec.IsCompute() {
				continue // the construct's clause (construcClauses)
			}
			for _, it := range cl.Args.Items {
				if v := l.varOf(it); v != nil {
					l.redClauses[v] = append(l.redClauses[v], redClause{op: cl.Args.Modifier, loop: lp, item: it})
				}
			}
		}
	}
	if !l.gangSchedule(lp, d) { // loopsched.go
		return nil
	}
	k.LoopOf[lp.Stmts[0]] = lp
	l.loopByRegion[r] = lp
	return lp
}

// constInt evaluates a clause argument that must be an integer constant.
func constInt(it *acc.Arg) (int64, bool) {
	return it.Expr().Int()
}

// varOf resolves a clause item to the variable it names.
func (l *lowering) varOf(it *acc.Arg) *cfacts.Var {
	if it.Var == nil {
		l.c.errorAt(it.Span, "'%s' is not a variable", it.Text)
		return nil
	}
	if len(it.Var.Members) > 0 {
		l.c.errorAt(it.Span, "'%s': struct members in private, firstprivate and reduction clauses are not supported by the compiler (name the struct, or copy the member into a local variable)", it.Text)
		return nil
	}
	v := l.c.lookupVar(l.fn, it.Span.Start, it.Var.Name)
	if v == nil {
		l.c.errorAt(it.Span, "'%s' is not declared here", it.Var.Name)
	}
	return v
}

// construcClauses reads the construct's reduction and private clauses.
func (l *lowering) construcClauses() {
	d := l.r.Directive
	combined := l.r.IsLoop()
	for _, cl := range d.Clauses {
		if cl.Spec == nil || cl.Args == nil {
			continue
		}
		switch cl.Spec.Name {
		case "reduction":
			var lp *Loop
			if combined {
				lp = l.loopByRegion[l.r]
			}
			for _, it := range cl.Args.Items {
				if v := l.varOf(it); v != nil {
					l.redClauses[v] = append(l.redClauses[v], redClause{op: cl.Args.Modifier, loop: lp, item: it})
				}
			}
		case "private":
			if combined {
				continue // applies to the loop (newLoop)
			}
			for _, it := range cl.Args.Items {
				if v := l.varOf(it); v != nil && l.privateSection(cl, it, v, nil) {
					l.conPrivate[v] = true
				}
			}
		case "firstprivate":
			for _, it := range cl.Args.Items {
				if v := l.varOf(it); v != nil && l.privateSection(cl, it, v, nil) && l.privArrays[v] != nil {
					l.conPrivate[v] = true // firstprivate(c[0:n]): a gang's copy (privarray.go)
				}
			}
		}
	}
}

// mergeDataItems makes one item of two clauses of a construct on the same
// data (copyin(x) copyout(x), create(zero: b) copyout(b)): one that moves
// what either moves. Counted as two references, the exit of one would
// leave the data present and the other's copyout would never happen;
// gcc rejects such pairs, and the analysis warns (duplicate-data-clause).
// Pairs that do not merge (present, no_create, different sections) stay.
func mergeDataItems(items []*DataItem) []*DataItem {
	out := items[:0:0]
	for _, di := range items {
		merged := false
		for _, prev := range out {
			same := prev.Start == di.Start && prev.Bytes == di.Bytes || prev.Whole && di.Whole
			if prev.Var != di.Var || !same || prev.Rows != nil || di.Rows != nil {
				continue
			}
			clause, ok := mergeDataClauses(prev.Clause, di.Clause)
			if !ok {
				continue
			}
			prev.Clause = clause
			// zero: new device memory that nothing copies in starts zeroed
			prev.Zero = (prev.Zero || di.Zero) && clause != "ACCRT_COPY" && clause != "ACCRT_COPYIN"
			merged = true
			break
		}
		if !merged {
			out = append(out, di)
		}
	}
	return out
}

// coversArray reports whether subscripts subs of a fixed-size array of
// type t cover all of it: each dimension whole (sections.go
// wholeDimension, as an update reads it), the dimensions left out whole.
func coversArray(subs []acc.Subscript, t *cfacts.Type) bool {
	for _, s := range subs {
		if t == nil || t.Kind != cfacts.TypeArray || t.Len <= 0 || !wholeDimension(s, t, true) {
			return false
		}
		t = t.Elem
	}
	return true
}

// mergeDataClauses is the one clause that moves what two clauses on the
// same data of one construct move: copyin and copyout make copy, create
// adds nothing. present and no_create do not merge.
func mergeDataClauses(a, b string) (string, bool) {
	in := map[string]bool{"ACCRT_COPY": true, "ACCRT_COPYIN": true}
	out := map[string]bool{"ACCRT_COPY": true, "ACCRT_COPYOUT": true}
	for _, c := range []string{a, b} {
		if !in[c] && !out[c] && c != "ACCRT_CREATE" {
			return "", false
		}
	}
	switch i, o := in[a] || in[b], out[a] || out[b]; {
	case i && o:
		return "ACCRT_COPY", true
	case i:
		return "ACCRT_COPYIN", true
	case o:
		return "ACCRT_COPYOUT", true
	}
	return "ACCRT_CREATE", true
}

// clauseWord is a data item's clause as written in a directive.
func clauseWord(accrt string) string {
	return strings.ToLower(strings.TrimPrefix(accrt, "ACCRT_"))
}

// declaredIn reports whether v is declared inside statement s.
func declaredIn(v *cfacts.Var, s *cfacts.Stmt) bool {
	return s != nil && v.Storage != cfacts.StorageGlobal && v.Storage != cfacts.StorageParam &&
		s.Span.Start <= v.NameSpan.Start && v.NameSpan.End <= s.Span.End
}

// variables decides the mode of every variable of the construct and the
// construct's data items.
func (l *lowering) variables() {
	c := l.c
	con := l.con
	r := l.r
	// Data items of the construct's clauses, in order.
	for _, di := range mergeDataItems(c.dataClauses(r.Directive, l.fn, "copy", "copyin", "copyout", "create", "no_create", "present")) {
		if di.Clause == "deviceptr" {
			continue
		}
		if prev := l.items[di.Var]; prev != nil {
			why := fmt.Sprintf("as '%s' and '%s'", prev.Name, di.Name)
			if prev.Start == di.Start && prev.Bytes == di.Bytes {
				why = fmt.Sprintf("in %s and %s", clauseWord(prev.Clause), clauseWord(di.Clause))
			}
			c.errorAt(acc.Span{Start: di.Pos, End: di.Pos}, "'%s' appears in two data clauses of this construct (%s): not supported by the compiler yet (two clauses that copy the same data merge)", di.Var.Name, why)
			continue
		}
		l.items[di.Var] = di
		con.Node.Data = append(con.Node.Data, di)
	}
	// Global reductions: variables declared outside the construct and not
	// privatized by it.
	for _, v := range l.redVars() {
		rcs := l.redClauses[v]
		if declaredIn(v, r.Stmt) || l.conPrivate[v] {
			continue
		}
		a, ok := l.byVar[v]
		if !ok {
			continue // not referenced: its value does not change
		}
		if l.allRefsPrivatized(a) {
			continue // private to an enclosing loop (a gang's own avg): reduced within it, reduce_local.go
		}
		if l.gangCopyReduced(v, a, rcs) { // reduce_local.go
			l.conPrivate[v] = true
			continue
		}
		if l.oneGang() && l.usedOutsideReductionLoops(a, rcs) {
			// one gang: its (firstprivate) copy takes the loops' results,
			// which the code around them reads (Cholesky's sm), as a
			// gang's own variable does (reduce_local.go)
			continue
		}
		ops := map[string]bool{}
		for _, rc := range rcs {
			ops[rc.op] = true
		}
		if len(ops) > 1 {
			c.errorAt(rcs[0].span(), "'%s' is reduced with different operators in one construct", v.Name)
			continue
		}
		if isArrayReduction(v, rcs) { // reduce_array.go
			red, err := l.arrayReduction(v, rcs)
			if err != nil {
				c.errorAt(rcs[0].span(), "%v", err)
				continue
			}
			l.global[v] = red
			continue
		}
		red, err := scalarReduction(rcs[0].op, v)
		if err != nil {
			c.errorAt(rcs[0].span(), "%v", err)
			continue
		}
		red.Global, red.Pos = true, rcs[0].span().Start
		l.global[v] = red
	}
	for i := range l.attrs {
		a := &l.attrs[i]
		if l.onlyThroughPaths(a) {
			continue // v.x[i] alone: the kernels need what v.x points to, not v
		}
		if l.onlyInHoistedBounds(a.Var) {
			continue // iy < iy_end[dn]: the host passes the bound (hoistbounds.go)
		}
		if fromMemberItem(a) {
			a = l.implicitAttr(a)
		}
		cv := l.classify(a)
		if cv == nil {
			continue
		}
		con.Vars = append(con.Vars, cv)
		l.cvars[a.Var] = cv
	}
	l.pathVars(l.paths)
	l.routineGlobalVars() // routineglobals.go
}

// allRefsPrivatized reports whether every reference to v in the construct
// lies in a loop that has v in a private clause.
func (l *lowering) allRefsPrivatized(a *analysis.VarAttr) bool {
	loops := l.loopPrivate[a.Var]
	if len(loops) == 0 {
		return false
	}
	for _, ref := range a.Refs {
		in := false
		for _, lp := range loops {
			s := lp.Stmts[0]
			if s.Span.Start <= ref.Span.Start && ref.Span.End <= s.Span.End {
				in = true
			}
		}
		if !in {
			return false
		}
	}
	return true
}

// oneGang reports whether the construct runs one gang: num_gangs(1) (a
// constant), or serial. A gang-level reduction then combines the gang's
// workers and lanes only, and its variable may be the gang's own copy.
func (l *lowering) oneGang() bool {
	if l.con.Kind == "serial" {
		return true
	}
	cl := findClause(l.r.Directive, "num_gangs")
	if cl == nil || cl.Args == nil || len(cl.Args.Items) != 1 {
		return false
	}
	n, ok := constInt(cl.Args.Items[0])
	return ok && n == 1
}

// usedOutsideReductionLoops reports whether the construct refers to a
// variable outside the loops whose reduction clauses name it.
func (l *lowering) usedOutsideReductionLoops(a *analysis.VarAttr, rcs []redClause) bool {
	for _, ref := range a.Refs {
		in := false
		for _, rc := range rcs {
			if rc.loop == nil {
				return false // the construct's own clause: a global reduction
			}
			s := rc.loop.Stmts[0]
			in = in || s.Span.Start <= ref.Span.Start && ref.Span.End <= s.Span.End
		}
		if !in {
			return true
		}
	}
	return false
}

func (l *lowering) classify(a *analysis.VarAttr) *CVar {
	c := l.c
	v := a.Var
	cv := &CVar{Var: v, Name: v.Name, Attr: a.Attr, Implicit: a.Implicit, Read: a.Read, Written: a.Written, Why: a.Reason}
	cv.ReadOnly = !a.Written
	for _, r := range a.Refs {
		cv.ReadOnly = cv.ReadOnly && !r.MayWrite()
	}
	t := v.Type
	at := a.First
	fail := func(format string, args ...any) *CVar {
		c.errorAt(at, format, args...)
		return nil
	}
	if t == nil {
		return fail("the type of '%s' is not known", v.Name)
	}
	if declaredIn(v, l.r.Stmt) {
		switch {
		case v.Storage == cfacts.StorageExtern:
			return fail("'%s': extern declarations are not supported in a compute construct", v.Name)
		case v.Storage == cfacts.StorageStatic && writtenAfterDecl(a):
			return fail("'%s': a static variable that a compute construct writes (or takes the address of) is one variable for all its iterations, which the device's threads cannot share; not supported by the compiler (declare it without static for a copy per iteration, or use a global with declare create)", v.Name)
		case v.Storage == cfacts.StorageStatic:
			// a table the construct only reads (static const int t[] =
			// {…}): a constant copy in each work-item (kernelgen
			// declareInScope), as C initializes it
			cv.Why = "static, only read in the construct: a constant copy of its initial value in each thread"
			cv.ReadOnly = true
		}
		if l.con.Spanning[v] {
			// a scalar that several kernels of a kernels construct use:
			// device memory for the construct (hostgen declares the host
			// bytes it is entered for), which its declaration assigns
			di := &DataItem{Clause: "ACCRT_CREATE", Name: v.Name, Var: v, Start: scratchName(v), Bytes: "sizeof(" + scratchName(v) + ")", Lo: "0", Pos: v.NameSpan.Start, Scratch: true}
			l.con.Node.Data = append(l.con.Node.Data, di)
			cv.Mode = ModeRef
			cv.Data = di
			cv.Why = "declared in the kernels construct and used by several of its kernels: one device copy that they share, created for the construct"
			return cv
		}
		cv.Mode = ModeLocal
		return cv
	}
	if red := l.global[v]; red != nil {
		cv.Mode = ModeReduction
		cv.Red = red
		cv.Data = l.items[v]
		cv.Why = fmt.Sprintf("reduction(%s:%s) across the construct: a private partial per work-item, combined per work-group in __local memory, then on the host", red.Op, v.Name)
		if red.Len > 0 { // reduce_array.go: the section is entered as copy unless a clause names it
			if cv.Data != nil && cv.Data.Clause != "ACCRT_COPY" && cv.Data.Clause != "ACCRT_PRESENT" {
				return fail("'%s' is reduced: its data clause on this construct must be copy or present (the reduction combines the original values and brings the result back)", v.Name)
			}
			if cv.Data == nil {
				cv.Data = red.Section
				l.con.Node.Data = append(l.con.Node.Data, red.Section)
			}
			cv.Why = fmt.Sprintf("reduction(%s:%s) across the construct: a private copy of %d elements per work-item, combined per work-group in __local memory, then on the device into its device copy", red.Op, red.Section.Name, red.Len)
		}
		return cv
	}
	if a.Predetermined || l.conPrivate[v] || a.Attr == analysis.AttrPrivate || l.allRefsPrivatized(a) {
		if err := checkPrivateType(t); err != nil {
			return fail("private '%s': %v", v.Name, err)
		}
		cv.Mode = ModePrivate
		return cv
	}
	isScalar := isArith(t)
	switch a.Attr {
	case analysis.AttrNone:
		if l.con.Default == "none" || strings.Contains(a.Reason, "default(none)") {
			return fail("'%s' has no data attribute: default(none) requires a clause for every variable the construct uses", v.Name)
		}
		return fail("'%s': %s", v.Name, a.Reason)
	case analysis.AttrAttach:
		// attach(p): the data p points to must be present; the kernels
		// reach its device copy (attach.go).
		if t.Kind != cfacts.TypePointer {
			return fail("attach '%s' must be a pointer", v.Name)
		}
		return l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
	case analysis.AttrDeclared:
		return l.declared(cv, a) // declare.go
	case analysis.AttrReduction:
		// A reduction clause on the construct naming a variable that is
		// privatized: handled as a local value.
		cv.Mode = ModePrivate
		return cv
	case analysis.AttrFirstprivate:
		switch {
		case isScalar:
			cv.Mode = ModeValue
			return cv
		case isRecord(t): // its bytes by value, as a fixed-size array's (structs.go)
			if _, err := c.prog.structCL(t); err != nil {
				return fail("'%s': %v", v.Name, err)
			}
			if t.Size > 1024 {
				return fail("firstprivate '%s' is %d bytes: structs larger than 1024 bytes cannot be passed by value (use copyin)", v.Name, t.Size)
			}
			cv.Mode = ModeValueArray
			cv.Elem = t
			return cv
		case t.Kind == cfacts.TypeArray:
			if t.Size <= 0 || elemType(t) == nil || !isArith(elemType(t)) && !isStructData(t) {
				return fail("firstprivate '%s': only fixed-size arrays of numbers or structs are supported", v.Name)
			}
			if t.Size > 1024 {
				return fail("firstprivate '%s' is %d bytes: arrays larger than 1024 bytes cannot be passed by value (use copyin)", v.Name, t.Size)
			}
			cv.Mode = ModeValueArray
			cv.Elem = elemType(t)
			return cv
		case t.Kind == cfacts.TypePointer:
			if !a.Deref && !callArgument(a) {
				return fail("pointer '%s' is used in a compute construct without being dereferenced: not supported by the compiler yet", v.Name)
			}
			// A pointer without a data clause: the data it points to is
			// present, or the section its subscripts reach is copied.
			return l.pointerWithoutClause(cv, a)
		}
		return fail("firstprivate '%s' of type '%s' is not supported by the compiler yet", v.Name, t.Name)
	case analysis.AttrDeviceptr:
		if t.Kind != cfacts.TypePointer {
			return fail("deviceptr '%s' must be a pointer", v.Name)
		}
		cv.DevPtr = true
		return l.arrayVar(cv, a, nil, nil)
	}
	// Data clauses (explicit on this construct or an enclosing data
	// construct) and implicit copy/present.
	explicitHere := a.From == l.r && a.Clause != nil
	var item *DataItem
	if explicitHere {
		item = l.items[v]
	} else if a.Clause != nil && a.Item != nil {
		// present through an enclosing data construct: look up its view.
		di, err := c.dataItem("lookup", a.Item, l.fn)
		if err != nil {
			return fail("%v", err)
		}
		item = di
	}
	switch {
	case isScalar || isRecord(t): // a struct or union: one device copy, as a scalar's (structs.go)
		if isRecord(t) {
			if _, err := c.prog.structCL(t); err != nil {
				return fail("'%s': %v", v.Name, err)
			}
		}
		if isScalar && a.Implicit && !a.Written {
			// kernels: an implicitly copied scalar that the construct only
			// reads needs no device copy.
			cv.Mode = ModeValue
			cv.Why += "; only read, so passed by value"
			return cv
		}
		cv.Mode = ModeRef
		if explicitHere {
			cv.Data = item
		} else if item != nil {
			cv.Lookup = item
		} else {
			di := &DataItem{Clause: "ACCRT_COPY", Name: v.Name, Var: v, Start: "&" + v.Name, Bytes: "sizeof(" + v.Name + ")", Lo: "0", Pos: at.Start}
			if a.Attr == analysis.AttrPresent {
				cv.Lookup = di
			} else {
				cv.Data = di
				l.con.Node.Data = append(l.con.Node.Data, di)
			}
		}
		return cv
	case t.Kind == cfacts.TypeArray:
		if explicitHere {
			return l.arrayVar(cv, a, item, nil)
		}
		if item != nil {
			return l.arrayVar(cv, a, nil, item)
		}
		di := &DataItem{Clause: "ACCRT_COPY", Name: v.Name, Var: v, Start: v.Name, Bytes: "sizeof(" + v.Name + ")", Lo: "0", Pos: at.Start}
		if a.Attr == analysis.AttrPresent {
			di.Clause = "lookup"
			return l.arrayVar(cv, a, nil, di)
		}
		if !a.Written {
			di.Clause = "ACCRT_COPYIN"
			cv.Why += "; only read, so copied in"
		}
		l.reachItem(cv, di)
		l.con.Node.Data = append(l.con.Node.Data, di)
		return l.arrayVar(cv, a, di, nil)
	case t.Kind == cfacts.TypePointer:
		if !a.Deref && !callArgument(a) {
			return fail("pointer '%s' is used in a compute construct without being dereferenced: not supported by the compiler yet", v.Name)
		}
		if explicitHere {
			if item == nil {
				return nil // its clause item was reported
			}
			if isRowsType(t) && item.Clause == "ACCRT_PRESENT" && item.Rows == nil && !item.OneRow {
				// present(A) or present(A[0:n]) of a pointer to pointers:
				// the rows a data construct or enter data mapped with the
				// pointers (OpenACC attaches them: a kernel follows A[i]),
				// found as a pointer's without a clause (rows.go), which
				// says when they are not
				l.con.Node.Data = slices.DeleteFunc(l.con.Node.Data, func(d *DataItem) bool { return d == item })
				return l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
			}
			return l.arrayVar(cv, a, item, nil)
		}
		if item != nil {
			return l.arrayVar(cv, a, nil, item)
		}
		if a.Attr == analysis.AttrPresent {
			return l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
		}
		return l.pointerWithoutClause(cv, a)
	}
	return fail("'%s' has type '%s': only scalars, arrays and pointers to numbers are supported in compute constructs", v.Name, t.Name)
}

// pointerWithoutClause completes a pointer that no data clause names: the
// section of it that the construct's subscripts reach is entered (present
// data is used as it is: accrt_enter_inferred), or, when the subscripts do
// not give one, the data must be present (accrt_lookup).
func (l *lowering) pointerWithoutClause(cv *CVar, a *analysis.VarAttr) *CVar {
	v := cv.Var
	if di := l.inferredItem(cv, a.First.Start); di != nil {
		l.con.Node.Data = append(l.con.Node.Data, di)
		return l.arrayVar(cv, a, di, nil)
	}
	return l.arrayVar(cv, a, nil, &DataItem{Clause: "lookup", Name: v.Name, Var: v, Start: v.Name, Bytes: "0", Lo: "0"})
}

// checkPrivateType accepts scalars, pointers and fixed-size arrays of numbers.
func checkPrivateType(t *cfacts.Type) error {
	switch t.Kind {
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex, cfacts.TypePointer:
		return nil
	case cfacts.TypeStruct, cfacts.TypeUnion: // structs.go checks its members
		return nil
	case cfacts.TypeArray:
		if t.Size > 0 && (isArith(elemType(t)) || isStructData(t)) {
			return nil
		}
		return fmt.Errorf("only fixed-size arrays of numbers or structs can be private")
	}
	return fmt.Errorf("type '%s' is not supported", t.Name)
}

// arrayVar completes an array-like variable: its shape, and where its
// device view comes from (data: an entry action of this construct; lookup:
// present data).
func (l *lowering) arrayVar(cv *CVar, a *analysis.VarAttr, data, lookup *DataItem) *CVar {
	v := cv.Var
	t := v.Type
	cv.Mode = ModeArray
	cv.Data = data
	cv.Lookup = lookup
	if isRowsType(t) && !cv.DevPtr {
		return l.rowsVar(cv, a.First) // rows.go
	}
	// Shape: the chain of array dimensions below the first subscript.
	var inner *cfacts.Type
	switch t.Kind {
	case cfacts.TypeArray, cfacts.TypePointer:
		inner = t.Elem
	}
	cv.Rank = 1
	for x := inner; x != nil && x.Kind == cfacts.TypeArray; x = x.Elem {
		cv.Rank++
		cv.Dims = append(cv.Dims, x.Len)
		if x.Len < 0 {
			cv.VLA = true
		}
	}
	cv.Elem = elemType(t)
	if cv.Elem == nil || !isArith(cv.Elem) && !isRecord(cv.Elem) {
		l.c.errorAt(a.First, "'%s': only arrays of numbers or structs can be used on the device (element type '%s')", v.Name, typeName(cv.Elem))
		return nil
	}
	if isRecord(cv.Elem) {
		if _, err := l.c.prog.structCL(cv.Elem); err != nil { // structs.go
			l.c.errorAt(a.First, "'%s': %v", v.Name, err)
			return nil
		}
	}
	if cv.VLA {
		sub := v.Name
		for d := 0; d < cv.Rank-1; d++ {
			sub += "[0]"
			cv.Strides = append(cv.Strides, fmt.Sprintf("sizeof(%s) / sizeof(%s)", sub, elemSub(v.Name, cv.Rank)))
		}
	}
	return cv
}

func elemSub(name string, rank int) string {
	return name + strings.Repeat("[0]", rank)
}

func typeName(t *cfacts.Type) string {
	if t == nil {
		return "?"
	}
	return t.Name
}

// ---- per kernel ----

// finishKernel decides the levels of the kernel's loops, its reductions and
// its parameters.
func (l *lowering) finishKernel(k *Kernel) {
	con := l.con
	if !k.Serial {
		l.routineCallLevels(k)
		assignLevels(k)
		for _, e := range k.errs {
			at := e.lp.Stmts[0].Span
			if e.lp.Region != nil {
				at = e.lp.Region.Directive.NameSpan
			}
			l.c.errorAt(at, "%s", e.msg)
		}
	} else {
		forEachLoop(k.Loops, func(lp *Loop) { lp.Levels = 0 })
	}
	forEachLoop(k.Loops, func(lp *Loop) { k.Levels |= lp.Levels })
	if !k.Serial {
		k.Levels |= l.c.routineKernelLevels(k)
	}
	// Name
	if len(con.Kernels) == 1 {
		k.Name = con.Name
	} else {
		for i, kk := range con.Kernels {
			if kk == k {
				k.Name = fmt.Sprintf("%s_%d", con.Name, i+1)
			}
		}
	}
	// Variables referenced by the kernel, or by the routines it calls.
	viaRoutines := l.c.kernelRoutineGlobals(k) // routineglobals.go
	for _, cv := range con.Vars {
		if l.refers(k, cv.Var) || slices.Contains(viaRoutines, cv.Var) || con.Spanning[cv.Var] && declaresWithInit(k, cv.Var) {
			if rd := l.readers[cv.Var]; rd != nil && !l.reducesIn(k, cv.Var) {
				cv = rd // spanningReductions: another kernel reduces it
			}
			k.Vars = append(k.Vars, cv)
			if pa := l.privArrays[cv.Var]; pa != nil && cv.Mode == ModePrivate {
				l.kernelPrivArray(k, pa) // privarray.go
			}
		}
	}
	// Reductions.
	for _, cv := range k.Vars {
		if cv.Mode == ModeReduction {
			l.globalReduction(k, cv)
		}
	}
	l.finalKernels(k) // reduce_device.go
	for _, v := range l.redVars() {
		rcs := l.redClauses[v]
		if l.global[v] != nil {
			continue
		}
		for _, rc := range rcs {
			lp := rc.loop
			if lp == nil || !loopInKernel(k, lp) || lp.Levels == 0 {
				continue
			}
			if !l.refers(k, v) {
				continue // the code never uses it: the reduction leaves it as it is (analysis: reduction-unused)
			}
			if lp.Levels&analysis.LevelGang != 0 && !l.oneGang() {
				l.c.errorAt(rc.span(), "a gang-level reduction on '%s', which is private to the construct, is not supported by the compiler yet (every gang would have to wait for the others after the loop; reduce a variable declared outside the construct, or give the construct num_gangs(1))", v.Name)
				continue
			}
			if lp.Levels&^analysis.LevelGang == 0 {
				continue // one gang runs the loop's iterations one after another: nothing to combine
			}
			if isArrayReduction(v, []redClause{rc}) { // reduce_local.go
				if red, err := l.localArrayReduction(v, rc); err != nil {
					l.c.errorAt(rc.span(), "%v", err)
				} else {
					lp.Reductions = append(lp.Reductions, red)
					k.Local = append(k.Local, red)
				}
				continue
			}
			red, err := scalarReduction(rc.op, v)
			if err != nil {
				l.c.errorAt(rc.span(), "%v", err)
				continue
			}
			red.Loop, red.Pos = lp, rc.span().Start
			lp.Reductions = append(lp.Reductions, red)
			k.Local = append(k.Local, red)
		}
	}
	l.checkLocalArrayNesting(k) // reduce_local.go
	if !k.Serial {
		l.sharedArrays(k)
	}
	// Loops that contain barriers must run uniformly.
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Levels&(analysis.LevelWorker|analysis.LevelVector) != 0 && hasBarrierInside(lp) {
			lp.Uniform = true
		}
	})
	// Gang loops size the grid.
	var gang func(ls []*Loop)
	gang = func(ls []*Loop) {
		for _, lp := range ls {
			if lp.Levels&analysis.LevelGang != 0 {
				k.GangLoops = append(k.GangLoops, lp)
				continue
			}
			gang(lp.Children)
		}
	}
	gang(k.Loops)
	// One collapsed gang-vector nest and nothing else partitioned: a 2-D or
	// 3-D NDRange maps the loops directly (no division of a linear index).
	if !k.Serial && len(k.Loops) == 1 {
		lp := k.Loops[0]
		inner := false
		forEachLoop(lp.Children, func(x *Loop) { inner = inner || x.Levels != 0 })
		if !inner && (len(lp.Vars) == 2 || len(lp.Vars) == 3) && lp.Levels == analysis.LevelGang|analysis.LevelVector &&
			!lp.Uniform && len(lp.Reductions) == 0 && !lp.Shares && len(lp.Tile) == 0 && !hasArrayReduction(k) {
			k.Grid = len(lp.Vars)
		}
	}
	l.scheduleKernel(k) // loopsched.go
	l.params(k)
	if splitGrid(k) { // gridfast.go
		k.StrideName = k.Name + "_stride"
		k.OffsetName = k.Name + "_off"
	}
	l.routineScratch(k)
	l.c.planCacheStages(k)
}

func forEachLoop(ls []*Loop, f func(*Loop)) {
	for _, lp := range ls {
		f(lp)
		forEachLoop(lp.Children, f)
	}
}

func loopInKernel(k *Kernel, lp *Loop) bool {
	found := false
	forEachLoop(k.Loops, func(x *Loop) { found = found || x == lp })
	return found
}

// hasBarrierInside reports whether a loop nested in lp synchronizes the
// work-group (a local reduction, gang-shared arrays).
func hasBarrierInside(lp *Loop) bool {
	found := false
	forEachLoop(lp.Children, func(x *Loop) { found = found || x.barrier() })
	return found
}

// barrier reports whether the work-group synchronizes around the loop.
func (lp *Loop) barrier() bool {
	return lp.Levels != 0 && (len(lp.Reductions) > 0 || lp.Shares)
}

// sharedArrays finds the arrays private to a gang (a private clause of a
// gang loop or of the construct, or declared in gang-redundant code) that
// the workers or vector lanes of the gang access in a partitioned loop:
// they live in __local memory, with barriers around those loops.
func (l *lowering) sharedArrays(k *Kernel) {
	type cand struct {
		v     *cfacts.Var
		scope acc.Span
	}
	var cands []cand
	isArr := func(v *cfacts.Var) bool { return v.Type != nil && v.Type.Kind == cfacts.TypeArray }
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Levels&analysis.LevelGang != 0 {
			for _, v := range lp.Private {
				if isArr(v) {
					cands = append(cands, cand{v, lp.Stmts[0].Span})
				}
			}
		}
	})
	whole := acc.Span{Start: k.Stmts[0].Span.Start, End: k.Stmts[len(k.Stmts)-1].Span.End}
	for _, cv := range k.Vars {
		if cv.Mode == ModePrivate && l.conPrivate[cv.Var] && isArr(cv.Var) {
			cands = append(cands, cand{cv.Var, whole})
		}
	}
	// innermost partitioned loop around a span
	around := func(sp acc.Span) *Loop {
		var best *Loop
		forEachLoop(k.Loops, func(lp *Loop) {
			s := lp.Stmts[0].Span
			if lp.Levels != 0 && s.Start <= sp.Start && sp.End <= s.End {
				best = lp
			}
		})
		return best
	}
	for _, st := range k.Stmts {
		cfacts.Walk(st, func(s *cfacts.Stmt) bool {
			for _, v := range s.Decls {
				if !isArr(v) {
					continue
				}
				in := around(v.NameSpan)
				if in == nil {
					cands = append(cands, cand{v, whole})
				} else if in.Levels&(analysis.LevelWorker|analysis.LevelVector) == 0 {
					cands = append(cands, cand{v, in.Stmts[0].Span})
				}
			}
			return true
		})
	}
	if k.Shared == nil {
		k.Shared = map[*cfacts.Var]string{}
	}
	for _, c := range cands {
		if _, done := k.Shared[c.v]; done {
			continue
		}
		var users []*Loop
		for _, st := range k.Stmts {
			// a pointer holding the array's address uses it too
			// (tl = tile; tl[j] in a vector loop)
			aliases := analysis.PointerAliasesOf(st, c.v)
			walkAllExprs(st, func(e *cfacts.Expr) {
				if e.Kind != cfacts.ExprIdent || (e.Var != c.v && !aliases[e.Var]) || e.Span.Start < c.scope.Start || e.Span.End > c.scope.End {
					return
				}
				p := around(e.Span)
				if p == nil || p.Levels&(analysis.LevelWorker|analysis.LevelVector) == 0 {
					return
				}
				if reducedAround(k, c.v, e.Span) {
					return // each work-item's copy in the loop (reduce_local.go)
				}
				if declaredIn(c.v, p.Stmts[0]) {
					return
				}
				for _, pv := range p.Private {
					if pv == c.v {
						return
					}
				}
				// the outermost W/V loop inside the scope carries the barriers
				for p.Parent != nil && p.Parent.Levels&(analysis.LevelWorker|analysis.LevelVector) != 0 &&
					c.scope.Start <= p.Parent.Stmts[0].Span.Start {
					p = p.Parent
				}
				users = append(users, p)
			})
		}
		if len(users) == 0 {
			continue
		}
		k.Shared[c.v] = l.c.fresh(clName(c.v.Name) + "_gang")
		for _, p := range users {
			p.Shares = true
		}
	}
}

// globalReduction sets up a construct-level reduction in kernel k. Each
// work-item accumulates into its private partial; a partial counts only
// from the work-items that do not repeat another's work: the coordinates
// of the levels that do not partition the updates must be 0 (Mask). When
// updates sit at different depths (s += x in a gang loop and in a vector
// loop inside it), the inner loops' reduction clauses combine their lanes'
// partials first (a local reduction that gives every lane the sum), and the
// outermost reduction loops decide the mask.
func (l *lowering) globalReduction(k *Kernel, cv *CVar) {
	// each kernel its own copy: its mask and final kernel (a kernels
	// construct may reduce the variable in several loop nests)
	red := new(Reduction)
	*red = *cv.Red
	k.Reductions = append(k.Reductions, red)
	// Only levels with more than one work-item matter: gang (there may be
	// several gangs) and the levels the kernel uses.
	all := k.Levels | analysis.LevelGang
	a := l.byVar[cv.Var]
	var sites []analysis.Level
	same := true
	if a != nil {
		for _, ref := range a.Refs {
			if !inKernel(k, ref.Span) {
				continue // another kernel's (reduce_spanning.go)
			}
			p := l.levelsAround(k, ref.Span)
			if len(sites) > 0 && p != sites[0] {
				same = false
			}
			sites = append(sites, p)
		}
	}
	if same {
		red.Mask = all &^ l.coveringLevels(k, cv)
		return
	}
	if red.Len > 0 && (red.Lo != "0" || red.RunLen != "") {
		l.c.errorAt(acc.Span{Start: red.Pos, End: red.Pos}, "the reduction on '%s' is updated at different loop levels (in a loop and in a loop nested in it): supported for whole arrays and sub-arrays from 0 of constant length only", red.Section.Name)
		return
	}
	// Reduction loops of v nested in another reduction loop of v.
	var loops []*Loop
	for _, rc := range l.redClauses[cv.Var] {
		if rc.loop != nil && loopInKernel(k, rc.loop) && rc.loop.Levels != 0 {
			loops = append(loops, rc.loop)
		}
	}
	if l.reductionGap(k, cv, a, loops) { // reduce_local.go
		return
	}
	inside := func(in, out *Loop) bool {
		for p := in.Parent; p != nil; p = p.Parent {
			if p == out {
				return true
			}
		}
		return false
	}
	var outer analysis.Level
	for _, lp := range loops {
		nested := false
		for _, o := range loops {
			if o != lp && inside(lp, o) {
				nested = true
			}
		}
		if !nested {
			outer |= l.levelsAround(k, lp.Stmts[0].Span) | lp.Levels
			continue
		}
		if lp.Levels&analysis.LevelGang != 0 {
			l.c.errorAt(lp.Stmts[0].Span, "nested gang-level reductions of '%s' are not supported", cv.Name)
			continue
		}
		lr := &Reduction{Op: red.Op, Var: red.Var, Name: red.Name, Accrt: red.Accrt, CL: red.CL, Loop: lp, Pos: lp.Stmts[0].Span.Start,
			Dims: red.Dims, Len: red.Len, Lo: red.Lo} // an array's: reduce_local.go
		lp.Reductions = append(lp.Reductions, lr)
		k.Local = append(k.Local, lr)
	}
	if outer == 0 {
		outer = l.coveringLevels(k, cv)
	}
	red.Mask = all &^ outer
}

// levelsAround is the union of the levels of the partitioned loops of k
// whose statement contains span sp.
func (l *lowering) levelsAround(k *Kernel, sp acc.Span) analysis.Level {
	var u analysis.Level
	forEachLoop(k.Loops, func(lp *Loop) {
		s := lp.Stmts[0].Span
		if s.Start <= sp.Start && sp.End <= s.End {
			u |= lp.Levels
		}
	})
	return u
}

// coveringLevels is the union of the levels of the partitioned loops that
// enclose the references to cv in kernel k.
func (l *lowering) coveringLevels(k *Kernel, cv *CVar) analysis.Level {
	a := l.byVar[cv.Var]
	var u analysis.Level
	if a == nil {
		return allLevels
	}
	forEachLoop(k.Loops, func(lp *Loop) {
		s := lp.Stmts[0]
		for _, ref := range a.Refs {
			if s.Span.Start <= ref.Span.Start && ref.Span.End <= s.Span.End {
				u |= lp.Levels
			}
		}
	})
	return u
}

// assignLevels gives each loop of a (non-serial) kernel its levels.
func assignLevels(k *Kernel) {
	usesWorker := false
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Explicit&analysis.LevelWorker != 0 && !lp.Seq {
			usesWorker = true
		}
	})
	var below func(lp *Loop) analysis.Level
	below = func(lp *Loop) analysis.Level {
		var u analysis.Level
		for _, ch := range lp.Children {
			if !ch.Seq {
				u |= ch.Explicit
			}
			u |= below(ch)
		}
		return u
	}
	var assign func(ls []*Loop, above analysis.Level)
	assign = func(ls []*Loop, above analysis.Level) {
		for _, lp := range ls {
			if lp.Seq {
				lp.Levels = 0
				lp.Note = "seq"
				assign(lp.Children, above)
				continue
			}
			e := lp.Explicit & allLevels
			lo, hi := deepest(above), shallowest(below(lp))
			if e == 0 {
				// The coarsest level between the loops around and the
				// loops inside: gang, else vector, else worker.
				for _, c := range []analysis.Level{analysis.LevelGang, analysis.LevelVector, analysis.LevelWorker} {
					if lo < depth(c) && depth(c) < hi {
						e = c
						break
					}
				}
				if e == 0 {
					lp.Note = "no level left: seq"
				} else {
					lp.Note = "no level given: " + e.String()
				}
			} else if shallowest(e) <= lo && !gangInGangDim(lp, lo) {
				msg := fmt.Sprintf("a '%s' loop cannot be nested in a '%s' loop", e, levelAt(above, lo))
				if k.Construct.Kind == "kernels" && e&above&analysis.LevelGang != 0 {
					// PGI's nested gang loops that depend.go gangDimensions did not take
					msg += " (accls maps gang loops nested in a 'kernels' construct onto a grid when the outer ones are independent, have no reduction, tile or gang(static:), and form one chain)"
				} else if lp.Parent != nil && len(lp.Parent.Children) == 1 && lp.Parent.Region != nil && lp.Region != nil {
					// PGI's grids over tightly nested loops (analysis' loop-level-order fix)
					msg += " (OpenACC 3.3 §2.9; to partition tightly nested loops together, put collapse(n) on the outer loop's directive)"
				}
				k.errs = append(k.errs, loopError{lp, msg})
			}
			lp.Levels = e
			assign(lp.Children, above|e)
		}
	}
	assign(k.Loops, 0)
	// Leaves take the levels below theirs (an independent loop with no
	// partitioned loop inside can use the whole work-group).
	var partitionedInside func(lp *Loop) bool
	partitionedInside = func(lp *Loop) bool {
		for _, ch := range lp.Children {
			if ch.Levels != 0 || partitionedInside(ch) {
				return true
			}
		}
		return false
	}
	forEachLoop(k.Loops, func(lp *Loop) {
		if lp.Levels == 0 || partitionedInside(lp) {
			return
		}
		add := analysis.LevelNone
		var above analysis.Level
		for p := lp.Parent; p != nil; p = p.Parent {
			above |= p.Levels
		}
		if above&(analysis.LevelWorker|analysis.LevelVector) != 0 {
			return
		}
		if lp.Levels&(analysis.LevelWorker|analysis.LevelVector) == 0 && usesWorker {
			add |= analysis.LevelWorker
		}
		if lp.Levels&analysis.LevelVector == 0 {
			add |= analysis.LevelVector
		}
		add &^= lp.RoutineLevels
		if add != 0 {
			lp.Levels |= add
			if lp.Note != "" {
				lp.Note += "; "
			}
			lp.Note += "innermost partitioned loop: also " + add.String()
		}
	})
}

// depth orders the levels: gang 1, worker 2, vector 3.
func depth(l analysis.Level) int {
	switch l {
	case analysis.LevelGang:
		return 1
	case analysis.LevelWorker:
		return 2
	case analysis.LevelVector:
		return 3
	}
	return 0
}

// deepest is the depth of the finest level in l (0 when none).
func deepest(l analysis.Level) int {
	d := 0
	for _, c := range []analysis.Level{analysis.LevelGang, analysis.LevelWorker, analysis.LevelVector} {
		if l&c != 0 {
			d = depth(c)
		}
	}
	return d
}

// shallowest is the depth of the coarsest level in l (4 when none).
func shallowest(l analysis.Level) int {
	for _, c := range []analysis.Level{analysis.LevelGang, analysis.LevelWorker, analysis.LevelVector} {
		if l&c != 0 {
			return depth(c)
		}
	}
	return 4
}

// levelAt is the level of depth d.
func levelAt(_ analysis.Level, d int) analysis.Level {
	switch d {
	case 1:
		return analysis.LevelGang
	case 2:
		return analysis.LevelWorker
	case 3:
		return analysis.LevelVector
	}
	return 0
}

// loopError is a problem with the levels of a loop, reported by finishKernel.
type loopError struct {
	lp  *Loop
	msg string
}

// params lays out the kernel's parameters.
func (l *lowering) params(k *Kernel) {
	c := l.c
	idx := 0
	add := func(p *Param) {
		p.Index = idx
		idx++
		if p.Kind == ParamDev || p.Kind == ParamPrivInit || p.Kind == ParamTable {
			idx++
		}
		k.Params = append(k.Params, p)
	}
	for _, cv := range k.Vars {
		switch cv.Mode {
		case ModeArray, ModeRef:
			t := cv.Elem
			if cv.Mode == ModeRef {
				t = cv.Var.Type
			}
			ty, err := c.prog.typeCL(t) // structs.go
			if err != nil {
				c.errorAt(cv.Var.NameSpan, "'%s': %v", cv.Name, err)
				continue
			}
			if ty == "bool" {
				ty = "uchar" // stores convert to 0 or 1 (cemit.go boolAssign)
			}
			if needsFP64(ty) {
				c.prog.UsesDouble = true
			}
			add(&Param{Kind: ParamDev, Var: cv, Name: clName(cv.Name), CL: ty})
			if cv.ElemMember != nil { // attach.go: the member pool's offsets
				add(&Param{Kind: ParamTable, Var: cv, Name: clName(cv.Name) + "_tab", CL: "ulong"})
			}
			for d, s := range cv.Strides {
				add(&Param{Kind: ParamStride, Var: cv, Name: fmt.Sprintf("%s_stride%d", clName(cv.Name), d), CL: "ulong", Host: s, HostT: "cl_ulong", Dim: d})
			}
		case ModeValue:
			ty, err := paramCL(cv.Var.Type)
			if err != nil {
				c.errorAt(cv.Var.NameSpan, "'%s': %v", cv.Name, err)
				continue
			}
			ht, _ := hostCL(cv.Var.Type)
			if needsFP64(ty) {
				c.prog.UsesDouble = true
			}
			add(&Param{Kind: ParamValue, Var: cv, Name: clName(cv.Name), CL: ty, Host: cv.Name, HostT: ht})
		case ModeValueArray:
			ty, err := c.prog.typeCL(cv.Elem) // structs.go
			if err != nil {
				c.errorAt(cv.Var.NameSpan, "'%s': %v", cv.Name, err)
				continue
			}
			if needsFP64(ty) {
				c.prog.UsesDouble = true
			}
			add(&Param{Kind: ParamBytes, Var: cv, Name: clName(cv.Name) + "_value", CL: ty})
		}
	}
	for _, red := range k.Reductions {
		if needsFP64(red.CL) {
			c.prog.UsesDouble = true
		}
		if !k.Serial {
			add(&Param{Kind: ParamScratch, Red: red, Name: "_" + clName(red.Name) + "_scratch", CL: red.CL})
		}
		add(&Param{Kind: ParamPartials, Red: red, Name: "_" + clName(red.Name) + "_partials", CL: red.CL})
		if red.Len > 0 {
			for _, p := range arrayRedParams(k, red) { // reduce_array.go
				add(p)
			}
		}
	}
	for i, red := range k.Local {
		if needsFP64(red.CL) {
			c.prog.UsesDouble = true
		}
		add(&Param{Kind: ParamScratch, Red: red, Name: fmt.Sprintf("_%s_scratch%d", clName(red.Name), i+1), CL: red.CL})
	}
	for _, p := range k.HoistedParams { // hoistbounds.go
		add(p)
	}
	forEachLoop(k.Loops, func(lp *Loop) { // gang(static:) sizes the host evaluates (loopsched.go)
		if lp.StaticArg != "" {
			add(&Param{Kind: ParamValue, Name: lp.StaticArg, CL: "long", Host: lp.StaticHost, HostT: "cl_long"})
		}
	})
	for _, pa := range k.PrivArrays { // privarray.go
		for _, p := range privArrayParams(pa) {
			add(p)
		}
	}
	if !k.Serial {
		add(&Param{Kind: ParamShape, Name: "_nworkers", CL: "uint", Host: "accls_W", HostT: "cl_uint"})
		add(&Param{Kind: ParamShape, Name: "_vlen", CL: "uint", Host: "accls_V", HostT: "cl_uint"})
	}
}

// redVars are the variables of redClauses in source order (of their first
// reduction clause): the kernel's reductions, its arguments and the
// messages come out the same on every run.
func (l *lowering) redVars() []*cfacts.Var {
	vs := make([]*cfacts.Var, 0, len(l.redClauses))
	for v := range l.redClauses {
		vs = append(vs, v)
	}
	slices.SortFunc(vs, func(a, b *cfacts.Var) int {
		return l.redClauses[a][0].span().Start - l.redClauses[b][0].span().Start
	})
	return vs
}

// writtenAfterDecl reports whether the construct writes a's variable other
// than by initializing it in its declaration (or may, through its address).
func writtenAfterDecl(a *analysis.VarAttr) bool {
	for _, r := range a.Refs {
		if r.Decl {
			continue
		}
		if r.MayWrite() || r.Addr {
			return true
		}
	}
	return false
}
