package acc

import "math"

// Int evaluates e as an integer constant expression: decimal, hexadecimal,
// octal and binary literals (with u/l suffixes), the unary operators
// - + ~ !, the binary operators * / % + - << >> & ^ | with C precedence,
// parentheses, casts to integer types ((int)x, (unsigned char)x), and the
// names e.Consts gives values (macros and enumeration constants of the
// document). It reports false for anything else: other names, other
// operators, floating literals, division by zero, shifts by a negative
// amount or by 64 or more, or literals beyond 64 bits. Arithmetic is done in
// int64 and wraps.
func (e *Expr) Int() (int64, bool) {
	v, _, ok := e.eval()
	return v, ok
}

// UnknownName is the first name Int met that has no value (not in Consts,
// not an integer cast's type): the reason a named argument is not a
// constant. "" when Int succeeds or fails for another reason.
func (e *Expr) UnknownName() string {
	_, name, _ := e.eval()
	return name
}

func (e *Expr) eval() (int64, string, bool) {
	if e == nil {
		return 0, "", false
	}
	return evalConst(constParser{s: e.Text, consts: e.Consts})
}

// evalConst parses the whole of c.s.
func evalConst(c constParser) (int64, string, bool) {
	v, ok := c.binary(0)
	if !ok {
		return 0, c.unknown, false
	}
	c.blanks()
	if c.i != len(c.s) {
		return 0, "", false
	}
	return v, "", true
}

type constParser struct {
	cond    bool // an #if expression: the relational, equality and logical operators too (cond.go)
	s       string
	i       int
	depth   int
	consts  Consts // identifiers with a value
	unknown string // the first identifier without one
}

// maxConstDepth bounds the nesting of parentheses and unary operators.
const maxConstDepth = 200

func (c *constParser) blanks() {
	for c.i < len(c.s) {
		switch c.s[c.i] {
		case ' ', '\t', '\n', '\r', '\f', '\v':
			c.i++
		default:
			return
		}
	}
}

// binop returns the binary operator at the current position and its
// precedence (higher binds tighter), or prec 0.
func (c *constParser) binop() (op string, prec int) {
	c.blanks()
	if c.i >= len(c.s) {
		return "", 0
	}
	rest := c.s[c.i:]
	if len(rest) >= 2 {
		switch rest[:2] {
		case "<<", ">>":
			if len(rest) >= 3 && rest[2] == '=' {
				return "", 0
			}
			return rest[:2], 8
		case "||", "&&", "==", "!=", "<=", ">=":
			if !c.cond {
				return "", 0
			}
			switch rest[:2] {
			case "||":
				return "||", 1
			case "&&":
				return "&&", 2
			case "==", "!=":
				return rest[:2], 6
			}
			return rest[:2], 7
		case "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=":
			return "", 0
		}
	}
	switch rest[0] {
	case '|':
		return "|", 3
	case '^':
		return "^", 4
	case '&':
		return "&", 5
	case '<', '>':
		if !c.cond {
			return "", 0
		}
		return rest[:1], 7
	case '+', '-':
		return rest[:1], 9
	case '*', '/', '%':
		return rest[:1], 10
	}
	return "", 0
}

// binary parses operands joined by operators of precedence above min.
func (c *constParser) binary(min int) (int64, bool) {
	x, ok := c.unary()
	if !ok {
		return 0, false
	}
	for {
		op, prec := c.binop()
		if prec == 0 || prec <= min {
			return x, true
		}
		c.i += len(op)
		y, ok := c.binary(prec)
		if !ok {
			return 0, false
		}
		truth := func(b bool) int64 {
			if b {
				return 1
			}
			return 0
		}
		switch op {
		case "||":
			x = truth(x != 0 || y != 0)
		case "&&":
			x = truth(x != 0 && y != 0)
		case "==":
			x = truth(x == y)
		case "!=":
			x = truth(x != y)
		case "<":
			x = truth(x < y)
		case "<=":
			x = truth(x <= y)
		case ">":
			x = truth(x > y)
		case ">=":
			x = truth(x >= y)
		case "|":
			x |= y
		case "^":
			x ^= y
		case "&":
			x &= y
		case "<<", ">>":
			if y < 0 || y >= 64 {
				return 0, false
			}
			if op == "<<" {
				x <<= uint(y)
			} else {
				x >>= uint(y)
			}
		case "+":
			x += y
		case "-":
			x -= y
		case "*":
			x *= y
		case "/", "%":
			if y == 0 {
				return 0, false
			}
			if x == math.MinInt64 && y == -1 {
				if op == "/" {
					return 0, false // overflows
				}
				x = 0
			} else if op == "/" {
				x /= y
			} else {
				x %= y
			}
		}
	}
}

func (c *constParser) unary() (int64, bool) {
	c.blanks()
	if c.i >= len(c.s) {
		return 0, false
	}
	if c.depth++; c.depth > maxConstDepth {
		return 0, false
	}
	defer func() { c.depth-- }()
	switch ch := c.s[c.i]; ch {
	case '-', '+', '~', '!':
		if c.i+1 < len(c.s) && (c.s[c.i+1] == ch && ch != '~' && ch != '!' || c.s[c.i+1] == '=') {
			return 0, false // -- ++ -= += !=
		}
		c.i++
		x, ok := c.unary()
		if !ok {
			return 0, false
		}
		switch ch {
		case '-':
			return -x, true
		case '~':
			return ^x, true
		case '!':
			if x == 0 {
				return 1, true
			}
			return 0, true
		}
		return x, true
	case '(':
		if conv, n := castAt(c.s[c.i:]); conv != nil {
			c.i += n
			x, ok := c.unary()
			if !ok {
				return 0, false
			}
			return conv(x), true
		}
		c.i++
		x, ok := c.binary(0)
		if !ok {
			return 0, false
		}
		c.blanks()
		if c.i >= len(c.s) || c.s[c.i] != ')' {
			return 0, false
		}
		c.i++
		return x, true
	}
	if isIdentByte(c.s[c.i]) && !isDigit(c.s[c.i]) {
		j := c.i
		for j < len(c.s) && isIdentByte(c.s[j]) {
			j++
		}
		v, ok := c.consts[c.s[c.i:j]]
		if ok {
			c.i = j
		} else if c.unknown == "" && !cKeywords[c.s[c.i:j]] {
			c.unknown = c.s[c.i:j]
		}
		return v, ok
	}
	return c.number()
}

// number parses an integer literal with its suffix.
func (c *constParser) number() (int64, bool) {
	s := c.s
	i := c.i
	if i >= len(s) || !isDigit(s[i]) {
		return 0, false
	}
	base := uint64(10)
	if s[i] == '0' && i+1 < len(s) {
		switch s[i+1] | 0x20 {
		case 'x':
			base, i = 16, i+2
		case 'b':
			base, i = 2, i+2
		default:
			base = 8
		}
	}
	start := i
	var v uint64
	for ; i < len(s); i++ {
		d := digitVal(s[i])
		if d >= base {
			break
		}
		hi, lo := mulAdd(v, base, d)
		if hi {
			return 0, false
		}
		v = lo
	}
	if i == start && base != 8 {
		return 0, false // `0x` with no digits
	}
	// Suffix: u, l, ll in either order and case.
	u, l := 0, 0
	for i < len(s) {
		switch s[i] {
		case 'u', 'U':
			u++
			i++
		case 'l', 'L':
			if i+1 < len(s) && s[i+1] == s[i] {
				i++
			}
			l++
			i++
		default:
			goto done
		}
	}
done:
	if u > 1 || l > 1 {
		return 0, false
	}
	if i < len(s) && (isIdentByte(s[i]) || s[i] == '.') {
		return 0, false // a float, a bad digit or a bad suffix
	}
	c.i = i
	return int64(v), true
}

// mulAdd returns v*base+d, and whether it overflows 64 bits.
func mulAdd(v, base, d uint64) (overflow bool, r uint64) {
	if v > (math.MaxUint64-d)/base {
		return true, 0
	}
	return false, v*base + d
}

func digitVal(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

// castAt recognizes a cast to an integer type at the start of s,
// `(int)` or `(unsigned long)`, and returns the conversion and the cast's
// length; nil when s does not start with one.
func castAt(s string) (func(int64) int64, int) {
	i := 1
	var words []string
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i < len(s) && s[i] == ')' {
			i++
			break
		}
		j := i
		for j < len(s) && isIdentByte(s[j]) {
			j++
		}
		if j == i {
			return nil, 0
		}
		words = append(words, s[i:j])
		i = j
	}
	unsigned, size := false, 4
	for _, w := range words {
		switch w {
		case "unsigned":
			unsigned = true
		case "signed", "int":
		case "char":
			size = 1
		case "short":
			size = 2
		case "long":
			size = 8
		case "size_t", "uint64_t", "uintptr_t":
			unsigned, size = true, 8
		case "ptrdiff_t", "int64_t", "intptr_t":
			size = 8
		default:
			return nil, 0
		}
	}
	if len(words) == 0 {
		return nil, 0
	}
	bits := uint(size * 8)
	return func(x int64) int64 {
		if bits == 64 {
			return x
		}
		if unsigned {
			return int64(uint64(x) & (1<<bits - 1))
		}
		return x << (64 - bits) >> (64 - bits)
	}, i
}

// cKeywords are the words that name no variable, macro or constant in a
// constant expression: not "unknown names" (a cast to float, sizeof).
var cKeywords = map[string]bool{"float": true, "double": true, "void": true, "struct": true, "union": true,
	"enum": true, "const": true, "volatile": true, "sizeof": true, "_Alignof": true, "_Bool": true}
