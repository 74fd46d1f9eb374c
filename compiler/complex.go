package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// Complex numbers in device code. OpenCL C has no complex types: a float
// _Complex is a float2 and a double _Complex a double2 (.x the real part,
// .y the imaginary one: C's layout, so data clauses move them as they are).
// Vector arithmetic is complex arithmetic for + and -, and for * and / by a
// real; the rest is written out:
//
//   - a real operand of a complex + - * / or == is made complex, (T2)(x, 0)
//     (OpenCL would broadcast it to both parts); && and || test either
//     part, unary ! both;
//   - complex * complex and complex / complex call _accls_cmul_T and
//     _accls_cdiv_T (Smith's division, as libgcc's __divdc3 without its
//     scaling), a real / complex too;
//   - a conversion to a real type takes the real part, as C does: in
//     assignments, initializers, returns, arguments and casts
//     (convertTo);
//   - imaginary literals (glibc's I is 1.0iF) become (T2)(0, v);
//   - creal, cimag, conj, cabs, carg, cexp, clog, csqrt, cpow, csin, ccos
//     (and their f forms) and __builtin_complex (CMPLX) map to vector
//     operations and the helpers complexHelpers defines.
//
// long double _Complex and GNU's complex integer types are reported, like
// long double.

// isComplex reports whether t is a complex type.
func isComplex(t *cfacts.Type) bool { return t != nil && t.Kind == cfacts.TypeComplex }

// complexCL spells complex type t: float2 or double2.
func complexCL(t *cfacts.Type) (string, error) {
	if p := t.Elem; p != nil && p.Kind == cfacts.TypeFloat {
		switch p.Size {
		case 4:
			return "float2", nil
		case 8:
			return "double2", nil
		}
	}
	return "", fmt.Errorf("type '%s' is not supported on the device (float _Complex and double _Complex are)", t.Name)
}

// complexPart is the OpenCL type of each part of complex spelling t2.
func complexPart(t2 string) string { return strings.TrimSuffix(t2, "2") }

// complexSuffix names the helpers of complex spelling t2: _f or _d.
func complexSuffix(t2 string) string { return "_" + t2[:1] }

// usesComplex notes that the program needs the helpers of spelling t2.
func (em *clEmitter) usesComplex(t2 string) {
	if em.complex == nil {
		em.complex = map[string]bool{}
	}
	em.complex[t2] = true
	if t2 == "double2" {
		em.fp64 = true
	}
}

// asComplex writes e as a value of complex spelling t2: a real is made
// complex, a complex of the other precision converted.
func (em *clEmitter) asComplex(e *cfacts.Expr, t2 string, min int) string {
	if isComplex(e.Type) {
		have, err := complexCL(e.Type)
		if err != nil {
			em.errorf(e.Span, "%v", err)
			return "0"
		}
		if have != t2 {
			return "convert_" + t2 + "(" + em.expr(e, precComma) + ")"
		}
		return em.expr(e, min)
	}
	part := complexPart(t2)
	return fmt.Sprintf("(%s)((%s)%s, 0.0%s)", t2, part, em.expr(e, precUnary), fSuffix(part))
}

// convertTo writes e converted to type to where C converts implicitly
// between complex and real types; other conversions are OpenCL's.
func (em *clEmitter) convertTo(e *cfacts.Expr, to *cfacts.Type, min int) string {
	if s, ok := em.arrayInit(e, to); ok { // strings.go
		return s
	}
	if e == nil || to == nil || isComplex(e.Type) == isComplex(to) && !isComplex(to) {
		return em.expr(e, min)
	}
	if isComplex(to) {
		t2, err := complexCL(to)
		if err != nil {
			em.errorf(e.Span, "%v", err)
			return "0"
		}
		em.usesComplex(t2)
		return em.asComplex(e, t2, min)
	}
	if e.Type != nil && (e.Type.Elem == nil || e.Type.Elem.Kind != cfacts.TypeFloat) {
		em.errorf(e.Span, "type '%s' is not supported on the device (float _Complex and double _Complex are)", e.Type.Name)
	}
	return em.expr(e, precPostfix) + ".x" // the real part
}

// complexType is the complex spelling of an operation on x and y (the
// usual arithmetic conversions: double2 when either part is double).
func (em *clEmitter) complexType(e, x, y *cfacts.Expr) (string, bool) {
	t2 := ""
	for _, o := range []*cfacts.Expr{x, y} {
		if o == nil || !isComplex(o.Type) {
			continue
		}
		s, err := complexCL(o.Type)
		if err != nil {
			em.errorf(e.Span, "%v", err)
			return "", false
		}
		if t2 == "" || s == "double2" {
			t2 = s
		}
	}
	if t2 == "float2" {
		for _, o := range []*cfacts.Expr{x, y} {
			if o != nil && isDouble(o.Type) {
				t2 = "double2"
			}
		}
	}
	if t2 == "" {
		return "", false
	}
	em.usesComplex(t2)
	return t2, true
}

// complexBinary writes binary e when an operand is complex.
func (em *clEmitter) complexBinary(e *cfacts.Expr) (string, bool) {
	t2, ok := em.complexType(e, e.X, e.Y)
	if !ok {
		return "", false
	}
	sfx := complexSuffix(t2)
	xc, yc := isComplex(e.X.Type), isComplex(e.Y.Type)
	p := exprPrec(e)
	switch e.Op {
	case "+", "-":
		return em.asComplex(e.X, t2, p) + " " + e.Op + " " + em.asComplex(e.Y, t2, p+1), true
	case "*":
		if xc && yc {
			return "_accls_cmul" + sfx + "(" + em.asComplex(e.X, t2, precAssign) + ", " + em.asComplex(e.Y, t2, precAssign) + ")", true
		}
		// by a real: both parts scale (a vector times a scalar)
		part := complexPart(t2)
		if xc {
			return em.asComplex(e.X, t2, p) + " * (" + part + ")" + em.expr(e.Y, precUnary), true
		}
		return "(" + part + ")" + em.expr(e.X, precUnary) + " * " + em.asComplex(e.Y, t2, p+1), true
	case "/":
		if yc {
			return "_accls_cdiv" + sfx + "(" + em.asComplex(e.X, t2, precAssign) + ", " + em.asComplex(e.Y, t2, precAssign) + ")", true
		}
		return em.asComplex(e.X, t2, p) + " / (" + complexPart(t2) + ")" + em.expr(e.Y, precUnary), true
	case "&&", "||": // a complex value is true when either part is nonzero
		return em.complexTruth(e.X, t2, p) + " " + e.Op + " " + em.complexTruth(e.Y, t2, p+1), true
	case "==":
		return "all(" + em.asComplex(e.X, t2, precRel) + " == " + em.asComplex(e.Y, t2, precRel+1) + ")", true
	case "!=":
		return "any(" + em.asComplex(e.X, t2, precRel) + " != " + em.asComplex(e.Y, t2, precRel+1) + ")", true
	}
	em.errorf(e.Span, "operator '%s' on a complex value is not supported in a compute construct (+ - * / == != are)", e.Op)
	return "0", true
}

// complexTruth writes operand e of a logical operator: a complex value as
// whether either part is nonzero.
func (em *clEmitter) complexTruth(e *cfacts.Expr, t2 string, min int) string {
	if !isComplex(e.Type) {
		return em.expr(e, min)
	}
	return "any(" + em.asComplex(e, t2, precRel) + " != (" + t2 + ")(0))"
}

// complexAssign writes assignment e when either side is complex.
func (em *clEmitter) complexAssign(e *cfacts.Expr) (string, bool) {
	xc, yc := isComplex(e.X.Type), isComplex(e.Y.Type)
	if !xc && !yc {
		return "", false
	}
	lhs := em.expr(e.X, precUnary)
	if !xc { // a real target takes the real part of what C computes
		y := em.expr(e.Y, precPostfix) + ".x"
		switch e.Op {
		case "=", "+=", "-=", "*=": // x op z: re(x op z) = x op re(z) for + - *
			return lhs + " " + e.Op + " " + y, true
		case "/=":
			t2, _ := em.complexType(e, e.X, e.Y)
			if !pureLvalue(e.X) {
				break
			}
			return fmt.Sprintf("%s = _accls_cdiv%s(%s, %s).x", lhs, complexSuffix(t2), em.asComplex(e.X, t2, precAssign), em.asComplex(e.Y, t2, precAssign)), true
		}
		em.errorf(e.Span, "'%s' of a complex value into '%s' is not supported in a compute construct", e.Op, e.X.Type.Name)
		return lhs, true
	}
	t2, err := complexCL(e.X.Type)
	if err != nil {
		em.errorf(e.Span, "%v", err)
		return lhs, true
	}
	em.usesComplex(t2)
	switch e.Op {
	case "=", "+=", "-=":
		return lhs + " " + e.Op + " " + em.asComplex(e.Y, t2, precAssign), true
	case "*=", "/=":
		if !yc { // by a real: both parts
			return lhs + " " + e.Op + " (" + complexPart(t2) + ")" + em.expr(e.Y, precUnary), true
		}
		if !pureLvalue(e.X) {
			em.errorf(e.Span, "'%s' between complex values needs its target written twice (%s = %s %s y): give it a target without side effects", e.Op, "x", "x", e.Op[:1])
			return lhs, true
		}
		fn := "_accls_cmul"
		if e.Op == "/=" {
			fn = "_accls_cdiv"
		}
		return fmt.Sprintf("%s = %s%s(%s, %s)", lhs, fn, complexSuffix(t2), lhs, em.asComplex(e.Y, t2, precAssign)), true
	}
	em.errorf(e.Span, "operator '%s' on a complex value is not supported in a compute construct", e.Op)
	return lhs, true
}

// complexNot writes !z: both parts zero.
func (em *clEmitter) complexNot(e *cfacts.Expr) string {
	t2, err := complexCL(e.X.Type)
	if err != nil {
		em.errorf(e.Span, "%v", err)
		return "0"
	}
	return "all(" + em.expr(e.X, precRel) + " == (" + t2 + ")(0))"
}

// complexStep reports ++ and -- on a complex value (C steps the real part;
// OpenCL would step both).
func (em *clEmitter) complexStep(e *cfacts.Expr) {
	if isComplex(e.X.Type) {
		em.errorf(e.Span, "'%s' on a complex value is not supported in a compute construct; write += 1", e.Op)
	}
}

// pureLvalue reports whether evaluating lvalue e twice is the same as once
// (no assignments, increments or calls in it).
func pureLvalue(e *cfacts.Expr) bool {
	pure := true
	cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
		switch x.Kind {
		case cfacts.ExprAssign, cfacts.ExprPreInc, cfacts.ExprPostInc, cfacts.ExprCall:
			pure = false
		}
		return pure
	})
	return pure
}

// imaginaryConst writes an imaginary literal (1.0iF, 2i, 3.5j) as a complex
// value; ok is false for other literals.
func (em *clEmitter) imaginaryConst(e *cfacts.Expr) (string, bool) {
	if !isComplex(e.Type) {
		return "", false
	}
	t2, err := complexCL(e.Type)
	if err != nil {
		em.errorf(e.Span, "%v", err)
		return "0", true
	}
	em.usesComplex(t2)
	t := e.Text
	end := len(t)
	for end > 0 && strings.ContainsRune("iIjJfFlLuU", rune(t[end-1])) {
		end--
	}
	num := t[:end]
	if strings.ContainsAny(t[end:], "lL") {
		em.errorf(e.Span, "'%s' is a long double imaginary literal: long double is not supported on the device", t)
		return "0", true
	}
	part := complexPart(t2)
	return fmt.Sprintf("(%s)(0.0%s, (%s)%s)", t2, fSuffix(part), part, num), true
}

// complexFuncs are the <complex.h> functions device code can call, by C
// name: the helper (or vector operation) and the part type.
var complexFuncs = func() map[string]struct{ op, part string } {
	m := map[string]struct{ op, part string }{}
	for _, op := range []string{"creal", "cimag", "conj", "cabs", "carg", "cexp", "clog", "csqrt", "cpow", "csin", "ccos"} {
		m[op] = struct{ op, part string }{op, "double"}
		m[op+"f"] = struct{ op, part string }{op, "float"}
		m["__builtin_"+op] = m[op]
		m["__builtin_"+op+"f"] = m[op+"f"]
	}
	return m
}()

// complexCall writes calls of the <complex.h> functions and of
// __builtin_complex; ok is false for other calls.
func (em *clEmitter) complexCall(e *cfacts.Expr) (string, bool) {
	if e.Name == "__builtin_complex" {
		if len(e.Args) != 2 {
			em.errorf(e.Span, "__builtin_complex takes 2 arguments")
			return "0", true
		}
		part := "float"
		if isDouble(e.Args[0].Type) || isDouble(e.Args[1].Type) {
			part = "double"
		}
		em.usesComplex(part + "2")
		return fmt.Sprintf("(%s2)(%s, %s)", part, em.expr(e.Args[0], precAssign), em.expr(e.Args[1], precAssign)), true
	}
	f, ok := complexFuncs[e.Name]
	if !ok {
		return "", false
	}
	want := 1
	if f.op == "cpow" {
		want = 2
	}
	if len(e.Args) != want {
		em.errorf(e.Span, "'%s' takes %d argument(s)", e.Name, want)
		return "0", true
	}
	t2 := f.part + "2"
	em.usesComplex(t2)
	var args []string
	for _, a := range e.Args {
		args = append(args, em.asComplex(a, t2, precAssign))
	}
	switch f.op {
	case "creal":
		return "(" + args[0] + ").x", true
	case "cimag":
		return "(" + args[0] + ").y", true
	}
	return "_accls_" + f.op + complexSuffix(t2) + "(" + strings.Join(args, ", ") + ")", true
}

// complexHelpers defines the helpers for part type T (float or double)
// with suffix S, in the program when its kernels use complex values.
const complexHelpers = `/* complex arithmetic on T2 (re, im) */
T2 _accls_cmulS(T2 a, T2 b) { return (T2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
T2 _accls_cdivS(T2 a, T2 b)
{
	if (fabs(b.x) >= fabs(b.y)) {
		T r = b.y / b.x, d = b.x + b.y * r;
		return (T2)((a.x + a.y * r) / d, (a.y - a.x * r) / d);
	}
	T r = b.x / b.y, d = b.x * r + b.y;
	return (T2)((a.x * r + a.y) / d, (a.y * r - a.x) / d);
}
T2 _accls_conjS(T2 z) { return (T2)(z.x, -z.y); }
T _accls_cabsS(T2 z) { return hypot(z.x, z.y); }
T _accls_cargS(T2 z) { return atan2(z.y, z.x); }
T2 _accls_cexpS(T2 z) { T m = exp(z.x); return (T2)(m * cos(z.y), m * sin(z.y)); }
T2 _accls_clogS(T2 z) { return (T2)(log(hypot(z.x, z.y)), atan2(z.y, z.x)); }
T2 _accls_csqrtS(T2 z)
{
	T r = hypot(z.x, z.y);
	if (r == 0)
		return (T2)(0, z.y);
	T t = sqrt((r + fabs(z.x)) / 2);
	if (z.x >= 0)
		return (T2)(t, z.y / (2 * t));
	return (T2)(fabs(z.y) / (2 * t), copysign(t, z.y));
}
T2 _accls_cpowS(T2 z, T2 w)
{
	if (z.x == 0 && z.y == 0)
		return (w.x == 0 && w.y == 0) ? (T2)(1, 0) : (T2)(0, 0);
	return _accls_cexpS(_accls_cmulS(w, _accls_clogS(z)));
}
T2 _accls_csinS(T2 z) { return (T2)(sin(z.x) * cosh(z.y), cos(z.x) * sinh(z.y)); }
T2 _accls_ccosS(T2 z) { return (T2)(cos(z.x) * cosh(z.y), -sin(z.x) * sinh(z.y)); }
`

// noteComplex adds the complex spellings some code uses to the program's.
func (p *Program) noteComplex(used map[string]bool) {
	for t2 := range used {
		if p.Complex == nil {
			p.Complex = map[string]bool{}
		}
		p.Complex[t2] = true
		if t2 == "double2" {
			p.UsesDouble = true
		}
	}
}

// kernelComplex is the complex spellings of kernel k's parameters and
// reductions (whose combining code calls the helpers).
func kernelComplex(k *Kernel) map[string]bool {
	used := map[string]bool{}
	note := func(cl string) {
		if cl == "float2" || cl == "double2" {
			used[cl] = true
		}
	}
	for _, p := range k.Params {
		note(p.CL)
	}
	for _, r := range append(append([]*Reduction{}, k.Reductions...), k.Local...) {
		note(r.CL)
	}
	forEachLoop(k.Loops, func(lp *Loop) {
		for _, r := range lp.Reductions {
			note(r.CL)
		}
	})
	return used
}

// complexDefinitions is the helpers text for the complex spellings used.
func complexDefinitions(used map[string]bool) string {
	var b strings.Builder
	for _, t2 := range []string{"float2", "double2"} {
		if used[t2] {
			r := strings.NewReplacer("T2", t2, "T", complexPart(t2), "S", complexSuffix(t2))
			b.WriteString(r.Replace(complexHelpers))
		}
	}
	return b.String()
}
