package compiler

import (
	"fmt"

	"github.com/accls/accls/source/cfacts"
)

// GCC's integer built-ins (__builtin_popcount, __builtin_clz, ...) in
// device code, written with OpenCL C 1.2 built-ins. Each takes its C
// parameter type (unsigned int or unsigned long: the argument is converted
// first, as C converts it) and returns C's int, except bswap, which returns
// its own type, and expect, which is its first argument.
type intBuiltin struct {
	arity int
	// form is the OpenCL expression, %[1]s the converted first argument.
	form string
	// twice: form evaluates the argument twice (it must have no side
	// effects).
	twice bool
}

var intBuiltins = map[string]intBuiltin{}

func init() {
	for suffix, t := range map[string]struct{ ty, bits string }{"": {"uint", "32"}, "l": {"ulong", "64"}, "ll": {"ulong", "64"}} {
		arg := "((" + t.ty + ")(%[1]s))"
		low := "(" + arg + " & (0 - " + arg + "))" // the lowest set bit
		intBuiltins["__builtin_popcount"+suffix] = intBuiltin{1, "((int)popcount(" + arg + "))", false}
		intBuiltins["__builtin_parity"+suffix] = intBuiltin{1, "((int)(popcount(" + arg + ") & 1))", false}
		// clz and ctz of 0 are undefined in C; OpenCL's clz(0) is the width.
		intBuiltins["__builtin_clz"+suffix] = intBuiltin{1, "((int)clz(" + arg + "))", false}
		// ctz is OpenCL 2.0: (width-1) - clz of the lowest set bit.
		intBuiltins["__builtin_ctz"+suffix] = intBuiltin{1, "((int)(" + t.bits + " - 1 - clz(" + low + ")))", true}
		// ffs: the lowest set bit's position from 1, 0 for 0 (clz(0) is the width).
		intBuiltins["__builtin_ffs"+suffix] = intBuiltin{1, "((int)(" + t.bits + " - clz(" + low + ")))", true}
	}
	intBuiltins["__builtin_bswap32"] = intBuiltin{1, "as_uint(as_uchar4((uint)(%[1]s)).s3210)", false}
	intBuiltins["__builtin_bswap64"] = intBuiltin{1, "as_ulong(as_uchar8((ulong)(%[1]s)).s76543210)", false}
	intBuiltins["__builtin_expect"] = intBuiltin{2, "(%[1]s)", false}
}

// intBuiltinCall writes a call of b, one of intBuiltins.
func (em *clEmitter) intBuiltinCall(name string, b intBuiltin, e *cfacts.Expr) string {
	if len(e.Args) != b.arity {
		em.errorf(e.Span, "'%s' takes %d argument(s)", name, b.arity)
		return name + "()"
	}
	if b.twice && !pureExpr(e.Args[0]) {
		em.errorf(e.Args[0].Span, "the argument of '%s' has side effects: the device code evaluates it twice (compute it into a variable first)", name)
	}
	return fmt.Sprintf(b.form, em.expr(e.Args[0], precAssign))
}
