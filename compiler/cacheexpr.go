package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// The bounds of a cache directive's sub-arrays are directive text (acc.Expr),
// not C facts: cacheexpr parses the integer expressions they may be —
// constants, names, + - * / %, unary minus, parentheses — into a small tree
// whose names are resolved at the directive: a variable (*cfacts.Var), or a
// name that is not a variable (a macro, an enum constant), which the host
// evaluates at the launch (macros are not expanded in directives). Anything
// else (calls, casts, members) is not parsed: the item stays a hint.

// cx is one node of a parsed bound.
type cx struct {
	op   byte // 'n' number, 'v' variable, 'h' host name, 'u' unary minus, or + - * / %
	val  int64
	v    *cfacts.Var
	name string
	x, y *cx
}

type cxParser struct {
	s       string
	i       int
	resolve func(name string) *cfacts.Var
	err     string
}

// parseCx parses text; resolve maps a name to the variable it names (nil:
// not a variable).
func parseCx(text string, resolve func(string) *cfacts.Var) (*cx, error) {
	p := &cxParser{s: text, resolve: resolve}
	n := p.sum(0)
	p.blanks()
	if p.err == "" && p.i != len(p.s) {
		p.err = fmt.Sprintf("unexpected %q", p.s[p.i:])
	}
	if p.err != "" {
		return nil, fmt.Errorf("the bound '%s' is not an integer expression of names and constants (%s)", strings.TrimSpace(text), p.err)
	}
	return n, nil
}

func (p *cxParser) blanks() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n\f\v", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *cxParser) peek() byte {
	p.blanks()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *cxParser) sum(depth int) *cx {
	n := p.product(depth)
	for p.err == "" {
		c := p.peek()
		if c != '+' && c != '-' {
			return n
		}
		p.i++
		n = &cx{op: c, x: n, y: p.product(depth)}
	}
	return n
}

func (p *cxParser) product(depth int) *cx {
	n := p.unary(depth)
	for p.err == "" {
		c := p.peek()
		if c != '*' && c != '/' && c != '%' {
			return n
		}
		p.i++
		n = &cx{op: c, x: n, y: p.unary(depth)}
	}
	return n
}

func (p *cxParser) unary(depth int) *cx {
	if depth > 100 {
		p.err = "nested too deeply"
		return &cx{op: 'n'}
	}
	switch c := p.peek(); {
	case c == '-':
		p.i++
		return &cx{op: 'u', x: p.unary(depth + 1)}
	case c == '+':
		p.i++
		return p.unary(depth + 1)
	case c == '(':
		p.i++
		n := p.sum(depth + 1)
		if p.peek() != ')' {
			if p.err == "" {
				p.err = "missing ')'"
			}
			return n
		}
		p.i++
		return n
	case c >= '0' && c <= '9':
		j := p.i
		for j < len(p.s) && (isIdentByte(p.s[j]) || p.s[j] == '.') {
			j++
		}
		lit := strings.TrimRight(strings.ToLower(p.s[p.i:j]), "ul")
		v, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			p.err = fmt.Sprintf("'%s' is not an integer constant", p.s[p.i:j])
		}
		p.i = j
		return &cx{op: 'n', val: v}
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		j := p.i
		for j < len(p.s) && isIdentByte(p.s[j]) {
			j++
		}
		name := p.s[p.i:j]
		p.i = j
		if p.peek() == '(' || p.peek() == '[' || p.peek() == '.' {
			p.err = fmt.Sprintf("'%s' is followed by '%c'", name, p.peek())
		}
		if v := p.resolve(name); v != nil {
			return &cx{op: 'v', v: v, name: name}
		}
		return &cx{op: 'h', name: name}
	case c == 0:
		p.err = "it ends early"
	default:
		p.err = fmt.Sprintf("unexpected '%c'", c)
	}
	return &cx{op: 'n'}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// String spells the tree (atoms of linear forms are keyed by it).
func (n *cx) String() string {
	switch n.op {
	case 'n':
		return strconv.FormatInt(n.val, 10)
	case 'v', 'h':
		return n.name
	case 'u':
		return "-(" + n.x.String() + ")"
	}
	return "(" + n.x.String() + " " + string(n.op) + " " + n.y.String() + ")"
}

// has reports whether the tree names variable v.
func (n *cx) has(v *cfacts.Var) bool {
	if n == nil {
		return false
	}
	return n.op == 'v' && n.v == v || n.x.has(v) || n.y.has(v)
}

// emit writes the tree as an OpenCL long expression; name spells each
// variable and host name.
func (n *cx) emit(name func(n *cx) string) string {
	switch n.op {
	case 'n':
		return strconv.FormatInt(n.val, 10)
	case 'v', 'h':
		return "(long)" + paren(name(n))
	case 'u':
		return "(-" + n.x.emit(name) + ")"
	}
	return "(" + n.x.emit(name) + " " + string(n.op) + " " + n.y.emit(name) + ")"
}

// linear is an integer expression as c + Σ coef·atom, atoms keyed by
// variable ("v" + pointer) or by spelling; ok false when it is not one.
type linear struct {
	c     int64
	terms map[string]int64
	ok    bool
}

func linConst(c int64) linear { return linear{c: c, terms: map[string]int64{}, ok: true} }

func linAtom(key string) linear {
	l := linConst(0)
	l.terms[key] = 1
	return l
}

func varKey(v *cfacts.Var) string { return fmt.Sprintf("v%p", v) }

func (a linear) add(b linear, sign int64) linear {
	if !a.ok || !b.ok {
		return linear{}
	}
	r := linConst(a.c + sign*b.c)
	for k, x := range a.terms {
		r.terms[k] += x
	}
	for k, x := range b.terms {
		r.terms[k] += sign * x
	}
	for k, x := range r.terms {
		if x == 0 {
			delete(r.terms, k)
		}
	}
	return r
}

func (a linear) scale(f int64) linear {
	if !a.ok {
		return a
	}
	r := linConst(a.c * f)
	for k, x := range a.terms {
		if x*f != 0 {
			r.terms[k] = x * f
		}
	}
	return r
}

// isConst reports whether the form is a constant.
func (a linear) isConst() bool { return a.ok && len(a.terms) == 0 }

// lin is the linear form of a parsed bound; a product or quotient that is
// not linear is an atom of its own (keyed by its spelling), unless it
// names one of the loop variables (then the form is not ok).
func (n *cx) lin(loopVars []*cfacts.Var) linear {
	switch n.op {
	case 'n':
		return linConst(n.val)
	case 'v':
		return linAtom(varKey(n.v))
	case 'h':
		return linAtom("h" + n.name)
	case 'u':
		return n.x.lin(loopVars).scale(-1)
	case '+':
		return n.x.lin(loopVars).add(n.y.lin(loopVars), 1)
	case '-':
		return n.x.lin(loopVars).add(n.y.lin(loopVars), -1)
	case '*':
		a, b := n.x.lin(loopVars), n.y.lin(loopVars)
		if a.isConst() {
			return b.scale(a.c)
		}
		if b.isConst() {
			return a.scale(b.c)
		}
	}
	for _, v := range loopVars {
		if n.has(v) {
			return linear{}
		}
	}
	return linAtom("x" + n.String())
}

// linC is the linear form of a C expression of the loop body (subscripts):
// integer constants, variables, + - * and unary minus, integer casts.
func linC(e *cfacts.Expr) linear {
	if e == nil {
		return linear{}
	}
	if e.IsInt {
		return linConst(e.Int)
	}
	switch e.Kind {
	case cfacts.ExprIdent:
		if e.Var != nil && e.Var.Type != nil && e.Var.Type.Kind == cfacts.TypeInt {
			return linAtom(varKey(e.Var))
		}
	case cfacts.ExprUnary:
		switch e.Op {
		case "-":
			return linC(e.X).scale(-1)
		case "+":
			return linC(e.X)
		}
	case cfacts.ExprCast:
		if e.Type != nil && e.Type.Kind == cfacts.TypeInt {
			return linC(e.X)
		}
	case cfacts.ExprBinary:
		switch e.Op {
		case "+":
			return linC(e.X).add(linC(e.Y), 1)
		case "-":
			return linC(e.X).add(linC(e.Y), -1)
		case "*":
			a, b := linC(e.X), linC(e.Y)
			if a.isConst() {
				return b.scale(a.c)
			}
			if b.isConst() {
				return a.scale(b.c)
			}
		}
	}
	return linear{}
}
