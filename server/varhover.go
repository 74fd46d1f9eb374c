package server

import (
	"context"
	"fmt"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/hover"
	"github.com/accls/accls/source/cfacts"
)

// Hover on a variable, when the directive-level hover has nothing: a
// variable named in a clause of a directive, or used in the C code of a
// compute construct, is explained with the data attribute it has in that
// construct (explicit, implicit or predetermined, and why), what moves at
// the construct's entry and exit, its bounds and size when known. It reads
// the last semantic run (waiting a little for a pending one) moved onto the
// request's text; a variable in text edited since that run has no hover.

// varHoverWait bounds how long hover waits for a pending semantic run.
var varHoverWait = 300 * time.Millisecond

func (s *server) variableHover(ctx context.Context, r *request, off int) *protocol.Hover {
	res := s.lastModel(ctx, r.snap, varHoverWait)
	if res == nil || res.model == nil || res.model.C == nil {
		return nil
	}
	m := diffTexts(res.text, r.snap.text)
	moff, ok := m.back(off)
	if !ok {
		return nil
	}
	vh := &varHover{res: res, snap: r.snap, m: m}
	md, span, ok := vh.inClause(moff)
	if !ok {
		md, span, ok = vh.inMember(moff)
	}
	if !ok {
		md, span, ok = vh.inCode(moff)
	}
	if !ok {
		md, span, ok = vh.inRoutine(moff) // routinehover.go
	}
	if !ok {
		return nil
	}
	cur, ok := m.span(span)
	if !ok {
		return nil
	}
	rng := r.snap.doc.Range(cur)
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md},
		Range:    &rng,
	}
}

type varHover struct {
	res  *semResult
	snap *snapshot
	m    textMap
}

// describe names a construct for the hover: "`parallel loop` construct (line 12)".
func (vh *varHover) describe(r *analysis.Region) string {
	return vh.describeDirective(r.Directive, "construct")
}

// describeDirective names directive d, a "construct" or a "directive",
// with its line in the request's text.
func (vh *varHover) describeDirective(d *acc.Directive, noun string) string {
	return fmt.Sprintf("`%s` %s (line %d)", directiveName(d), noun, vh.lineOf(d.Span.Start))
}

// inClause explains the variable of a var-list item under the cursor.
func (vh *varHover) inClause(off int) (string, acc.Span, bool) {
	model := vh.res.model
	for _, d := range model.Acc.Directives {
		if d == nil || !d.Span.Contains(off) {
			continue
		}
		for _, c := range d.Clauses {
			if c == nil || c.Args == nil || !c.Args.Span.Contains(off) {
				continue
			}
			for _, it := range c.Args.Items {
				if it == nil || it.Var == nil {
					continue
				}
				if md, span, ok := vh.clauseMember(d, it, off); ok {
					return md, span, true
				}
				if md, span, ok := vh.clauseBound(d, it, off); ok {
					return md, span, true
				}
				// the variable's name, or a member's the item's own hover
				// covers (enter/exit data, update; members that are part
				// of the struct)
				span, ok := it.Var.NameSpan, it.Var.NameSpan.Contains(off)
				if !ok {
					span, ok = memberNameAt(it, off)
				}
				if !ok {
					continue
				}
				reg := model.ByDirective[d]
				if reg == nil {
					return "", acc.Span{}, false
				}
				if reg.Kind == analysis.RegionStandalone {
					md := vh.standaloneItem(d, c, it)
					return md, span, md != ""
				}
				a, ok := vh.clauseAttr(reg, c, it)
				if !ok {
					return "", acc.Span{}, false
				}
				return vh.markdown(a, reg), span, true
			}
		}
		return "", acc.Span{}, false
	}
	return "", acc.Span{}, false
}

// standaloneItem explains item it of clause c of an enter data, exit data
// or update directive d ("" for other directives and clauses).
func (vh *varHover) standaloneItem(d *acc.Directive, c *acc.Clause, it *acc.Arg) string {
	if c.Spec == nil || d.Spec == nil {
		return ""
	}
	v := resolveVar(vh.res.model, it.Var.Name, d.Span.Start)
	if v == nil {
		return ""
	}
	si := hover.StandaloneItem{Directive: d.Spec.Name, Clause: c.Spec.Name, Item: it.Text, Var: v.Name, Type: v.Type, Bytes: -1}
	if len(it.Var.Members) == 0 {
		si.Bytes = sectionBytes(v.Type, it.Var.Subscripts)
	} else if t, _ := analysis.ItemMemberTypes(v, it.Var.Members); t != nil && t.Kind == cfacts.TypePointer {
		sub := *it.Var
		sub.Subscripts = nil
		si.PointerMember = analysis.ItemPath(&acc.Arg{Var: &sub})
		si.Var, si.Type = si.PointerMember, t
	}
	for _, x := range d.Clauses {
		if x == nil || x.Spec == nil {
			continue
		}
		switch x.Spec.Name {
		case "finalize":
			si.Finalize = true
		case "if_present":
			si.IfPresent = true
		case "async":
			si.Async = true
		}
	}
	return hover.StandaloneMarkdown(si, vh.describeDirective(d, "directive"))
}

// clauseAttr is the attribute item of clause c gives its variable on
// region reg: from DataAttributes for compute constructs, from the clause
// itself otherwise.
func (vh *varHover) clauseAttr(reg *analysis.Region, c *acc.Clause, it *acc.Arg) (analysis.VarAttr, bool) {
	if reg.Kind == analysis.RegionCompute {
		for _, a := range analysis.DataAttributes(vh.res.model, reg) {
			if a.Item == it || a.Clause == c && a.Var != nil && a.Var.Name == it.Var.Name {
				return a, true
			}
		}
	}
	if c.Spec == nil {
		return analysis.VarAttr{}, false
	}
	attr := analysis.ClauseAttr(c.Spec.Name)
	if attr == analysis.AttrNone {
		return analysis.VarAttr{}, false
	}
	v := resolveVar(vh.res.model, it.Var.Name, reg.Directive.Span.Start)
	if v == nil {
		return analysis.VarAttr{}, false
	}
	a := analysis.VarAttr{Var: v, Attr: attr, Clause: c, Item: it, From: reg, Bounds: it.Text, Bytes: -1}
	if len(it.Var.Members) == 0 {
		a.Bytes = sectionBytes(v.Type, it.Var.Subscripts)
	}
	return a, true
}

// sectionBytes is the size of the part of a variable of type t that
// subscripts select: the whole variable without subscripts, the product of
// constant section lengths (and the element size) otherwise; -1 when unknown.
func sectionBytes(t *cfacts.Type, subs []acc.Subscript) int64 {
	if t == nil {
		return -1
	}
	if len(subs) == 0 {
		if t.Kind == cfacts.TypePointer {
			return -1 // the pointer itself; what it points to is unknown
		}
		return t.Size
	}
	n := int64(1)
	for _, sub := range subs {
		if t == nil || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
			return -1
		}
		switch {
		case sub.Section && sub.Length != nil:
			l, ok := sub.Length.Int()
			if !ok || l < 0 {
				return -1
			}
			n *= l
		case sub.Section && t.Kind == cfacts.TypeArray && t.Len >= 0:
			lo := int64(0)
			if sub.Lower != nil {
				var ok bool
				if lo, ok = sub.Lower.Int(); !ok {
					return -1
				}
			}
			n *= t.Len - lo
		case !sub.Section:
			// a single element
		default:
			return -1
		}
		t = t.Elem
	}
	if t == nil || t.Size < 0 {
		return -1
	}
	return n * t.Size
}

// resolveVar finds the variable name refers to at offset off: a local of the
// function around off declared before it in an enclosing block, a
// parameter, or a global.
func resolveVar(m *analysis.Model, name string, off int) *cfacts.Var {
	for _, f := range m.Funcs {
		fn := f.Func
		if fn == nil || off < fn.Span.Start || off >= fn.Span.End {
			continue
		}
		var best *cfacts.Var
		walkStmt(fn.Body, func(st *cfacts.Stmt) {
			var decls []*cfacts.Var
			switch {
			case st.Kind == cfacts.StmtDecl:
				decls = st.Decls
			}
			for _, v := range decls {
				if v.Name != name || v.NameSpan.Start > off {
					continue
				}
				if v.Scope != nil && !(v.Scope.Span.Start <= off && off < v.Scope.Span.End) {
					continue
				}
				if best == nil || v.NameSpan.Start > best.NameSpan.Start {
					best = v
				}
			}
		}, nil)
		if best != nil {
			return best
		}
		for _, v := range fn.Params {
			if v.Name == name {
				return v
			}
		}
	}
	if m.C != nil {
		for _, v := range m.C.Globals {
			if v.Name == name && v.NameSpan.Start < off {
				return v
			}
		}
	}
	return nil
}

// computeAt is the innermost compute construct whose code contains off.
func (vh *varHover) computeAt(off int) *analysis.Region {
	var reg *analysis.Region
	for _, f := range vh.res.model.Funcs {
		for _, r := range computeRegions(f.Regions, nil) {
			if r.Stmt != nil && r.Stmt.Span.Start <= off && off <= r.Stmt.Span.End {
				reg = r // the innermost one comes last
			}
		}
	}
	return reg
}

// inCode explains a variable used in the C code of a compute construct.
func (vh *varHover) inCode(off int) (string, acc.Span, bool) {
	reg := vh.computeAt(off)
	if reg == nil {
		return "", acc.Span{}, false
	}
	// A use, or a declarator (`int i` of a for loop).
	var v *cfacts.Var
	var span acc.Span
	walkStmt(reg.Stmt, func(st *cfacts.Stmt) {
		for _, d := range st.Decls {
			if d.NameSpan.Contains(off) {
				v, span = d, d.NameSpan
			}
		}
	}, func(e *cfacts.Expr) {
		if e.Kind == cfacts.ExprIdent && e.Var != nil && e.Span.Contains(off) {
			v, span = e.Var, e.Span
		}
	})
	if v == nil {
		return "", acc.Span{}, false
	}
	a, ok := vh.attrIn(reg, v)
	if !ok {
		return "", acc.Span{}, false
	}
	return vh.markdown(a, reg), span, true
}

// attrIn is the data attribute of v in compute construct reg: from
// DataAttributes, or private for a variable declared inside it.
func (vh *varHover) attrIn(reg *analysis.Region, v *cfacts.Var) (analysis.VarAttr, bool) {
	for _, a := range analysis.DataAttributes(vh.res.model, reg) {
		if a.Var == v {
			return a, true
		}
	}
	// Declared inside the construct: private by nature.
	if v.Storage == cfacts.StorageLocal && v.Scope != nil && reg.Stmt.Span.Start <= v.Scope.Span.Start && v.Scope.Span.End <= reg.Stmt.Span.End {
		a := analysis.VarAttr{Var: v, Attr: analysis.AttrPrivate, From: reg, Bytes: -1,
			Reason: "it is declared inside the construct, so each thread that executes the declaration has its own"}
		for _, l := range reg.Loops {
			if v.Scope == l {
				a.Reason = "it is the loop variable of a loop associated with the construct: each iteration has its own (OpenACC 3.3 §2.6.1)"
			}
		}
		if v.Type != nil {
			a.Bytes = v.Type.Size
			if v.Type.Kind == cfacts.TypePointer {
				a.PointsInto = analysis.PointerTargets(reg.Stmt, v)
			}
		}
		return a, true
	}
	return analysis.VarAttr{}, false
}

// inMember explains a member access (v.n, v.x[i], g->u[i]) in the C code
// of a compute construct, the cursor on the member's name.
func (vh *varHover) inMember(off int) (string, acc.Span, bool) {
	reg := vh.computeAt(off)
	if reg == nil {
		return "", acc.Span{}, false
	}
	var access *cfacts.Expr
	walkStmt(reg.Stmt, nil, func(e *cfacts.Expr) {
		if e.Kind == cfacts.ExprMember && memberNameSpan(e).Contains(off) {
			access = e
		}
	})
	if access == nil {
		return "", acc.Span{}, false
	}
	path, root := analysis.MemberPath(access)
	if root == nil || root.Var == nil {
		return vh.elementMember(reg, access) // a[i].x; f().x: no variable at all
	}
	a, ok := vh.attrIn(reg, root.Var)
	if !ok {
		return "", acc.Span{}, false
	}
	// the declared type: an array member's expression has the decayed pointer type
	t, holder := analysis.MemberTypes(access)
	mb := hover.Member{Path: path, Root: a, Type: t, Struct: holder}
	if a.From != nil && a.From != reg && a.From.Directive != nil {
		mb.RootFrom = vh.describe(a.From)
	}
	first, _ := analysis.ElementMember(access) // c->x, c->in.x: the access of the element's own member
	if first.Op == "->" && first.X != nil && first.X.Kind == cfacts.ExprMember && first.X.Type != nil &&
		first.X.Type.Kind == cfacts.TypePointer && first.X.Type.Elem.IsRecord() {
		first, _ = analysis.ElementMember(first.X) // c->p->x: one pointer member further (compiler/attach.go viaMember)
	}
	if first.Op == "->" && first.X != nil && first.X.Kind == cfacts.ExprIdent && t != nil && t.Kind == cfacts.TypePointer {
		// c->x with c = &a[i]: the element's member (compiler/attach.go)
		if assign, array := vh.cursorOf(reg, root.Var, 3); array != "" {
			mb.Pointer, mb.Cursor, mb.Array = true, assign, array
			mb.Read, mb.Written = analysis.MemberUse(vh.res.model, reg, root.Var, path)
			return hover.MemberMarkdown(mb, vh.describe(reg)), memberNameSpan(access), true
		}
	}
	vh.memberData(&mb, reg, root.Var)
	mb.Read, mb.Written = analysis.MemberUse(vh.res.model, reg, root.Var, path)
	return hover.MemberMarkdown(mb, vh.describe(reg)), memberNameSpan(access), true
}

// cursorOf finds where compute construct reg points pointer c into the
// elements of an array of structs (c = &a[i], c = a + i, or c's
// initialization; left = c - 1 follows c, depth times at most): the
// assignment as written and the array; "" when c is not assigned so.
func (vh *varHover) cursorOf(reg *analysis.Region, c *cfacts.Var, depth int) (assign, array string) {
	text := vh.res.text
	spell := func(e *cfacts.Expr) string {
		if e == nil || e.Span.Start < 0 || e.Span.End > len(text) || e.Span.Start > e.Span.End {
			return ""
		}
		return string(text[e.Span.Start:e.Span.End])
	}
	var rhs *cfacts.Expr
	walkStmt(reg.Stmt, func(st *cfacts.Stmt) {
		for _, v := range st.Decls {
			if v == c && v.Init != nil && rhs == nil {
				rhs, assign = v.Init, c.Name+" = "+spell(v.Init)
			}
		}
	}, func(e *cfacts.Expr) {
		if e.Kind == cfacts.ExprAssign && e.Op == "=" && e.X != nil && e.X.Kind == cfacts.ExprIdent && e.X.Var == c && rhs == nil {
			rhs, assign = e.Y, spell(e)
		}
	})
	x := rhs
	for x != nil && x.Kind == cfacts.ExprCast {
		x = x.X
	}
	switch {
	case x == nil:
		return "", ""
	case x.Kind == cfacts.ExprUnary && x.Op == "&" && x.X != nil && x.X.Kind == cfacts.ExprIndex:
		x = x.X.X
	case x.Kind == cfacts.ExprBinary && (x.Op == "+" || x.Op == "-") && x.X != nil && x.Y != nil:
		if x.Op == "+" && x.Y.Type != nil && (x.Y.Type.Kind == cfacts.TypePointer || x.Y.Type.Kind == cfacts.TypeArray) {
			x = x.Y
		} else {
			x = x.X
		}
	}
	if x == nil || x.Type == nil || x.Type.Elem == nil || x.Type.Elem.Kind != cfacts.TypeStruct && x.Type.Elem.Kind != cfacts.TypeUnion {
		return "", ""
	}
	if x.Kind == cfacts.ExprIdent && x.Var != nil && x.Var != c && depth > 0 {
		if _, array := vh.cursorOf(reg, x.Var, depth-1); array != "" { // left = c - 1, c itself assigned here
			return assign, array
		}
	}
	return assign, spell(x)
}

// elementMember explains a member of an array element (all[i].n,
// all[i].x[j]) in the code of compute construct reg: a part of the array's
// own data, or, for a pointer member, an address that no clause attaches.
func (vh *varHover) elementMember(reg *analysis.Region, access *cfacts.Expr) (string, acc.Span, bool) {
	base := access
	for base != nil && base.Kind == cfacts.ExprMember {
		if base.X != nil && base.X.Kind == cfacts.ExprIndex && base.Op != "." {
			return "", acc.Span{}, false // ps[i]->n: a struct an element points to
		}
		base = base.X
	}
	elem := base
	for base != nil && base.Kind == cfacts.ExprIndex {
		base = base.X
	}
	if elem == base || base == nil {
		return "", acc.Span{}, false
	}
	rootVar, array := base.Var, ""
	if base.Kind == cfacts.ExprMember { // mesh->cell[i].U: the elements a member points to
		_, root := analysis.MemberPath(base)
		if root == nil {
			return "", acc.Span{}, false
		}
		rootVar = root.Var
	} else if base.Kind != cfacts.ExprIdent {
		return "", acc.Span{}, false
	}
	text := vh.res.text
	if rootVar == nil || access.Span.Start < 0 || access.Span.End > len(text) || elem.Span.End > len(text) || base.Span.Start < 0 {
		return "", acc.Span{}, false
	}
	if base.Kind == cfacts.ExprMember {
		array = string(text[base.Span.Start:base.Span.End])
	}
	a, ok := vh.attrIn(reg, rootVar)
	if !ok {
		return "", acc.Span{}, false
	}
	t, holder := analysis.MemberTypes(access)
	mb := hover.Member{Path: string(text[access.Span.Start:access.Span.End]), Element: string(text[elem.Span.Start:elem.Span.End]),
		Root: a, Type: t, Struct: holder, Pointer: t != nil && t.Kind == cfacts.TypePointer, Array: array}
	if a.From != nil && a.From != reg && a.From.Directive != nil {
		mb.RootFrom = vh.describe(a.From)
	}
	return hover.MemberMarkdown(mb, vh.describe(reg)), memberNameSpan(access), true
}

// clauseMember explains a pointer member named in clause item it of
// directive d ("x" of copy(v.x[0:n])), the cursor on the member's name.
func (vh *varHover) clauseMember(d *acc.Directive, it *acc.Arg, off int) (string, acc.Span, bool) {
	model := vh.res.model
	for i, m := range it.Var.Members {
		span := acc.Span{Start: m.Span.End - len(m.Name), End: m.Span.End}
		if !span.Contains(off) {
			continue
		}
		reg := model.ByDirective[d]
		v := resolveVar(model, it.Var.Name, d.Span.Start)
		if reg == nil || v == nil || reg.Kind != analysis.RegionCompute && reg.Kind != analysis.RegionData {
			return "", acc.Span{}, false // enter/exit data, update: the clause's hover says what moves
		}
		t, st := analysis.ItemMemberTypes(v, it.Var.Members[:i+1])
		if t == nil || t.Kind != cfacts.TypePointer {
			return "", acc.Span{}, false // part of the struct's own data: the variable's hover says it
		}
		sub := *it.Var
		sub.Members = it.Var.Members[:i+1]
		path := analysis.ItemPath(&acc.Arg{Var: &sub})
		mb := hover.Member{Path: path, Type: t, Struct: st, Pointer: true}
		if reg.Kind == analysis.RegionCompute {
			if a, ok := vh.attrIn(reg, v); ok {
				mb.Root = a
			}
		}
		if mb.Root.Var == nil {
			// a data or enter data directive: the clause naming the variable itself, if any
			mb.Root = analysis.VarAttr{Var: v}
			for _, c := range d.Clauses {
				if c == nil || c.Spec == nil || c.Args == nil || analysis.ClauseAttr(c.Spec.Name) == analysis.AttrNone {
					continue
				}
				for _, x := range c.Args.Items {
					if x != nil && x.Var != nil && x.Var.Name == v.Name && len(x.Var.Members) == 0 {
						mb.Root = analysis.VarAttr{Var: v, Attr: analysis.ClauseAttr(c.Spec.Name), Clause: c, Item: x}
					}
				}
			}
		}
		vh.memberData(&mb, reg, v)
		if reg.Kind == analysis.RegionCompute {
			mb.Read, mb.Written = analysis.MemberUse(model, reg, v, path)
		}
		return hover.MemberMarkdown(mb, vh.describe(reg)), span, true
	}
	return "", acc.Span{}, false
}

// clauseBound explains a variable or member named in the bounds of item it
// of directive d (the n of a[0:n], the g->nx of g->u[0:g->nx]), the cursor
// on its name.
func (vh *varHover) clauseBound(d *acc.Directive, it *acc.Arg, off int) (string, acc.Span, bool) {
	var subs []acc.Subscript
	for _, m := range it.Var.Members {
		subs = append(subs, m.Subscripts...)
	}
	subs = append(subs, it.Var.Subscripts...)
	for _, sub := range subs {
		for _, part := range []struct {
			e    *acc.Expr
			name string
		}{{sub.Lower, "lower bound"}, {sub.Length, "length"}} {
			if part.e == nil || !part.e.Span.Contains(off) {
				continue
			}
			root, members, span, ok := boundPath(vh.res.text, part.e.Span, off)
			if !ok {
				return "", acc.Span{}, false
			}
			v := resolveVar(vh.res.model, root, d.Span.Start)
			if v == nil {
				return "", acc.Span{}, false // an enumerator, a macro's expansion, a global
			}
			b := hover.Bound{Name: root, Type: v.Type, Item: it.Text, Part: part.name}
			if !sub.Section {
				b.Part = "index"
			}
			if len(members) > 0 {
				b.Type, b.Struct = analysis.ItemMemberTypes(v, members)
				b.Name = analysis.ItemPath(&acc.Arg{Var: &acc.VarRef{Name: root, Members: members}})
			}
			noun := "construct"
			if reg := vh.res.model.ByDirective[d]; reg == nil || reg.Kind == analysis.RegionStandalone {
				noun, b.Standalone = "directive", true
			}
			return hover.BoundMarkdown(b, vh.describeDirective(d, noun)), span, true
		}
	}
	return "", acc.Span{}, false
}

// boundPath reads the name under off in the bound expression at exprSpan
// of text: a variable, or a member reached from one through '.' and '->'
// (g->nx). The span is the name's; ok is false for anything else under
// the cursor (numbers, operators, a call's name, a member of an element).
func boundPath(text []byte, exprSpan acc.Span, off int) (root string, members []acc.Member, span acc.Span, ok bool) {
	if exprSpan.Start < 0 || exprSpan.End > len(text) || off < exprSpan.Start || off >= exprSpan.End {
		return "", nil, acc.Span{}, false
	}
	isID := func(c byte) bool {
		return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	lo, hi := off, off
	for lo > exprSpan.Start && isID(text[lo-1]) {
		lo--
	}
	for hi < exprSpan.End && isID(text[hi]) {
		hi++
	}
	if lo == hi || text[lo] >= '0' && text[lo] <= '9' {
		return "", nil, acc.Span{}, false
	}
	span = acc.Span{Start: lo, End: hi}
	next := hi
	for next < exprSpan.End && (text[next] == ' ' || text[next] == '\t') {
		next++
	}
	if next < exprSpan.End && text[next] == '(' || string(text[lo:hi]) == "sizeof" {
		return "", nil, acc.Span{}, false
	}
	// Walk back over the accesses before the name: ". id" and "-> id".
	names := []string{string(text[lo:hi])}
	var arrows []bool
	at := lo
	for {
		i := at
		for i > exprSpan.Start && (text[i-1] == ' ' || text[i-1] == '\t') {
			i--
		}
		var arrow bool
		switch {
		case i-1 >= exprSpan.Start && text[i-1] == '.':
			i--
		case i-2 >= exprSpan.Start && text[i-2] == '-' && text[i-1] == '>':
			i -= 2
			arrow = true
		default:
			root = names[len(names)-1]
			for k := len(names) - 2; k >= 0; k-- {
				members = append(members, acc.Member{Arrow: arrows[k], Name: names[k]})
			}
			if i > exprSpan.Start && (text[i-1] == ']' || text[i-1] == ')') {
				return "", nil, acc.Span{}, false // a member of an element or of a call's result
			}
			return root, members, span, true
		}
		for i > exprSpan.Start && (text[i-1] == ' ' || text[i-1] == '\t') {
			i--
		}
		j := i
		for j > exprSpan.Start && isID(text[j-1]) {
			j--
		}
		if j == i {
			return "", nil, acc.Span{}, false // (*g).nx, a[i].n
		}
		names = append(names, string(text[j:i]))
		arrows = append(arrows, arrow)
		at = j
	}
}

// memberNameAt is the span of the name of the member of item it under off.
func memberNameAt(it *acc.Arg, off int) (acc.Span, bool) {
	for _, m := range it.Var.Members {
		span := acc.Span{Start: m.Span.End - len(m.Name), End: m.Span.End}
		if span.Contains(off) {
			return span, true
		}
	}
	return acc.Span{}, false
}

// memberData fills in what maps the data of a pointer member of v in reg.
func (vh *varHover) memberData(mb *hover.Member, reg *analysis.Region, v *cfacts.Var) {
	if mb.Type == nil || mb.Type.Kind != cfacts.TypePointer {
		return
	}
	mb.Pointer = true
	mb.Data = analysis.MemberMapping(vh.res.model, reg, v, mb.Path)
	switch {
	case mb.Data.From != nil && mb.Data.From != reg:
		mb.DataFrom = vh.describe(mb.Data.From)
	case mb.Data.From == nil && mb.Data.Directive != nil:
		mb.DataFrom = vh.describeDirective(mb.Data.Directive, "directive")
	}
}

// memberNameSpan is the span of the member's name in access e (the `x` of
// `v.x`): the last token of the access.
func memberNameSpan(e *cfacts.Expr) acc.Span {
	return acc.Span{Start: e.Span.End - len(e.Name), End: e.Span.End}
}

func (vh *varHover) markdown(a analysis.VarAttr, reg *analysis.Region) string {
	from := ""
	if a.From != nil && a.From != reg && a.From.Directive != nil {
		from = vh.describe(a.From)
	}
	return hover.VariableMarkdown(a, vh.describe(reg), from)
}

// walkStmt calls fs for every statement and fe for every expression of st,
// declarations' initializers included, parents first.
func walkStmt(st *cfacts.Stmt, fs func(*cfacts.Stmt), fe func(*cfacts.Expr)) {
	if st == nil {
		return
	}
	if fs != nil {
		fs(st)
	}
	expr := func(e *cfacts.Expr) {
		if fe != nil {
			walkExpr(e, fe)
		}
	}
	for _, c := range st.List {
		walkStmt(c, fs, fe)
	}
	walkStmt(st.Init, fs, fe)
	expr(st.Cond)
	expr(st.Post)
	expr(st.Expr)
	for _, v := range st.Decls {
		expr(v.Init)
	}
	walkStmt(st.Then, fs, fe)
	walkStmt(st.Else, fs, fe)
	walkStmt(st.Body, fs, fe)
}

func walkExpr(e *cfacts.Expr, f func(*cfacts.Expr)) {
	if e == nil {
		return
	}
	f(e)
	walkExpr(e.X, f)
	walkExpr(e.Y, f)
	walkExpr(e.Z, f)
	for _, a := range e.Args {
		walkExpr(a, f)
	}
}
