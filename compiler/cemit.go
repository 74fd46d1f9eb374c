package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// Precedence levels of C operators, loosest first.
const (
	precComma = 1 + iota
	precAssign
	precCond
	precLOr
	precLAnd
	precBOr
	precBXor
	precBAnd
	precEq
	precRel
	precShift
	precAdd
	precMul
	precUnary
	precPostfix
	precPrimary
)

var binaryPrec = map[string]int{
	"||": precLOr, "&&": precLAnd, "|": precBOr, "^": precBXor, "&": precBAnd,
	"==": precEq, "!=": precEq, "<": precRel, ">": precRel, "<=": precRel, ">=": precRel,
	"<<": precShift, ">>": precShift, "+": precAdd, "-": precAdd, "*": precMul, "/": precMul, "%": precMul,
}

// exprPrec is the precedence of the operator at the root of e.
func exprPrec(e *cfacts.Expr) int {
	switch e.Kind {
	case cfacts.ExprComma:
		return precComma
	case cfacts.ExprAssign:
		return precAssign
	case cfacts.ExprCond:
		return precCond
	case cfacts.ExprBinary:
		if p, ok := binaryPrec[e.Op]; ok {
			return p
		}
		return precComma
	case cfacts.ExprUnary, cfacts.ExprPreInc, cfacts.ExprCast, cfacts.ExprSizeof:
		return precUnary
	case cfacts.ExprPostInc, cfacts.ExprCall, cfacts.ExprIndex, cfacts.ExprMember:
		return precPostfix
	}
	return precPrimary
}

// clEmitter writes cfacts expressions as OpenCL C, keeping the user's names;
// the kernel generator decides what each variable becomes (ident) and how
// linearized arrays are indexed (vla).
type clEmitter struct {
	// ident returns the spelling of a variable reference.
	ident func(v *cfacts.Var) (string, error)
	// vla returns, for a variable indexed through linearization, its
	// strides (nil when the variable is indexed normally).
	vla func(v *cfacts.Var) []string
	// callHook writes calls of functions that are not math built-ins (routines,
	// acc_on_device; routine.go); ok false leaves the call to the emitter.
	callHook func(e *cfacts.Expr) (s string, ok bool)
	// index writes a[...] reads that go elsewhere (staged cache windows,
	// cache.go); ok false leaves the access to the emitter.
	index func(e *cfacts.Expr) (s string, ok bool)
	// member writes a member path of pointer type (v.x) as the kernel
	// variable that holds its attached target (attach.go); ok false: none.
	member func(e *cfacts.Expr) (s string, ok bool)
	// pointerCast spells the type of a cast to a pointer type, in the
	// address space of its operand (pointerspace.go); nil: not supported.
	pointerCast func(e *cfacts.Expr) (string, error)
	// hoisted spells the expressions the host evaluates (loop bounds passed
	// as arguments: hoistbounds.go).
	hoisted map[*cfacts.Expr]string
	// fp64 is set when the code uses double.
	fp64 bool
	// complex holds the complex spellings the code uses (float2, double2:
	// complex.go), whose helpers the program then defines.
	complex map[string]bool
	err     error
}

// errorf records the first error, at span s.
func (em *clEmitter) errorf(s acc.Span, format string, args ...any) {
	if em.err == nil {
		em.err = &spanError{Span: s, Msg: fmt.Sprintf(format, args...)}
	}
}

// spanError is an error at a place in the text, converted to an Error with
// line and column by the pass that reports it.
type spanError struct {
	Span acc.Span
	Msg  string
}

func (e *spanError) Error() string { return e.Msg }

// expr writes e; it is parenthesized when its operator binds looser than min.
func (em *clEmitter) expr(e *cfacts.Expr, min int) string {
	if e == nil {
		return ""
	}
	s := em.bare(e)
	if exprPrec(e) < min {
		return "(" + s + ")"
	}
	return s
}

func (em *clEmitter) bare(e *cfacts.Expr) string {
	if s, ok := em.hoisted[e]; ok {
		return s
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		if e.Var == nil {
			if e.IsInt {
				return strconv.FormatInt(e.Int, 10)
			}
			em.errorf(e.Span, "'%s' cannot be used in a compute construct (only variables, constants and OpenCL math functions can)", e.Name)
			return e.Name
		}
		s, err := em.ident(e.Var)
		if err != nil && em.err == nil {
			em.err = &spanError{Span: e.Span, Msg: err.Error()}
		}
		if em.vla != nil && em.vla(e.Var) != nil {
			// a linearized array as a value (vlaIndex writes the full
			// subscripts; their address, &a[i][j], is fine): its rows
			// have no OpenCL type
			if isRowsType(e.Var.Type) { // rows.go
				em.errorf(e.Span, "'%s' is a pointer to pointers: its rows are one device buffer, so index it with both subscripts (%s[i][j]) in a compute construct; its value is a host address", e.Var.Name, e.Var.Name)
			} else {
				em.errorf(e.Span, "'%s' is a variable-length array: in a compute construct use its elements (%s[i][j]) or their addresses (&%s[i][j]), not the array as a pointer", e.Var.Name, e.Var.Name, e.Var.Name)
			}
		}
		return s
	case cfacts.ExprConst:
		if s, ok := em.imaginaryConst(e); ok { // complex.go
			return s
		}
		return em.constant(e)
	case cfacts.ExprString:
		// a pointer into __constant memory (pointerspace.go); arrays it
		// initializes take its characters instead (strings.go)
		if e.Name == "" {
			em.errorf(e.Span, "wide string literals cannot be used in a compute construct (OpenCL C has no wchar_t, char16_t or char32_t strings)")
		}
		return stringLiteral(e) // strings.go
	case cfacts.ExprUnary:
		if e.Op == "&" {
			em.rowNotLvalue(e.X)
		}
		if isComplex(e.X.Type) && e.Op == "!" {
			return em.complexNot(e) // complex.go
		}
		if isComplex(e.X.Type) && e.Op != "-" && e.Op != "+" && e.Op != "&" && e.Op != "*" {
			em.errorf(e.Span, "operator '%s' on a complex value is not supported in a compute construct (+ - * / == != && || ! are)", e.Op)
		}
		return e.Op + em.unaryOperand(e)
	case cfacts.ExprPreInc:
		em.boolStep(e)
		em.complexStep(e)
		em.rowNotLvalue(e.X)
		return e.Op + em.expr(e.X, precUnary)
	case cfacts.ExprPostInc:
		em.boolStep(e)
		em.complexStep(e)
		em.rowNotLvalue(e.X)
		return em.expr(e.X, precPostfix) + e.Op
	case cfacts.ExprBinary:
		if s, ok := em.complexBinary(e); ok { // complex.go
			return s
		}
		p := exprPrec(e)
		return em.expr(e.X, p) + " " + e.Op + " " + em.expr(e.Y, p+1)
	case cfacts.ExprAssign:
		if isBool(e.X.Type) {
			return em.boolAssign(e)
		}
		em.rowNotLvalue(e.X)
		if s, ok := em.complexAssign(e); ok { // complex.go
			return s
		}
		return em.expr(e.X, precUnary) + " " + e.Op + " " + em.expr(e.Y, precAssign)
	case cfacts.ExprCond:
		if isComplex(e.Type) { // both branches of the result's type (complex.go)
			return em.condition(e.X) + " ? " + em.convertTo(e.Y, e.Type, precComma) + " : " + em.convertTo(e.Z, e.Type, precCond)
		}
		return em.condition(e.X) + " ? " + em.expr(e.Y, precComma) + " : " + em.expr(e.Z, precCond)
	case cfacts.ExprComma:
		return em.expr(e.X, precComma) + ", " + em.expr(e.Y, precAssign)
	case cfacts.ExprCall:
		return em.call(e)
	case cfacts.ExprIndex:
		if em.index != nil {
			if s, ok := em.index(e); ok {
				return s
			}
		}
		if s, ok := em.vlaIndex(e); ok {
			return s
		}
		return em.expr(e.X, precPostfix) + "[" + em.expr(e.Y, precComma) + "]"
	case cfacts.ExprMember: // structs.go declares the struct or union with the same member names
		if em.member != nil {
			if s, ok := em.member(e); ok {
				return s
			}
		}
		if analysis.IsPointerMember(e) && pointerHops(e.X) > 1 { // c->up->v->x
			em.errorf(e.Span, "pointer member '%s' is reached through more than one pointer member: the compiler attaches the data of a pointer member of array elements (a[i].x, c->x with c = &a[i]) and one pointer member further (a[i].p->x, c->p->x), not more (the kernels cannot follow a pointer stored in device memory)", e.Name)
		} else if analysis.IsPointerMember(e) { // the device copy holds the host's address (structs.go)
			em.errorf(e.Span, "pointer member '%s' is reached through a dereference, a routine's parameter or an element of something other than an array of structs: the compiler attaches pointer members only on paths from a variable declared outside the construct (v.x, p->x, a[i].x) or from a pointer to the current element (c = &a[i]; c->x)", e.Name)
		}
		return em.expr(e.X, precPostfix) + e.Op + clName(e.Name)
	case cfacts.ExprCast:
		if e.Type != nil && e.Type.Kind == cfacts.TypePointer && em.pointerCast != nil {
			t, err := em.pointerCast(e)
			if err != nil {
				em.errorf(e.Span, "%v", err)
			}
			return "(" + t + ")" + em.expr(e.X, precUnary)
		}
		if isComplex(e.Type) {
			return em.convertTo(e.X, e.Type, precUnary) // complex.go
		}
		t, err := em.castType(e.Type)
		if err != nil {
			em.errorf(e.Span, "%v", err)
		}
		if isComplex(e.X.Type) && t != "void" {
			return "(" + t + ")" + em.convertTo(e.X, e.Type, precUnary)
		}
		return "(" + t + ")" + em.expr(e.X, precUnary)
	case cfacts.ExprSizeof:
		if e.IsInt {
			return strconv.FormatInt(e.Int, 10) + "UL"
		}
		em.errorf(e.Span, "sizeof of a variable-length array cannot be used in a compute construct")
		return "0"
	}
	if e.Op == "{}" {
		var parts []string
		for _, a := range e.Args {
			parts = append(parts, em.expr(a, precAssign))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	em.errorf(e.Span, "this expression is not supported in a compute construct yet")
	return "0"
}

// condition writes the first operand of ?:. OpenCL C takes no floating
// condition there (the operator is also its vector select), so a float
// or double one is compared with zero, as C tests it: 1.0 * (x > 0) ? 1 :
// -1, which a sign macro expands to.
func (em *clEmitter) condition(x *cfacts.Expr) string {
	if x.Type != nil && x.Type.Kind == cfacts.TypeFloat {
		return "(" + em.expr(x, precRel) + " != 0)"
	}
	return em.expr(x, precLOr)
}

// unaryOperand writes the operand of a unary operator, with a space where
// two operators would otherwise merge ("- -x").
func (em *clEmitter) unaryOperand(e *cfacts.Expr) string {
	s := em.expr(e.X, precUnary)
	if len(s) > 0 && (s[0] == '-' || s[0] == '+' || s[0] == '&') && strings.HasPrefix(s, e.Op[:1]) {
		return " " + s
	}
	return s
}

// constant writes a literal as OpenCL C: long long suffixes become long ones
// (OpenCL's long is 64 bits); double literals mark the program fp64.
func (em *clEmitter) constant(e *cfacts.Expr) string {
	t := e.Text
	if t == "" {
		if e.IsInt {
			return strconv.FormatInt(e.Int, 10)
		}
		return "0"
	}
	if t[0] == '\'' {
		return t
	}
	isHex := len(t) > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')
	isFloat := e.Type != nil && e.Type.Kind == cfacts.TypeFloat
	if !isFloat {
		// Integer: normalize the suffix.
		i := len(t)
		for i > 0 && strings.ContainsRune("uUlL", rune(t[i-1])) {
			i--
		}
		suf := strings.ToUpper(t[i:])
		suf = strings.Replace(suf, "LL", "L", 1)
		return t[:i] + suf
	}
	last := t[len(t)-1]
	switch {
	case last == 'f' || last == 'F':
		if isHex || strings.ContainsAny(t, ".eEpP") {
			return t
		}
	case last == 'l' || last == 'L':
		em.errorf(e.Span, "long double is not supported on the device")
		return t[:len(t)-1]
	}
	em.fp64 = true
	return t
}

// castType spells the target type of a cast.
func (em *clEmitter) castType(t *cfacts.Type) (string, error) {
	if t == nil {
		return "", fmt.Errorf("a cast to an unknown type")
	}
	if t.Kind == cfacts.TypeVoid {
		return "void", nil
	}
	if t.Kind == cfacts.TypePointer {
		return "", fmt.Errorf("pointer casts are not supported in a compute construct yet")
	}
	s, err := scalarCL(t)
	if needsFP64(s) {
		em.fp64 = true
	}
	return s, err
}

// vlaIndex writes a full subscript chain a[i][j]... of a linearized array
// as a[(i) * s1 + (j) * s2 + k].
func (em *clEmitter) vlaIndex(e *cfacts.Expr) (string, bool) {
	b, idx, strides := em.linearChain(e)
	if b == nil {
		return "", false
	}
	// All subscripts but the last name a row: its value is the address
	// of its first element (the rows of a pointer to pointers are one
	// device buffer too, so a row's device address is known; its pointer,
	// a host address, is not on the device: rowNotLvalue).
	row := len(idx) == len(strides)
	if len(idx) != len(strides)+1 && !row {
		if isRowsType(b.Var.Type) { // rows.go
			em.errorf(e.Span, "'%s' is a pointer to pointers: its rows are one device buffer, so index it with both subscripts (%s[i][j]) in a compute construct; a row's pointer is a host address", b.Var.Name, b.Var.Name)
			return "", true
		}
		em.errorf(e.Span, "'%s' is a variable-length array: index it with all %d subscripts in a compute construct, or all but the last (a row's address)", b.Var.Name, len(strides)+1)
		return "", true
	}
	// idx is innermost first.
	var terms []string
	for k := len(idx) - 1; k >= 0; k-- {
		d := len(idx) - 1 - k // dimension
		if d < len(strides) {
			terms = append(terms, em.expr(idx[k], precMul)+" * "+strides[d])
		} else {
			terms = append(terms, em.expr(idx[k], precAdd))
		}
	}
	base, err := em.ident(b.Var)
	if err != nil {
		em.errorf(b.Span, "%v", err)
	}
	if row {
		return "(&" + base + "[" + strings.Join(terms, " + ") + "])", true
	}
	return base + "[" + strings.Join(terms, " + ") + "]", true
}

// linearChain splits a subscript chain a[i][j]... of a linearized array
// (em.vla) into the array, the subscripts (innermost first) and its
// strides; b is nil for other expressions.
func (em *clEmitter) linearChain(e *cfacts.Expr) (b *cfacts.Expr, idx []*cfacts.Expr, strides []string) {
	if em.vla == nil {
		return nil, nil, nil
	}
	b = e
	for b.Kind == cfacts.ExprIndex {
		idx = append(idx, b.Y)
		if b = strip(b.X); b == nil {
			return nil, nil, nil
		}
	}
	if b.Kind != cfacts.ExprIdent || b.Var == nil {
		return nil, nil, nil
	}
	if strides = em.vla(b.Var); strides == nil {
		return nil, nil, nil
	}
	return b, idx, strides
}

// rowNotLvalue reports e when it is a row of a linearized array (vlaIndex)
// that is assigned, stepped or has its address taken: the row pointers of
// a pointer to pointers are host addresses that have no device copy, and
// a variable-length array's row is an array.
func (em *clEmitter) rowNotLvalue(e *cfacts.Expr) {
	if e == nil || e.Kind != cfacts.ExprIndex {
		return
	}
	b, idx, strides := em.linearChain(e)
	if b == nil || len(idx) != len(strides) {
		return
	}
	if isRowsType(b.Var.Type) { // rows.go
		em.errorf(e.Span, "'%s' is a pointer to pointers whose rows are one device buffer: a compute construct may read a row's address (%s[i]) but not change the row pointers or take their address, which are host data", b.Var.Name, b.Var.Name)
		return
	}
	em.errorf(e.Span, "'%s' is a variable-length array: a row (%s[i]) is its address here; take the address of an element instead (&%s[i][0])", b.Var.Name, b.Var.Name, b.Var.Name)
}

// mathFunc describes a C math function that OpenCL C has (overloaded):
// arguments are converted to the C parameter type so that the OpenCL
// overload computes what C would.
type mathFunc struct {
	cl   string
	args string // one letter per argument: d double, f float, i int, l long
	ret  string // cast of the result ("" none)
}

var mathFuncs = map[string]mathFunc{}

func init() {
	for _, n := range []string{"sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
		"asinh", "acosh", "atanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "fabs", "floor", "ceil",
		"round", "trunc", "rint", "erf", "erfc", "tgamma", "lgamma", "logb", "nearbyint"} {
		cl := n
		if n == "nearbyint" {
			cl = "rint"
		}
		mathFuncs[n] = mathFunc{cl, "d", ""}
		mathFuncs[n+"f"] = mathFunc{cl, "f", ""}
	}
	for _, n := range []string{"pow", "atan2", "fmod", "fmax", "fmin", "hypot", "copysign", "fdim", "remainder", "nextafter"} {
		mathFuncs[n] = mathFunc{n, "dd", ""}
		mathFuncs[n+"f"] = mathFunc{n, "ff", ""}
	}
	mathFuncs["fma"] = mathFunc{"fma", "ddd", ""}
	mathFuncs["fmaf"] = mathFunc{"fma", "fff", ""}
	mathFuncs["ldexp"] = mathFunc{"ldexp", "di", ""}
	mathFuncs["ldexpf"] = mathFunc{"ldexp", "fi", ""}
	mathFuncs["abs"] = mathFunc{"abs", "i", "int"}
	mathFuncs["labs"] = mathFunc{"abs", "l", "long"}
	mathFuncs["llabs"] = mathFunc{"abs", "l", "long"}
	for n, f := range mathFuncs {
		if _, ok := mathFuncs["__builtin_"+n]; !ok {
			mathFuncs["__builtin_"+n] = f
		}
	}
}

var argTypes = map[byte]string{'d': "double", 'f': "float", 'i': "int", 'l': "long"}

func (em *clEmitter) call(e *cfacts.Expr) string {
	name := e.Name
	if s, ok := em.complexCall(e); ok { // complex.go
		return s
	}
	if em.callHook != nil {
		if s, ok := em.callHook(e); ok {
			return s
		}
	}
	if b, ok := intBuiltins[name]; ok {
		return em.intBuiltinCall(name, b, e) // builtins.go
	}
	f, ok := mathFuncs[name]
	if !ok {
		switch strings.TrimPrefix(name, "__builtin_") {
		case "isnan", "isinf", "isfinite", "signbit", "isnormal":
			// int-valued classification (OpenCL returns int for scalars)
			n := strings.TrimPrefix(name, "__builtin_")
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, em.expr(a, precAssign))
			}
			return n + "(" + strings.Join(parts, ", ") + ")"
		}
		if name == "" {
			em.errorf(e.Span, "calls through function pointers are not supported in a compute construct")
		} else {
			em.errorf(e.Span, "call to '%s' in a compute construct: only OpenCL built-in math functions are supported yet (no 'routine')", name)
		}
		return name + "()"
	}
	if len(e.Args) != len(f.args) {
		em.errorf(e.Span, "'%s' takes %d arguments", name, len(f.args))
		return name + "()"
	}
	var parts []string
	for i, a := range e.Args {
		want := argTypes[f.args[i]]
		if needsFP64(want) {
			em.fp64 = true
		}
		have, _ := scalarCL(a.Type)
		switch {
		case have == want:
			parts = append(parts, em.expr(a, precAssign))
		case isComplex(a.Type): // C passes the real part
			parts = append(parts, "("+want+")"+em.convertTo(a, &cfacts.Type{Kind: cfacts.TypeFloat}, precUnary))
		default:
			parts = append(parts, "("+want+")"+em.expr(a, precUnary))
		}
	}
	s := f.cl + "(" + strings.Join(parts, ", ") + ")"
	if f.ret != "" {
		s = "(" + f.ret + ")" + s
	}
	return s
}

// _Bool data in device memory is uchar (OpenCL has no bool in buffers), so
// a store into it converts the value as C converts to _Bool: 0 or 1.

// boolAssign writes an assignment to a _Bool lvalue: x = (y) != 0, and a
// compound one as x = (x op (y)) != 0 (x is then evaluated twice, so it
// must have no side effects).
func (em *clEmitter) boolAssign(e *cfacts.Expr) string {
	x := em.expr(e.X, precUnary)
	if e.Op == "=" {
		return x + " = (" + em.expr(e.Y, precComma) + ") != 0"
	}
	if !pureExpr(e.X) {
		em.errorf(e.Span, "a compound assignment to a _Bool whose address has side effects is not supported in a compute construct (write b = b %s v)", strings.TrimSuffix(e.Op, "="))
	}
	return x + " = (" + x + " " + strings.TrimSuffix(e.Op, "=") + " (" + em.expr(e.Y, precComma) + ")) != 0"
}

// boolStep reports ++ and -- on _Bool data in memory (an element, a
// dereference), which the uchar holding it would count past 1.
func (em *clEmitter) boolStep(e *cfacts.Expr) {
	if !isBool(e.X.Type) {
		return
	}
	if x := strip(e.X); x != nil && x.Kind == cfacts.ExprIdent {
		return // a private _Bool of the kernel: OpenCL's bool
	}
	em.errorf(e.Span, "'%s' on _Bool data is not supported in a compute construct (assign 1 or 0)", e.Op)
}

// pointerHops counts the pointer members in the chain of member accesses
// that x ends (2 for c->up->v: up and v).
func pointerHops(x *cfacts.Expr) int {
	n := 0
	for ; x != nil && x.Kind == cfacts.ExprMember; x = x.X {
		if analysis.IsPointerMember(x) {
			n++
		}
	}
	return n
}
