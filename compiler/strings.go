package compiler

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// String literals in device code. OpenCL C keeps string literals in the
// __constant address space, so a pointer to one is not a private char *
// and OpenCL 1.2 has no generic address space to hold it. What C programs
// do with them in kernels and routines is initialize a char array, a name
// or a table of symbols (char name[] = "hello", char t[2][4] = {"ab",
// "cd"}): those initializers are written as brace lists of characters,
// which every OpenCL C compiler accepts for a private array. printf's
// format and %s arguments stay literals (routine.go devicePrintf); any
// other use is reported.

// arrayInit writes e, the initializer of an array of type to, when string
// literals initialize its characters; ok is false for any other
// initializer, which convertTo writes as it is.
func (em *clEmitter) arrayInit(e *cfacts.Expr, to *cfacts.Type) (string, bool) {
	if e == nil || to == nil || to.Kind != cfacts.TypeArray || !hasString(e) {
		return "", false
	}
	if isCharType(to.Elem) {
		if e.Kind == cfacts.ExprOther && e.Op == "{}" && len(e.Args) == 1 && e.Args[0].Kind == cfacts.ExprString {
			e = e.Args[0] // char s[] = {"abc"}: C allows the braces
		}
		if e.Kind == cfacts.ExprString {
			return em.charList(e, to.Len), true
		}
	}
	if e.Kind != cfacts.ExprOther || e.Op != "{}" {
		return "", false
	}
	parts := make([]string, len(e.Args))
	for i, a := range e.Args {
		parts[i] = em.convertTo(a, to.Elem, precAssign)
	}
	return "{" + strings.Join(parts, ", ") + "}", true
}

// hasString reports whether an initializer holds a string literal.
func hasString(e *cfacts.Expr) bool {
	if e.Kind == cfacts.ExprString {
		return true
	}
	if e.Kind == cfacts.ExprOther && e.Op == "{}" {
		for _, a := range e.Args {
			if hasString(a) {
				return true
			}
		}
	}
	return false
}

// isCharType reports whether t is char, signed char or unsigned char.
func isCharType(t *cfacts.Type) bool {
	return t != nil && t.Kind == cfacts.TypeInt && t.Size == 1 && !isBool(t)
}

// charList writes the characters of a string literal that initializes an
// array of n characters (n < 0: the array takes its length from the
// literal). As in C, the terminating NUL is left out when the array has
// room only for the others, and the elements after the list are zeros.
func (em *clEmitter) charList(e *cfacts.Expr, n int64) string {
	s := e.Name
	if s == "" {
		em.errorf(e.Span, "wide string literals cannot initialize arrays in a compute construct (OpenCL C has no wchar_t, char16_t or char32_t strings)")
		return "{0}"
	}
	if n >= 0 && int64(len(s)) > n {
		s = s[:n]
	}
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		parts[i] = charConst(s[i])
	}
	if len(parts) == 0 {
		return "{0}"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// charConst spells one character as an OpenCL C character constant.
func charConst(c byte) string {
	switch {
	case c == '\'' || c == '\\':
		return `'\` + string(c) + `'`
	case c == 0:
		return `'\0'`
	case c >= 0x20 && c < 0x7f:
		return "'" + string(c) + "'"
	}
	return fmt.Sprintf(`'\x%02x'`, c)
}

// stringLiteral spells a narrow string literal for OpenCL C from its value:
// printable characters as they are, \n and \t, the others as octal escapes (three
// digits: no following character can extend them, as one can a hex
// escape), so that prefixes (u8) and escapes OpenCL C lacks (\u) do not
// reach its compiler. Wide literals keep their text (reported by the
// caller).
func stringLiteral(e *cfacts.Expr) string {
	v := strings.TrimSuffix(e.Name, "\x00")
	if e.Name == "" {
		return e.Text
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// isStringLiteral reports whether pointer value e is a string literal:
// cast or not, or chosen by ?: between two.
func isStringLiteral(e *cfacts.Expr) bool {
	for e != nil && e.Kind == cfacts.ExprCast {
		e = e.X
	}
	switch {
	case e == nil:
		return false
	case e.Kind == cfacts.ExprCond:
		return isStringLiteral(e.Y) && isStringLiteral(e.Z)
	}
	return e.Kind == cfacts.ExprString
}
