package analysis

import (
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// Access is how an expression uses a piece of storage: read, written, or
// both (a read-modify-write such as `x += e` or `x++`).
type Access uint8

const (
	AccRead  Access = 1 << iota // the value is read
	AccWrite                    // the storage is written

	AccNone Access = 0
	AccRMW         = AccRead | AccWrite // x += e, x++, x = x op e
)

func (a Access) String() string {
	switch a {
	case AccRead:
		return "read"
	case AccWrite:
		return "write"
	case AccRMW:
		return "read-modify-write"
	}
	return "none"
}

// Ref is one reference to a variable in the C code, with how it is used.
// The analysis distinguishes the variable's own storage (a scalar's value, a
// pointer's value, a struct assigned as a whole) from the storage reached
// through it (the elements of an array or of a pointee, struct members):
// `a[i] = e` writes elements of a, `p[i] = e` reads the pointer p and writes
// its pointee, `p = q` writes the pointer itself.
type Ref struct {
	Var *cfacts.Var
	// Ident is the identifier expression; Span its span.
	Ident *cfacts.Expr
	Span  acc.Span
	// Expr is the whole access: `a[i][j]`, `p->f`, `*p`, `x`.
	Expr *cfacts.Expr
	// Access is the use of the variable's own storage.
	Access Access
	// Elem is the use of storage reached through the variable: array or
	// pointee elements (a[i], p[i], *p, p->f) and struct members (s.f).
	Elem Access
	// Deref is set when a pointer's pointee is accessed (p[i], *p, p->f).
	Deref bool
	// Member is set when the element is reached through a pointer member
	// (s.p[i], p->q[i]): it belongs to the data the member points to,
	// which a data clause maps as s.p[0:n], not to the variable's own data.
	Member bool
	// Addr is set when the address of the variable or of one of its elements
	// is taken (&x, &a[i]).
	Addr bool
	// Call is set when the variable's address, array or pointer value is
	// passed to a function: the callee may read and write through it.
	// Scalars passed by value are plain reads.
	Call bool
	// Escape is set when an array or pointer value flows somewhere other than
	// a dereference (q = p, p + 1, return a, a call argument): the storage
	// may then be reached through another name.
	Escape bool
	// Index lists the subscripts of an element access, outermost first
	// (a[i][j] → i, j); nil otherwise.
	Index []*cfacts.Expr
	// Assign is the assignment, ++ or -- expression that writes, nil for
	// reads.
	Assign *cfacts.Expr
	// Op is the reduction operator a read-modify-write matches: "+" for
	// x += e, x -= e, x++, x = x + e; "*" for x *= e; "max"/"min" for
	// x = fmax(x, e), x = x > e ? x : e, if (e > x) x = e; "&", "|", "^",
	// "&&", "||". "" for plain writes and updates with no reduction form.
	Op string
	// Decl is set for the initialization of a scalar in its declaration
	// (Assign is then the initializer).
	Decl bool
	// Stmt is the innermost statement that contains the reference.
	Stmt *cfacts.Stmt
}

// Site is the span of the whole access (`a[i]`, `p->f`), the identifier's
// when there is no access expression (a declaration's initialization).
func (r *Ref) Site() acc.Span {
	if r.Expr != nil {
		return r.Expr.Span
	}
	return r.Span
}

// Read reports whether the reference may read the variable or storage
// reached through it (a call counts).
func (r *Ref) Read() bool { return r.Access&AccRead != 0 || r.Elem&AccRead != 0 || r.Call }

// Written reports whether the reference definitely writes the variable or
// storage reached through it (calls and taken addresses do not count: see
// MayWrite).
func (r *Ref) Written() bool { return r.Access&AccWrite != 0 || r.Elem&AccWrite != 0 }

// MayWrite reports whether the reference writes or may write (through a
// call, a taken address or an escaping pointer).
func (r *Ref) MayWrite() bool { return r.Written() || r.Call || r.Addr || r.Escape }

// CollectRefs returns every variable reference in statement s (its
// subtree), in source order. Operands of sizeof are not references.
func CollectRefs(s *cfacts.Stmt) []*Ref {
	w := &refWalker{}
	w.stmt(s)
	sortRefs(w.refs)
	return w.refs
}

// sortRefs puts references in source order (an assignment's right side is
// visited before its left side).
func sortRefs(refs []*Ref) {
	slices.SortStableFunc(refs, func(a, b *Ref) int { return a.Span.Start - b.Span.Start })
}

// CollectExprRefs returns the variable references of one expression.
func CollectExprRefs(e *cfacts.Expr, s *cfacts.Stmt) []*Ref {
	w := &refWalker{cur: s}
	w.value(e)
	sortRefs(w.refs)
	return w.refs
}

type refWalker struct {
	refs []*Ref
	cur  *cfacts.Stmt
}

func (w *refWalker) stmt(s *cfacts.Stmt) {
	if s == nil {
		return
	}
	saved := w.cur
	w.cur = s
	defer func() { w.cur = saved }()
	switch s.Kind {
	case cfacts.StmtDecl:
		for _, v := range s.Decls {
			if v.Type != nil && v.Type.LenExpr != nil {
				w.value(v.Type.LenExpr)
			}
			if v.Init != nil {
				w.value(v.Init)
				if v.Type != nil && v.Type.IsScalar() {
					w.add(&Ref{Var: v, Span: v.NameSpan, Access: AccWrite, Assign: v.Init, Decl: true})
				}
			}
		}
	case cfacts.StmtIf:
		w.test(s.Cond)
		w.stmt(s.Then)
		w.stmt(s.Else)
		w.minMaxIf(s)
	default:
		w.stmt(s.Init)
		w.test(s.Cond)
		w.value(s.Expr)
		w.value(s.Post)
		for _, c := range s.List {
			w.stmt(c)
		}
		w.stmt(s.Body)
		w.stmt(s.Then)
		w.stmt(s.Else)
	}
}

func (w *refWalker) add(r *Ref) *Ref {
	if r.Stmt == nil {
		r.Stmt = w.cur
	}
	if r.Ident != nil && r.Span == (acc.Span{}) {
		r.Span = r.Ident.Span
	}
	w.refs = append(w.refs, r)
	return r
}

// strip removes casts around an expression.
func strip(e *cfacts.Expr) *cfacts.Expr {
	for e != nil && e.Kind == cfacts.ExprCast {
		e = e.X
	}
	return e
}

func isPtrOrArray(t *cfacts.Type) bool {
	return t != nil && (t.Kind == cfacts.TypePointer || t.Kind == cfacts.TypeArray)
}

// value visits an expression whose value is used (an rvalue).
func (w *refWalker) value(e *cfacts.Expr) {
	if e == nil {
		return
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		if e.Var == nil {
			return
		}
		r := &Ref{Var: e.Var, Ident: e, Expr: e, Access: AccRead}
		if isPtrOrArray(e.Var.Type) {
			// The array decays to its address, the pointer value is copied:
			// the storage may be reached under another name.
			r.Escape = true
			if e.Var.Type.Kind == cfacts.TypeArray {
				r.Access = AccNone
			}
		}
		w.add(r)
	case cfacts.ExprConst, cfacts.ExprString:
	case cfacts.ExprSizeof:
		// not evaluated (VLAs aside)
	case cfacts.ExprAssign:
		w.assign(e)
	case cfacts.ExprPreInc, cfacts.ExprPostInc:
		if r := w.lvalue(e.X, AccRMW, e); r != nil {
			r.Assign = e
			if r.Access == AccRMW && r.Elem == AccNone {
				r.Op = "+"
			}
		}
	case cfacts.ExprUnary:
		switch e.Op {
		case "&":
			w.address(e.X)
		case "*":
			w.elem(e.X, AccRead, e, nil)
		default:
			w.value(e.X)
		}
	case cfacts.ExprIndex, cfacts.ExprMember:
		r := w.lvalue(e, AccRead, nil)
		if r != nil && DecaysToAddress(e) {
			// a row of a multi-dimensional array (or an array member)
			// becomes its address: reached under another name
			r.Escape = true
		}
	case cfacts.ExprCall:
		if x := strip(e.X); x != nil && x.Kind != cfacts.ExprIdent || (x != nil && x.Var != nil) {
			w.value(e.X) // a function pointer
		}
		for _, a := range e.Args {
			n := len(w.refs)
			w.value(a)
			for _, r := range w.refs[n:] {
				if r.Escape || r.Addr {
					r.Call = true
				}
			}
		}
	case cfacts.ExprBinary:
		switch e.Op {
		case "<", ">", "<=", ">=", "==", "!=", "&&", "||":
			w.test(e.X) // p < end: a pointer compared does not escape
			w.test(e.Y)
		case "-":
			if x, y := strip(e.X), strip(e.Y); x != nil && y != nil && isPtrOrArray(x.Type) && isPtrOrArray(y.Type) {
				w.test(e.X) // p - q: a distance
				w.test(e.Y)
				break
			}
			fallthrough
		default:
			w.value(e.X)
			w.value(e.Y)
		}
	case cfacts.ExprCond:
		w.test(e.X)
		w.value(e.Y)
		w.value(e.Z)
	default:
		w.value(e.X)
		w.value(e.Y)
		w.value(e.Z)
		for _, a := range e.Args {
			w.value(a)
		}
	}
}

// test visits an expression whose value is only tested or compared (a
// condition, an operand of a comparison or of !): a pointer or array there
// does not escape.
func (w *refWalker) test(e *cfacts.Expr) {
	n := len(w.refs)
	if x := strip(e); x != nil && x.Kind == cfacts.ExprUnary && x.Op == "!" {
		w.test(x.X)
		return
	}
	w.value(e)
	if x := strip(e); x != nil && x.Kind == cfacts.ExprIdent {
		for _, r := range w.refs[n:] {
			if r.Ident == x {
				r.Escape = false
			}
		}
	}
}

// address visits the operand of unary &.
func (w *refWalker) address(e *cfacts.Expr) {
	x := strip(e)
	if x == nil {
		return
	}
	n := len(w.refs)
	switch x.Kind {
	case cfacts.ExprIdent:
		if x.Var != nil {
			w.add(&Ref{Var: x.Var, Ident: x, Expr: e, Addr: true})
		}
		return
	case cfacts.ExprIndex, cfacts.ExprMember:
		w.lvalue(x, AccNone, nil)
	case cfacts.ExprUnary:
		if x.Op == "*" {
			w.value(x.X) // &*p is p
			return
		}
		w.value(x)
	default:
		w.value(x)
	}
	for _, r := range w.refs[n:] {
		if r.Expr == x || r.Expr == e {
			r.Addr = true
			r.Deref = false // &p[i] computes an address, it does not dereference
		}
	}
}

// assign visits an assignment expression.
func (w *refWalker) assign(e *cfacts.Expr) {
	w.value(e.Y)
	mode := AccWrite
	if e.Op != "=" {
		mode = AccRMW
	}
	r := w.lvalue(e.X, mode, e)
	if r == nil {
		return
	}
	r.Assign = e
	if r.Elem != AccNone || r.Var == nil {
		return
	}
	// x += x and x = x + x double x: no reduction computes that, so the
	// update is one only when the other operand does not read x
	if e.Op != "=" {
		if countVarIdents(e.Y, r.Var) == 0 {
			r.Op = compoundOp(e.Op)
		}
		return
	}
	if op := selfUpdateOp(r.Var, e.Y); op != "" {
		r.Access = AccRMW
		want := 1 // x = x + e
		if y := strip(e.Y); y != nil && y.Kind == cfacts.ExprCond {
			want = 2 // x = x > e ? x : e
		}
		if countVarIdents(e.Y, r.Var) == want {
			r.Op = op
		}
	}
}

// countVarIdents is the number of times e names v.
func countVarIdents(e *cfacts.Expr, v *cfacts.Var) int {
	n := 0
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		if x.Kind == cfacts.ExprIdent && x.Var == v {
			n++
		}
		return true
	})
	return n
}

// compoundOp maps a compound assignment to the reduction operator that
// computes the same result over iterations.
func compoundOp(op string) string {
	switch op {
	case "+=", "-=":
		return "+"
	case "*=":
		return "*"
	case "&=":
		return "&"
	case "|=":
		return "|"
	case "^=":
		return "^"
	}
	return ""
}

// isVarIdent reports whether e (casts aside) names v.
func isVarIdent(e *cfacts.Expr, v *cfacts.Var) bool {
	e = strip(e)
	return e != nil && e.Kind == cfacts.ExprIdent && e.Var == v
}

// selfUpdateOp recognizes `x = x op e` / `x = e op x` and the max/min forms
// (`x = fmax(x, e)`, `x = x > e ? x : e`) and returns the reduction operator,
// "" when rhs is not such an update of v.
func selfUpdateOp(v *cfacts.Var, rhs *cfacts.Expr) string {
	rhs = strip(rhs)
	if rhs == nil {
		return ""
	}
	switch rhs.Kind {
	case cfacts.ExprBinary:
		switch rhs.Op {
		case "+", "*", "&", "|", "^", "&&", "||":
			if isVarIdent(rhs.X, v) || isVarIdent(rhs.Y, v) {
				return rhs.Op
			}
			// x = x + a + b parses as (x + a) + b
			if rhs.Op == "+" || rhs.Op == "*" {
				if l := strip(rhs.X); l != nil && l.Kind == cfacts.ExprBinary && l.Op == rhs.Op && isVarIdent(l.X, v) {
					return rhs.Op
				}
			}
		case "-":
			if isVarIdent(rhs.X, v) {
				return "+"
			}
		}
	case cfacts.ExprCall:
		if len(rhs.Args) == 2 && (isVarIdent(rhs.Args[0], v) || isVarIdent(rhs.Args[1], v)) {
			switch rhs.Name {
			case "fmax", "fmaxf", "fmaxl", "max", "MAX", "imax":
				return "max"
			case "fmin", "fminf", "fminl", "min", "MIN", "imin":
				return "min"
			}
		}
	case cfacts.ExprCond:
		// x = x > e ? x : e   → max;  x = x < e ? x : e → min (and mirrored forms)
		c := strip(rhs.X)
		if c == nil || c.Kind != cfacts.ExprBinary {
			return ""
		}
		return condMinMax(v, c, rhs.Y, rhs.Z)
	}
	return ""
}

// condMinMax classifies `c ? y : z` where c compares two operands and the
// arms are those operands, one of them v: max or min, "" otherwise.
func condMinMax(v *cfacts.Var, c, y, z *cfacts.Expr) string {
	var greater bool
	switch c.Op {
	case ">", ">=":
		greater = true
	case "<", "<=":
	default:
		return ""
	}
	same := SameExpr
	if !(isVarIdent(c.X, v) || isVarIdent(c.Y, v)) {
		return ""
	}
	switch {
	case same(c.X, y) && same(c.Y, z): // a > b ? a : b → max
		if greater {
			return "max"
		}
		return "min"
	case same(c.X, z) && same(c.Y, y): // a > b ? b : a → min
		if greater {
			return "min"
		}
		return "max"
	}
	return ""
}

// ExprText is a structural rendering of an expression, used to compare two
// expressions for equality without the source text (which, for code a
// macro expands, is the macro's call): casts left out, integer constant
// expressions as their values, "\x00" in what it cannot render (calls),
// which no rendering equals.
func ExprText(e *cfacts.Expr) string { return renderExpr(e, nil, false) }

// SameExpr reports whether a and b are the same expression (ExprText),
// both rendered in full: two calls are not the same.
func SameExpr(a, b *cfacts.Expr) bool {
	ta := ExprText(a)
	return ta != "" && ta == ExprText(b) && !strings.Contains(ta, "\x00")
}

// renderExpr renders e for ExprText and keyedText: variables of vars by
// their keys, and, with updates, the ++, -- and assignments of loop
// headers; "\x00" for what it cannot render (never equal to a rendering).
func renderExpr(e *cfacts.Expr, vars map[*cfacts.Var]string, updates bool) string {
	e = strip(e)
	if e == nil {
		return ""
	}
	if e.IsInt {
		return itoa(e.Int) // N - 1 and 63 alike; sizeof, enumeration constants
	}
	r := func(x *cfacts.Expr) string { return renderExpr(x, vars, updates) }
	switch e.Kind {
	case cfacts.ExprIdent:
		if k, ok := vars[e.Var]; ok && e.Var != nil {
			return k
		}
		return e.Name
	case cfacts.ExprConst:
		if e.IsInt {
			return itoa(e.Int)
		}
		return e.Text
	case cfacts.ExprUnary:
		return e.Op + "(" + r(e.X) + ")"
	case cfacts.ExprBinary:
		return "(" + r(e.X) + e.Op + r(e.Y) + ")"
	case cfacts.ExprCond:
		return "(" + r(e.X) + "?" + r(e.Y) + ":" + r(e.Z) + ")"
	case cfacts.ExprIndex:
		return r(e.X) + "[" + r(e.Y) + "]"
	case cfacts.ExprMember:
		return r(e.X) + e.Op + e.Name
	case cfacts.ExprPreInc:
		if updates {
			return e.Op + r(e.X)
		}
	case cfacts.ExprPostInc:
		if updates {
			return r(e.X) + e.Op
		}
	case cfacts.ExprAssign:
		if updates {
			return r(e.X) + e.Op + r(e.Y)
		}
	}
	return "\x00" // not comparable
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var b [24]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// minMaxIf recognizes `if (e > x) x = e;` (max) and `if (e < x) x = e;`
// (min), with the comparison written either way round, and marks the write
// of x as a read-modify-write with that operator.
func (w *refWalker) minMaxIf(s *cfacts.Stmt) {
	if s.Else != nil || s.Cond == nil {
		return
	}
	then := s.Then
	if then != nil && then.Kind == cfacts.StmtCompound && len(then.List) == 1 {
		then = then.List[0]
	}
	if then == nil || then.Kind != cfacts.StmtExpr || then.Expr == nil {
		return
	}
	a := then.Expr
	if a.Kind != cfacts.ExprAssign || a.Op != "=" {
		return
	}
	x := strip(a.X)
	if x == nil || x.Kind != cfacts.ExprIdent || x.Var == nil {
		return
	}
	c := strip(s.Cond)
	if c == nil || c.Kind != cfacts.ExprBinary {
		return
	}
	// if (e > x) x = e  ≡  x = e > x ? e : x
	op := condMinMax(x.Var, c, a.Y, x)
	if op == "" {
		return
	}
	for _, r := range w.refs {
		if r.Assign == a && r.Var == x.Var && r.Elem == AccNone {
			r.Access = AccRMW
			r.Op = op
		}
	}
}

// lvalue visits an expression designating storage that is accessed with
// mode (read for an rvalue use of a[i], write for the left of =, RMW for +=
// and ++) and returns the reference of its base variable, nil when the base
// is not a variable.
func (w *refWalker) lvalue(e *cfacts.Expr, mode Access, assign *cfacts.Expr) *Ref {
	x := strip(e)
	if x == nil {
		return nil
	}
	switch x.Kind {
	case cfacts.ExprIdent:
		if x.Var == nil {
			return nil
		}
		return w.add(&Ref{Var: x.Var, Ident: x, Expr: e, Access: mode})
	case cfacts.ExprIndex:
		w.value(x.Y)
		return w.elem(x.X, mode, e, []*cfacts.Expr{x.Y})
	case cfacts.ExprUnary:
		if x.Op == "*" {
			return w.elem(x.X, mode, e, nil)
		}
	case cfacts.ExprMember:
		if x.Op == "->" {
			return w.elem(x.X, mode, e, nil)
		}
		// s.f: a member of the struct s
		r := w.lvalue(x.X, AccNone, assign)
		if r != nil {
			if r.Access != AccNone || r.Elem != AccNone || r.Deref {
				// (s.a[i]).f or p->s.f: already an element access
				r.Elem |= mode
			} else {
				r.Elem = mode
			}
			r.Expr = e
		}
		return r
	}
	// Not an lvalue we can follow (a call returning a pointer, ...).
	w.value(x)
	return nil
}

// elem visits base, the operand through which storage is accessed with mode
// (the X of X[i], *X, X->f), and returns the base variable's reference.
// idx are subscripts collected so far, innermost last.
func (w *refWalker) elem(base *cfacts.Expr, mode Access, whole *cfacts.Expr, idx []*cfacts.Expr) *Ref {
	x := strip(base)
	if x == nil {
		return nil
	}
	switch x.Kind {
	case cfacts.ExprIdent:
		if x.Var == nil {
			return nil
		}
		r := &Ref{Var: x.Var, Ident: x, Expr: whole, Elem: mode, Index: reverse(idx)}
		if t := x.Var.Type; t != nil && t.Kind == cfacts.TypePointer {
			r.Access = AccRead // the pointer value
			r.Deref = true
		}
		return w.add(r)
	case cfacts.ExprIndex:
		// a[i][j]: the element of an element
		w.value(x.Y)
		r := w.elem(x.X, mode, whole, append(idx, x.Y))
		if r != nil && x.X != nil && x.X.Type != nil && x.X.Type.Kind == cfacts.TypePointer {
			r.Deref = true
		}
		return r
	case cfacts.ExprUnary:
		if x.Op == "*" {
			r := w.elem(x.X, mode, whole, idx)
			if r != nil {
				r.Deref = true
			}
			return r
		}
	case cfacts.ExprMember:
		// s.a[i], p->a[i], s.p[i]: attributed to the struct (or pointer)
		var r *Ref
		if x.Op == "->" {
			r = w.elem(x.X, mode, whole, nil)
		} else {
			r = w.lvalue(x.X, AccNone, nil)
			if r != nil {
				r.Elem |= mode
				r.Expr = whole
			}
		}
		if r != nil && x.Type != nil && x.Type.Kind == cfacts.TypePointer {
			r.Deref = true
		}
		if r != nil && IsPointerMember(x) {
			r.Member = true
		}
		return r
	case cfacts.ExprBinary:
		// *(p + i), (a + 1)[i]: the pointer operand is the base
		if x.Op == "+" || x.Op == "-" {
			px, py := strip(x.X), strip(x.Y)
			if px != nil && isPtrOrArray(px.Type) || px != nil && px.Kind == cfacts.ExprIdent && px.Var != nil && isPtrOrArray(px.Var.Type) {
				w.value(x.Y)
				return w.elem(x.X, mode, whole, append(idx, x.Y))
			}
			if x.Op == "+" && (py != nil && isPtrOrArray(py.Type) || py != nil && py.Kind == cfacts.ExprIdent && py.Var != nil && isPtrOrArray(py.Var.Type)) {
				w.value(x.X)
				return w.elem(x.Y, mode, whole, append(idx, x.X))
			}
		}
	}
	w.value(x)
	return nil
}

// IsPointerMember reports whether member access e names a member declared
// as a pointer (e's own type does not tell: an array member decays to one).
func IsPointerMember(e *cfacts.Expr) bool {
	t := memberType(e)
	return t != nil && t.Kind == cfacts.TypePointer
}

// memberType is the declared type of the member e (s.m, p->m), nil when e
// is not a member access or the struct is not known. (The expression's
// own Type is the decayed one for an array member.)
func memberType(e *cfacts.Expr) *cfacts.Type {
	t, _ := MemberTypes(e)
	return t
}

// MemberTypes are the declared type of the member e (s.m, p->m) and the
// struct or union type it is a member of; nil when e is not a member
// access or the struct is not known.
func MemberTypes(e *cfacts.Expr) (member, holder *cfacts.Type) {
	if e == nil || e.Kind != cfacts.ExprMember || e.X == nil {
		return nil, nil
	}
	holder = selected(e.X.Type, e.Op == "->")
	return field(holder, e.Name), holder
}

// selected is the struct or union type a member access selects from, given
// the type of its left side (a pointer to it for "->"); nil when it is not
// one.
func selected(t *cfacts.Type, arrow bool) *cfacts.Type {
	if arrow {
		if t == nil || t.Kind != cfacts.TypePointer {
			return nil
		}
		t = t.Elem
	}
	if t == nil || t.Kind != cfacts.TypeStruct && t.Kind != cfacts.TypeUnion {
		return nil
	}
	return t
}

// field is the declared type of member name of struct type st, nil when
// unknown.
func field(st *cfacts.Type, name string) *cfacts.Type {
	if st == nil {
		return nil
	}
	for _, f := range st.Fields {
		if f.Name == name {
			return f.Type
		}
	}
	return nil
}

// DecaysToAddress reports whether e designates an array that its use as a
// value turns into an address: a row a[i] of a multi-dimensional array, an
// array member s.m. (cc gives such expressions the decayed pointer type.)
func DecaysToAddress(e *cfacts.Expr) bool {
	switch e = strip(e); {
	case e == nil:
		return false
	case e.Kind == cfacts.ExprIndex:
		x := strip(e.X)
		return x != nil && x.Type != nil && x.Type.Elem != nil && x.Type.Elem.Kind == cfacts.TypeArray
	case e.Kind == cfacts.ExprMember:
		t := memberType(e)
		return t != nil && t.Kind == cfacts.TypeArray
	}
	return false
}

func reverse(idx []*cfacts.Expr) []*cfacts.Expr {
	if len(idx) == 0 {
		return nil
	}
	r := make([]*cfacts.Expr, len(idx))
	for i, e := range idx {
		r[len(idx)-1-i] = e
	}
	return r
}

// forLoopVar returns the loop variable of a `for` statement: the variable
// declared or assigned in its init clause; nil when there is none.
func forLoopVar(s *cfacts.Stmt) *cfacts.Var {
	if s == nil || s.Kind != cfacts.StmtFor || s.Init == nil {
		return nil
	}
	switch s.Init.Kind {
	case cfacts.StmtDecl:
		if len(s.Init.Decls) > 0 {
			return s.Init.Decls[0]
		}
	case cfacts.StmtExpr:
		e := strip(s.Init.Expr)
		if e != nil && e.Kind == cfacts.ExprComma {
			e = strip(e.X)
		}
		if e != nil && e.Kind == cfacts.ExprAssign {
			if x := strip(e.X); x != nil && x.Kind == cfacts.ExprIdent {
				return x.Var
			}
		}
	}
	return nil
}

// inSpan reports whether inner lies within outer.
func inSpan(outer, inner acc.Span) bool {
	return outer.Start <= inner.Start && inner.End <= outer.End
}

// walkStmts calls f for every statement of the subtree of s, s first.
func walkStmts(s *cfacts.Stmt, f func(*cfacts.Stmt)) {
	if s == nil {
		return
	}
	f(s)
	walkStmts(s.Init, f)
	for _, c := range s.List {
		walkStmts(c, f)
	}
	walkStmts(s.Body, f)
	walkStmts(s.Then, f)
	walkStmts(s.Else, f)
}
