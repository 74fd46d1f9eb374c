package analysis

import (
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// addToClause returns the edit that adds item to a clause of directive d:
// appended to the first clause of that kind in the leading device_type
// section (for reduction: with the same operator), or a new clause
// `clause(item)` inserted before the first device_type clause or after the
// last clause.
func addToClause(text []byte, d *acc.Directive, clause, item string, op ...string) TextEdit {
	want := ""
	if len(op) > 0 {
		want = op[0]
	}
	var dt *acc.Clause
	for _, c := range d.Clauses {
		if canonical(c) == "device_type" {
			dt = c
			break
		}
		if canonical(c) != clause || c.Args == nil || !c.Args.Closed || len(c.Args.Items) == 0 {
			continue
		}
		if clause == "reduction" && c.Args.Modifier != want {
			continue
		}
		end := c.Args.Span.End - 1 // the ')'
		return TextEdit{Span: acc.Span{Start: end, End: end}, NewText: ", " + item}
	}
	newClause := clause + "(" + item + ")"
	if clause == "reduction" {
		newClause = "reduction(" + want + ":" + item + ")"
	}
	if dt != nil {
		return TextEdit{Span: acc.Span{Start: dt.Span.Start, End: dt.Span.Start}, NewText: newClause + " "}
	}
	at := d.NameSpan.End
	if n := len(d.Clauses); n > 0 && d.Clauses[n-1].Span.End > at {
		at = d.Clauses[n-1].Span.End
	}
	if d.Paren != nil && d.Paren.Span.End > at {
		at = d.Paren.Span.End
	}
	return TextEdit{Span: acc.Span{Start: at, End: at}, NewText: " " + newClause}
}

// removeItem returns the edit that deletes item it from clause c together
// with one separating comma; when it is the clause's only item the whole
// clause goes.
func removeItem(text []byte, d *acc.Directive, c *acc.Clause, it *acc.Arg) TextEdit {
	items := argItems(c)
	if len(items) <= 1 {
		return removeClause(text, d, c)
	}
	for i, x := range items {
		if x != it {
			continue
		}
		if i+1 < len(items) {
			return TextEdit{Span: acc.Span{Start: it.Span.Start, End: items[i+1].Span.Start}}
		}
		return TextEdit{Span: acc.Span{Start: items[i-1].Span.End, End: it.Span.End}}
	}
	return TextEdit{Span: it.Span}
}

// changeClauseFix moves item it of clause c on directive d to a clause of
// kind to: renaming the clause when the item is its only one (and dropping a
// modifier the new clause does not take), else removing the item and adding
// it to a `to` clause.
func changeClauseFix(text []byte, d *acc.Directive, c *acc.Clause, it *acc.Arg, to string) SuggestedFix {
	title := "Change " + quote(c.Name) + " to " + quote(to) + " for " + quote(it.Text)
	if len(argItems(c)) == 1 {
		edits := []TextEdit{{Span: c.NameSpan, NewText: to}}
		if c.Args.Modifier != "" {
			spec, _ := acc.LookupClause(to)
			keep := spec != nil && containsString(spec.Modifiers, c.Args.Modifier)
			if !keep {
				edits = append(edits, TextEdit{Span: acc.Span{Start: c.Args.ModifierSpan.Start, End: it.Span.Start}})
			}
		}
		return SuggestedFix{Title: title, Edits: edits}
	}
	add := addToClause(text, d, to, it.Text)
	rm := removeItem(text, d, c, it)
	if add.Span.Start >= rm.Span.Start && add.Span.Start <= rm.Span.End {
		// Inserting inside the removed range: put the new clause at the end instead.
		at := d.Clauses[len(d.Clauses)-1].Span.End
		add = TextEdit{Span: acc.Span{Start: at, End: at}, NewText: " " + to + "(" + it.Text + ")"}
	}
	return SuggestedFix{Title: title, Edits: []TextEdit{rm, add}}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// inferLength guesses the number of elements pointer v points to, as C text
// valid at compute construct r's directive: from an allocation in the
// function (`v = malloc(n * sizeof *v)`, `calloc(n, sizeof *v)`), else from
// the bound of the loops that index v inside r (`for (i = 0; i < n; i++)
// ... v[i]`). "" when unknown or ambiguous.
func inferLength(m *Model, r *Region, v *cfacts.Var) string {
	if r == nil || r.Func == nil || r.Func.Func == nil {
		return ""
	}
	fn := r.Func.Func
	pos := r.Directive.Span.Start
	if n := allocationLength(m, fn, v, pos); n != "" {
		return n
	}
	if r.Stmt == nil {
		return ""
	}
	if onlyFirstElement(m.collectRefs(r.Stmt), v) {
		return "1" // a pointer to one value: *bias, p->x
	}
	return loopBoundLength(m, fn, r.Stmt, v, pos)
}

// OnlyFirstElementIn reports whether the code of fn uses pointer v, at
// least once, and only for the element it points to (*v, v[0], v->m): a
// pointer to one value, whose data clause is v[0:1].
func (m *Model) OnlyFirstElementIn(fn *cfacts.Func, v *cfacts.Var) bool {
	if fn == nil || fn.Body == nil {
		return false
	}
	var derefs []*Ref // the pointer's own value (v = malloc(…), free(v)) says nothing of the extent
	for _, r := range m.collectRefs(fn.Body) {
		if r.Var == v && r.Deref {
			derefs = append(derefs, r)
		}
	}
	return onlyFirstElement(derefs, v)
}

// onlyFirstElement reports whether refs use pointer v, at least once, and
// only for the element it points to: *v, v[0], v->m.
func onlyFirstElement(refs []*Ref, v *cfacts.Var) bool {
	n := 0
	for _, r := range refs {
		if r.Var != v {
			continue
		}
		e := r.Expr
		for e != nil && e.Kind == cfacts.ExprMember && e.Op == "." { // (*v).m
			e = e.X
		}
		switch {
		case e == nil:
			return false
		case e.Kind == cfacts.ExprUnary && e.Op == "*" && isVarIdent(e.X, v),
			e.Kind == cfacts.ExprIndex && isVarIdent(e.X, v) && e.Y != nil && e.Y.IsInt && e.Y.Int == 0,
			e.Kind == cfacts.ExprMember && e.Op == "->" && isVarIdent(e.X, v):
			n++
		default:
			return false
		}
	}
	return n > 0
}

// inferLengthIn is inferLength over several compute regions: the one length
// they agree on.
func inferLengthIn(m *Model, rs []*Region, v *cfacts.Var) string {
	n := ""
	for _, r := range rs {
		x := inferLength(m, r, v)
		if x == "" || (n != "" && x != n) {
			return ""
		}
		n = x
	}
	return n
}

// allocationLength finds the element count of the allocations assigned to v
// in fn before pos; "" unless there is exactly one such count.
func allocationLength(m *Model, fn *cfacts.Func, v *cfacts.Var, pos int) string {
	if fn.Body == nil {
		return ""
	}
	var found []string
	consider := func(e *cfacts.Expr) {
		if n := allocCount(m, fn, e, varTarget(v), pos); n != "" {
			found = append(found, n)
		} else if isAllocation(e) {
			found = append(found, "?")
		}
	}
	if v.Init != nil && v.NameSpan.Start < pos {
		consider(v.Init)
	}
	for _, r := range CollectRefs(fn.Body) {
		if r.Var == v && r.Assign != nil && r.Assign.Kind == cfacts.ExprAssign && r.Assign.Op == "=" && r.Elem == AccNone && r.Span.Start < pos {
			consider(r.Assign.Y)
		}
	}
	if len(found) == 0 {
		return ""
	}
	for _, n := range found[1:] {
		if n != found[0] {
			return ""
		}
	}
	if found[0] == "?" {
		return ""
	}
	return found[0]
}

// allocTarget is the pointer an allocation is assigned to: its element
// type, and a test for expressions that name the pointer (`sizeof *p`).
type allocTarget struct {
	elem  *cfacts.Type
	names func(e *cfacts.Expr) bool
}

// varTarget is pointer variable v as an allocation target.
func varTarget(v *cfacts.Var) allocTarget {
	t := allocTarget{names: func(e *cfacts.Expr) bool { return isVarIdent(e, v) }}
	if v.Type != nil {
		t.elem = v.Type.Elem
	}
	return t
}

// allocCount returns the element count of an allocation call as C text.
func allocCount(m *Model, fn *cfacts.Func, e *cfacts.Expr, v allocTarget, pos int) string {
	e = strip(e)
	if !isAllocation(e) {
		return ""
	}
	var n *cfacts.Expr
	switch e.Name {
	case "calloc":
		if len(e.Args) == 2 && isElemSizeof(e.Args[1], v) {
			n = e.Args[0]
		}
	case "malloc":
		if len(e.Args) == 1 {
			n = countOf(e.Args[0], v)
		}
	case "aligned_alloc":
		if len(e.Args) == 2 {
			n = countOf(e.Args[1], v)
		}
	}
	if n == nil || !validAt(m, fn, n, pos) {
		return ""
	}
	return exprSource(m, n)
}

// countOf splits `n * sizeof *v` or `sizeof(T) * n` into n.
func countOf(e *cfacts.Expr, v allocTarget) *cfacts.Expr {
	e = strip(e)
	if e == nil || e.Kind != cfacts.ExprBinary || e.Op != "*" {
		return nil
	}
	switch {
	case isElemSizeof(e.Y, v):
		return e.X
	case isElemSizeof(e.X, v):
		return e.Y
	}
	return nil
}

// isElemSizeof reports whether e is sizeof of v's element: `sizeof *v`,
// `sizeof v[0]`, or sizeof of a type (or expression) whose size is the
// element's.
func isElemSizeof(e *cfacts.Expr, v allocTarget) bool {
	e = strip(e)
	if e == nil || e.Kind != cfacts.ExprSizeof || v.elem == nil {
		return false
	}
	if e.X != nil {
		x := strip(e.X)
		if x.Kind == cfacts.ExprUnary && x.Op == "*" && v.names(x.X) {
			return true
		}
		if x.Kind == cfacts.ExprIndex && v.names(x.X) {
			return true
		}
	}
	return e.IsInt && v.elem.Size > 0 && e.Int == v.elem.Size
}

// loopBoundLength: every dereference of v in s is `v[i]` with i the
// variable of an enclosing `for (i = 0; i < n; ...)`, with one n for all.
func loopBoundLength(m *Model, fn *cfacts.Func, s *cfacts.Stmt, v *cfacts.Var, pos int) string {
	return loopBoundLengthAt(m, fn, s, v, pos, 0, 1)
}

// loopBoundLengthAt is loopBoundLength for subscript dim of accesses with
// rank subscripts (v[i][j]: dim 1 is j's bound).
func loopBoundLengthAt(m *Model, fn *cfacts.Func, s *cfacts.Stmt, v *cfacts.Var, pos, dim, rank int) string {
	n := ""
	for _, r := range CollectRefs(s) {
		if r.Var != v || !r.Deref {
			continue
		}
		if len(r.Index) != rank {
			return ""
		}
		idx := strip(r.Index[dim])
		if idx == nil || idx.Kind != cfacts.ExprIdent || idx.Var == nil {
			return ""
		}
		loop := enclosingFor(r.Stmt, idx.Var)
		if loop == nil {
			return ""
		}
		b := upperBound(m, fn, loop, idx.Var, pos)
		if b == "" || (n != "" && b != n) {
			return ""
		}
		n = b
	}
	return n
}

// writesCover reports whether the construct's writes of v's data (in s)
// reach every element of the section [0:lengths[0]][0:lengths[1]]…: each
// write is v[i][j]… with every subscript the counter of a loop from 0 by
// one up to that dimension's length, and no `if` between the loop and the
// write. copyout of a section some element of which the construct does not
// write would copy the device's undefined value of it to the host.
func writesCover(m *Model, fn *cfacts.Func, s *cfacts.Stmt, v *cfacts.Var, pos int, lengths []string) bool {
	writes := 0
	for _, r := range m.collectRefs(s) {
		if r.Var != v || !r.Deref || r.Elem&AccWrite == 0 {
			continue
		}
		writes++
		if len(r.Index) != len(lengths) {
			return false
		}
		for dim, x := range r.Index {
			idx := strip(x)
			if idx == nil || idx.Kind != cfacts.ExprIdent || idx.Var == nil {
				return false
			}
			loop := enclosingFor(r.Stmt, idx.Var)
			if loop == nil || !stepsByOne(loop, idx.Var) {
				return false
			}
			if lo := loopInit(loop); lo == nil || !lo.IsInt || lo.Int != 0 {
				return false
			}
			// the bound as the length spells it (a macro's name or the value upperBound gives for it)
			if ub := upperBound(m, fn, loop, idx.Var, pos); ub == "" || !sameLength(ub, lengths[dim]) && !sameLength(exprSource(m, loopLimit(loop, idx.Var)), lengths[dim]) {
				return false
			}
			for st := r.Stmt; st != nil && st != loop; st = st.Parent {
				if st.Kind == cfacts.StmtIf {
					return false
				}
			}
		}
	}
	return writes > 0
}

// sameLength reports whether two spellings of a length are the same
// expression, spaces and outer parentheses aside ("(n+1)", "n + 1").
func sameLength(a, b string) bool {
	norm := func(s string) string {
		s = strings.Join(strings.Fields(s), "")
		for len(s) > 1 && s[0] == '(' && s[len(s)-1] == ')' && balanced(s[1:len(s)-1]) {
			s = s[1 : len(s)-1]
		}
		return s
	}
	return a != "" && norm(a) == norm(b)
}

// balanced reports whether s's parentheses pair up (so that "(a)+(b)"
// keeps its own).
func balanced(s string) bool {
	depth := 0
	for _, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// loopLimit is n of `for (…; i < n; …)`, nil for other conditions.
func loopLimit(loop *cfacts.Stmt, i *cfacts.Var) *cfacts.Expr {
	if c := strip(loop.Cond); c != nil && c.Kind == cfacts.ExprBinary && c.Op == "<" && isVarIdent(c.X, i) {
		return c.Y
	}
	return nil
}

// stepsByOne reports whether for statement loop steps i by one upward
// (i++, ++i, i += 1).
func stepsByOne(loop *cfacts.Stmt, i *cfacts.Var) bool {
	p := strip(loop.Post)
	switch {
	case p == nil:
		return false
	case p.Kind == cfacts.ExprPostInc || p.Kind == cfacts.ExprPreInc:
		return p.Op == "++" && isVarIdent(p.X, i)
	case p.Kind == cfacts.ExprAssign && p.Op == "+=":
		return isVarIdent(p.X, i) && p.Y != nil && p.Y.IsInt && p.Y.Int == 1
	}
	return false
}

// enclosingFor returns the innermost `for` statement at or above s whose loop
// variable is v.
func enclosingFor(s *cfacts.Stmt, v *cfacts.Var) *cfacts.Stmt {
	for ; s != nil; s = s.Parent {
		if s.Kind == cfacts.StmtFor && forLoopVar(s) == v {
			return s
		}
	}
	return nil
}

// upperBound returns n for a loop `for (i = 0; i < n; i++)` (n+1 for `<=`),
// "" for any other form.
func upperBound(m *Model, fn *cfacts.Func, loop *cfacts.Stmt, i *cfacts.Var, pos int) string {
	lo := loopInit(loop)
	if lo == nil || !lo.IsInt || lo.Int < 0 {
		return ""
	}
	c := strip(loop.Cond)
	if c == nil || c.Kind != cfacts.ExprBinary {
		return ""
	}
	var bound *cfacts.Expr
	inclusive := false
	switch {
	case isVarIdent(c.X, i) && (c.Op == "<" || c.Op == "<=" || c.Op == "!="):
		bound, inclusive = c.Y, c.Op == "<="
	case isVarIdent(c.Y, i) && (c.Op == ">" || c.Op == ">="):
		bound, inclusive = c.X, c.Op == ">="
	default:
		return ""
	}
	if !validAt(m, fn, bound, pos) {
		return ""
	}
	if b := strip(bound); b.IsInt {
		if inclusive {
			return itoa(b.Int + 1)
		}
		return itoa(b.Int)
	}
	s := exprSource(m, bound)
	if inclusive {
		// i <= n - 1 → n
		if b := strip(bound); b.Kind == cfacts.ExprBinary && b.Op == "-" && b.Y != nil && b.Y.IsInt && b.Y.Int == 1 {
			return exprSource(m, b.X)
		}
		return s + " + 1"
	}
	return s
}

// loopInit returns the initial value of a for loop's variable.
func loopInit(loop *cfacts.Stmt) *cfacts.Expr {
	if loop.Init == nil {
		return nil
	}
	switch loop.Init.Kind {
	case cfacts.StmtDecl:
		if len(loop.Init.Decls) > 0 {
			return strip(loop.Init.Decls[0].Init)
		}
	case cfacts.StmtExpr:
		e := strip(loop.Init.Expr)
		if e != nil && e.Kind == cfacts.ExprAssign && e.Op == "=" {
			return strip(e.Y)
		}
	}
	return nil
}

// validAt reports whether expression e means the same at offset pos: every
// variable it names is the one that name resolves to there, and it has no
// side effects.
func validAt(m *Model, fn *cfacts.Func, e *cfacts.Expr, pos int) bool {
	ok := true
	var visit func(x *cfacts.Expr)
	visit = func(x *cfacts.Expr) {
		if x == nil || !ok {
			return
		}
		switch x.Kind {
		case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc, cfacts.ExprCall, cfacts.ExprOther, cfacts.ExprComma:
			ok = false
			return
		case cfacts.ExprIdent:
			if x.Var != nil && m.C.Lookup(fn, pos, x.Name) != x.Var {
				ok = false
			}
		}
		visit(x.X)
		visit(x.Y)
		visit(x.Z)
		for _, a := range x.Args {
			visit(a)
		}
	}
	visit(e)
	return ok
}

// exprSource is the source text of an expression, blanks squeezed.
func exprSource(m *Model, e *cfacts.Expr) string {
	if e == nil || e.Span.Start < 0 || e.Span.End > len(m.Text) || e.Span.Start >= e.Span.End {
		return ""
	}
	return strings.Join(strings.Fields(string(m.Text[e.Span.Start:e.Span.End])), " ")
}

// IsRowsPointer reports whether t is a pointer to pointers or an array of
// pointers to data: what a two-level sub-array (p[0:n][0:m]) maps with its
// rows, each row pointer attached to its row's device copy (OpenACC 3.3
// §2.7.1).
func IsRowsPointer(t *cfacts.Type) bool {
	if t == nil || t.Kind != cfacts.TypePointer && t.Kind != cfacts.TypeArray || t.Elem == nil || t.Elem.Kind != cfacts.TypePointer {
		return false
	}
	e := t.Elem.Elem
	return e != nil && e.Kind != cfacts.TypePointer && e.Kind != cfacts.TypeFunc
}

// rowTarget is the rows of pointer to pointers v as an allocation target
// (`v[i] = malloc(m * sizeof **v)`).
func rowTarget(v *cfacts.Var) allocTarget {
	t := allocTarget{names: func(e *cfacts.Expr) bool {
		e = strip(e)
		return e != nil && (e.Kind == cfacts.ExprIndex || e.Kind == cfacts.ExprUnary && e.Op == "*") && isVarIdent(e.X, v)
	}}
	if v.Type != nil && v.Type.Elem != nil {
		t.elem = v.Type.Elem.Elem
	}
	return t
}

// rowAllocationLength finds the element count of the allocations assigned
// to the rows of v (v[i] = malloc(...)) in fn before pos; "" unless there
// is exactly one.
func rowAllocationLength(m *Model, fn *cfacts.Func, v *cfacts.Var, pos int) string {
	if fn.Body == nil {
		return ""
	}
	n := ""
	for _, r := range m.collectRefs(fn.Body) {
		if r.Var != v || r.Span.Start >= pos || r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign || r.Assign.Op != "=" ||
			len(r.Index) != 1 || strip(r.Assign.X) != r.Expr {
			continue
		}
		x := allocCount(m, fn, r.Assign.Y, rowTarget(v), pos)
		if x == "" || n != "" && x != n {
			return ""
		}
		n = x
	}
	return n
}

// rowsLengths guesses, as C text valid at compute construct r's directive,
// the number of rows of pointer to pointers v and the length of each row
// (from allocations, the array's length, or the loops that index v[i][j]
// in r); askMarker for what it cannot tell.
func rowsLengths(m *Model, r *Region, v *cfacts.Var) (rows, cols string) {
	rows, cols = askMarker, askMarker
	if r == nil || r.Func == nil || r.Func.Func == nil {
		return rows, cols
	}
	fn := r.Func.Func
	pos := r.Directive.Span.Start
	if v.Type.Kind == cfacts.TypeArray && v.Type.Len >= 0 {
		rows = strconv.FormatInt(v.Type.Len, 10)
	} else if n := allocationLength(m, fn, v, pos); n != "" {
		rows = n
	} else if r.Stmt != nil {
		if n := loopBoundLengthAt(m, fn, r.Stmt, v, pos, 0, 2); n != "" {
			rows = n
		}
	}
	if n := rowAllocationLength(m, fn, v, pos); n != "" {
		cols = n
	} else if r.Stmt != nil {
		if n := loopBoundLengthAt(m, fn, r.Stmt, v, pos, 1, 2); n != "" {
			cols = n
		}
	}
	return rows, cols
}
