package acc

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The parser works on the tokens of one directive. It reports only what is
// wrong with the form of the text (brackets, commas, stray characters, a
// missing ':'); whether a clause needs, allows or gets the right number and
// kind of arguments is table-driven and left to package analysis, which sees
// the same tree. Division of labour, so that nothing is reported twice:
//
//   - empty list `()`, a missing or unexpected argument list, item counts,
//     modifier names, reduction operators, gang/worker/vector keys, values of
//     default, device_type, bind and routine(name), items that are not
//     variables: analysis;
//   - unbalanced brackets, commas (after the name, doubled, trailing, empty
//     items between commas), a stray token where a clause name should be, an
//     operator without ':', `devnum:` without its ':', a key with no value, an
//     unknown wait keyword, `*` outside gang's `static:`, a member access
//     without a name, an empty subscript, a second ':' in a sub-array,
//     unterminated comments and literals: the parser.

// argGeneric parses a parenthesised list whose kind is unknown (an unknown
// clause or directive, or parentheses where none belong): a leading `word:`
// becomes the modifier, items are kept as written, `*` sets Star and items
// that look like variables get a VarRef.
const argGeneric ArgKind = -1

type parser struct {
	s    *scanner
	b    []byte  // the logical text
	str0 string  // the same as a string
	toks []token // its tokens
	sl   *slabs
	// match[i] is the index of the bracket that closes or opens the bracket
	// token i inside an argument list, -1 when it has none.
	match []int
	d     *Directive
}

// parse fills d from the scanner's tokens; the directive name is token k.
func (s *scanner) parse(d *Directive, k int) {
	s.lineStr = string(s.line)
	p := &parser{s: s, b: s.line, str0: s.lineStr, toks: s.toks, d: d, sl: &s.slabs}
	for _, e := range s.lexErrs {
		p.errorf(Span{s.start(e.s), s.end(e.e - 1)}, "%s", e.msg)
	}
	if cap(s.match) < len(s.toks) {
		s.match = make([]int, len(s.toks))
	}
	s.match = s.match[:len(s.toks)]
	for i := range s.match {
		s.match[i] = -1
	}
	p.match = s.match
	p.directive(k)
	s.lineStr = ""
	slices.SortStableFunc(d.Errors, func(a, b SyntaxError) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
}

func (p *parser) errorf(span Span, format string, args ...any) {
	p.d.Errors = append(p.d.Errors, SyntaxError{Span: span, Message: fmt.Sprintf(format, args...)})
}

// tok returns the source span of token i.
func (p *parser) tok(i int) Span {
	t := p.toks[i]
	return Span{p.s.start(t.s), p.s.end(t.e - 1)}
}

// span returns the source span of tokens [a, b); when the range is empty, the
// empty span right after token a-1.
func (p *parser) span(a, b int) Span {
	if a < b {
		return Span{p.s.start(p.toks[a].s), p.s.end(p.toks[b-1].e - 1)}
	}
	return p.after(a)
}

// after returns the empty span right after token a-1.
func (p *parser) after(a int) Span {
	if a > 0 {
		e := p.s.end(p.toks[a-1].e - 1)
		return Span{e, e}
	}
	return Span{p.d.Body.Start, p.d.Body.Start}
}

// bytes returns the text of token i (not a copy).
func (p *parser) bytes(i int) []byte { t := p.toks[i]; return p.b[t.s:t.e] }

// str returns the text of token i.
func (p *parser) str(i int) string { t := p.toks[i]; return p.str0[t.s:t.e] }

// text returns the text of tokens [a, b) as written, comments replaced by a
// blank.
func (p *parser) text(a, b int) string {
	if a >= b {
		return ""
	}
	whole := p.str0[p.toks[a].s:p.toks[b-1].e]
	if !p.s.hasComment || !strings.Contains(whole, "/*") {
		return whole
	}
	var sb []byte
	for i := a; i < b; i++ {
		if i > a {
			gap := p.b[p.toks[i-1].e:p.toks[i].s]
			if bytes.Contains(gap, commentOpen) {
				sb = append(sb, ' ')
			} else {
				sb = append(sb, gap...)
			}
		}
		sb = append(sb, p.bytes(i)...)
	}
	return string(sb)
}

var commentOpen = []byte("/*")

// isPunct reports whether token i is the one-character punctuator c.
func (p *parser) isPunct(i int, c byte) bool {
	t := p.toks[i]
	return t.kind == tPunct && t.e-t.s == 1 && p.b[t.s] == c && !t.bad
}

// is reports whether token i is the punctuator or word w.
func (p *parser) is(i int, w string) bool {
	t := p.toks[i]
	return t.kind != tString && t.kind != tChar && string(p.b[t.s:t.e]) == w
}

// show quotes token i for a message.
func (p *parser) show(i int) string { return quoteBytes(p.bytes(i)) }

// quoteBytes writes b in single quotes, shortened, with control characters and
// invalid UTF-8 escaped.
func quoteBytes(b []byte) string {
	var sb strings.Builder
	sb.WriteByte('\'')
	for n := 0; len(b) > 0; n++ {
		if n == 24 {
			sb.WriteString("…")
			break
		}
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size <= 1 || r < ' ' || r == 0x7f {
			fmt.Fprintf(&sb, `\x%02x`, b[0])
			size = 1
		} else {
			sb.WriteRune(r)
		}
		b = b[size:]
	}
	sb.WriteByte('\'')
	return sb.String()
}

func (p *parser) directive(k int) {
	d := p.d
	n := len(p.toks)
	if k >= n {
		return // `#pragma acc` alone: analysis reports the missing name
	}
	if p.toks[k].kind != tIdent {
		p.errorf(p.tok(k), "expected an OpenACC directive name, found %s", p.show(k))
		return
	}
	first := p.bytes(k)
	end := k + 1
	var name string
	if end < n && p.toks[end].kind == tIdent {
		second := p.bytes(end)
		for _, w := range SecondWords(string(first)) {
			if string(second) == w {
				name = string(first) + " " + w
				end++
				break
			}
		}
	}
	if name == "" {
		if spec := LookupDirective(string(first)); spec != nil {
			name = spec.Name
		} else {
			name = p.str(k)
		}
	}
	d.NameSpan = p.span(k, end)
	d.Spec = LookupDirective(name)
	if d.Spec != nil {
		name = d.Spec.Name
	}
	d.Name = name
	i := end
	if i < n && p.isPunct(i, '(') {
		kind := argGeneric
		if d.Spec != nil && d.Spec.Paren != ArgNone {
			kind = d.Spec.Paren
		}
		d.Paren, i = p.args(i, kind)
	}
	p.s.cls = p.s.cls[:0]
	p.clauses(i)
	if len(p.s.cls) > 0 {
		d.Clauses = p.sl.clausePtrs.many(len(p.s.cls))
		copy(d.Clauses, p.s.cls)
		clear(p.s.cls)
	}
}

// argFor is spec.ArgFor(d.Name), without map lookups in the common case.
func argFor(spec *ClauseSpec, d *Directive) ArgKind {
	if len(spec.ArgOn) == 0 {
		return spec.Arg
	}
	if d.Spec != nil {
		return spec.ArgFor(d.Spec.Name)
	}
	return spec.ArgFor(d.Name)
}

func (p *parser) clauses(i int) {
	n := len(p.toks)
	const (
		afterName = iota
		afterClause
		afterComma
		afterJunk
	)
	last := afterName
	comma := -1 // the last comma, when it may still be trailing
	for i < n {
		switch {
		case p.toks[i].kind == tIdent:
			i = p.clause(i)
			last = afterClause
		case p.isPunct(i, ','):
			comma = -1
			switch last {
			case afterName:
				p.errorf(p.tok(i), "unexpected comma after the directive name")
			case afterComma:
				p.errorf(p.tok(i), "unexpected comma")
			default:
				comma = i
			}
			last = afterComma
			i++
		default:
			if !p.toks[i].bad {
				p.errorf(p.tok(i), "expected a clause name, found %s", p.show(i))
			}
			i = p.skipJunk(i)
			last = afterJunk
		}
	}
	if last == afterComma && comma >= 0 {
		p.errorf(p.tok(comma), "expected a clause after the comma")
	}
}

// skipJunk skips tokens from i up to the next name or comma outside brackets.
func (p *parser) skipJunk(i int) int {
	depth := 0
	for ; i < len(p.toks); i++ {
		t := p.toks[i]
		if depth == 0 && (t.kind == tIdent || p.isPunct(i, ',')) {
			return i
		}
		if t.kind == tPunct && t.e-t.s == 1 {
			switch p.b[t.s] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
		}
	}
	return i
}

func (p *parser) clause(i int) int {
	w := p.bytes(i)
	spec, alias := LookupClause(string(w))
	c := p.sl.clauses.one()
	*c = Clause{Spec: spec, Alias: alias, NameSpan: p.tok(i)}
	switch {
	case alias != nil:
		c.Name = alias.Name
	case spec != nil:
		c.Name = spec.Name
	default:
		c.Name = p.str(i)
	}
	c.Span = c.NameSpan
	i++
	if i < len(p.toks) && p.isPunct(i, '(') {
		kind := argGeneric
		if spec != nil {
			if kind = argFor(spec, p.d); kind == ArgNone {
				kind = argGeneric
			}
		}
		c.Args, i = p.args(i, kind)
		c.Span.End = c.Args.Span.End
	}
	p.s.cls = append(p.s.cls, c)
	return i
}

// item is a comma-separated part [a, b) of an argument list, in tokens.
type item struct{ a, b int }

// args parses the parenthesised list whose '(' is token open, and returns it
// with the index of the token after it.
func (p *parser) args(open int, kind ArgKind) (*ArgList, int) {
	n := len(p.toks)
	stack := append(p.s.stack[:0], open)
	cuts := p.s.cuts[:0]
	end := n // the closing ')'
scan:
	for i := open + 1; i < n; i++ {
		t := &p.toks[i]
		if t.kind != tPunct || t.e-t.s != 1 {
			continue
		}
		switch c := p.b[t.s]; c {
		case '(', '[', '{':
			stack = append(stack, i)
		case ')', ']', '}':
			o := opener(c)
			k := len(stack) - 1
			for k >= 0 && p.b[p.toks[stack[k]].s] != o {
				k--
			}
			if k < 0 {
				p.errorf(p.tok(i), "unexpected '%c'", c)
				t.bad = true
				continue
			}
			for m := len(stack) - 1; m > k; m-- {
				p.missing(stack[m])
			}
			p.match[stack[k]], p.match[i] = i, stack[k]
			stack = stack[:k]
			if k == 0 {
				end = i
				break scan
			}
		case ',':
			if len(stack) == 1 {
				cuts = append(cuts, i)
			}
		}
	}
	for m := len(stack) - 1; m >= 0; m-- {
		p.missing(stack[m])
	}
	p.s.stack = stack[:0]

	l := p.sl.argLists.one()
	l.Closed = end < n
	next := n
	if l.Closed {
		l.Span = p.span(open, end+1)
		next = end + 1
	} else {
		l.Span = Span{p.tok(open).Start, p.d.Body.End}
	}
	items := p.s.items[:0]
	a := open + 1
	for _, c := range cuts {
		items = append(items, p.trim(a, c))
		a = c + 1
	}
	items = append(items, p.trim(a, end))
	p.s.cuts = cuts[:0]
	if len(items) == 1 && items[0].a == items[0].b {
		items = items[:0] // `()`: an empty list, analysis says whether that is fine
	}
	l.Items = p.sl.argPtrs.many(len(items) + 1)[:0]
	p.fill(l, kind, items)
	p.s.items = items[:0]
	return l, next
}

// trim returns the item [a, b) without the unmatched closing brackets at its
// ends (they have been reported).
func (p *parser) trim(a, b int) item {
	for a < b && p.toks[a].bad {
		a++
	}
	for a < b && p.toks[b-1].bad {
		b--
	}
	return item{a, b}
}

func opener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// missing reports the unclosed bracket at token i.
func (p *parser) missing(i int) {
	closer := ")"
	switch p.b[p.toks[i].s] {
	case '[':
		closer = "]"
	case '{':
		closer = "}"
	}
	p.errorf(p.tok(i), "missing '%s'", closer)
}

// fill parses the items of l according to kind.
func (p *parser) fill(l *ArgList, kind ArgKind, items []item) {
	switch kind {
	case ArgVarList:
		p.modifier(l, items)
		p.varList(l, items)
	case ArgReduction:
		p.reduction(l, items)
	case ArgGang, ArgWorker, ArgVector:
		p.keyed(l, items, kind == ArgGang)
	case ArgWait:
		p.wait(l, items)
	case ArgConstInt:
		p.modifier(l, items)
		p.exprs(l, items, "an integer constant", false)
	case ArgTile:
		p.exprs(l, items, "a tile size or '*'", true)
	case ArgDeviceType:
		p.exprs(l, items, "a device type or '*'", true)
	case ArgCond, ArgOptCond:
		p.exprs(l, items, "a condition", false)
	case ArgIntExpr, ArgOptIntExpr, ArgIntExprList:
		p.exprs(l, items, "an integer expression", false)
	case ArgDefault:
		p.exprs(l, items, "'none' or 'present'", false)
	case ArgBind:
		p.exprs(l, items, "a name or a string literal", false)
	case ArgName:
		p.exprs(l, items, "a name", false)
	default:
		p.modifier(l, items)
		for idx, r := range items {
			if r.a == r.b {
				p.empty(items, idx, "an argument")
				continue
			}
			a := p.arg(r.a, r.b)
			a.Star = r.b-r.a == 1 && p.isPunct(r.a, '*')
			if !a.Star && p.varShape(r.a, r.b) {
				a.Var = p.varRef(r.a, r.b, false)
			}
			l.Items = append(l.Items, a)
		}
	}
}

// empty reports an empty item between commas (an entirely empty list is
// analysis' business; the last item of an unclosed list is still being typed).
func (p *parser) empty(items []item, idx int, what string) {
	if len(items) < 2 {
		return
	}
	r := items[idx]
	if r.b >= len(p.toks) {
		return // unclosed: "missing ')'" says enough
	}
	p.errorf(p.tok(r.b), "expected %s before %s", what, p.show(r.b))
}

// isKey reports whether the tokens [a, b) start with `word :` (not `::`).
func (p *parser) isKey(a, b int) bool {
	return b-a >= 2 && p.toks[a].kind == tIdent && p.isPunct(a+1, ':')
}

// modifier takes a leading `word:` of the first item as the list modifier.
func (p *parser) modifier(l *ArgList, items []item) {
	if len(items) == 0 || !p.isKey(items[0].a, items[0].b) {
		return
	}
	a := items[0].a
	l.Modifier = p.str(a)
	l.ModifierSpan = p.tok(a)
	items[0].a += 2
}

// arg makes the item of tokens [a, b).
func (p *parser) arg(a, b int) *Arg {
	r := p.sl.args.one()
	r.Span, r.Text = p.span(a, b), p.text(a, b)
	return r
}

// expr makes the expression of tokens [a, b), nil when empty.
func (p *parser) expr(a, b int) *Expr {
	if a >= b {
		return nil
	}
	e := p.sl.exprs.one()
	e.Span, e.Text = p.span(a, b), p.text(a, b)
	return e
}

// exprs keeps the items as written; with star, an item `*` sets Star.
func (p *parser) exprs(l *ArgList, items []item, what string, star bool) {
	for idx, r := range items {
		if r.a == r.b {
			p.empty(items, idx, what)
			continue
		}
		a := p.arg(r.a, r.b)
		a.Star = star && r.b-r.a == 1 && p.isPunct(r.a, '*')
		l.Items = append(l.Items, a)
	}
}

func (p *parser) varList(l *ArgList, items []item) {
	for idx, r := range items {
		if r.a == r.b {
			p.empty(items, idx, "a variable")
			continue
		}
		a := p.arg(r.a, r.b)
		if p.varShape(r.a, r.b) {
			a.Var = p.varRef(r.a, r.b, true)
		}
		l.Items = append(l.Items, a)
	}
}

// reduction parses `operator : var-list`. Whatever precedes the first ':' is
// the operator (analysis checks it); an operator without ':' is reported here.
func (p *parser) reduction(l *ArgList, items []item) {
	if len(items) == 0 {
		return
	}
	a, b := items[0].a, items[0].b
	if c := p.topColon(a, b); c >= 0 {
		if c > a {
			l.Modifier = p.text(a, c)
			l.ModifierSpan = p.span(a, c)
		}
		items[0].a = c + 1
	} else if a < b && p.isReductionOp(a) {
		l.Modifier = p.str(a)
		l.ModifierSpan = p.tok(a)
		p.errorf(p.tok(a), "expected ':' after the reduction operator")
		items[0].a = a + 1
	}
	p.varList(l, items)
}

func (p *parser) isReductionOp(i int) bool {
	t := p.toks[i]
	if t.kind != tPunct && t.kind != tIdent {
		return false
	}
	switch string(p.bytes(i)) {
	case "+", "*", "max", "min", "&", "|", "^", "&&", "||":
		return true
	}
	return false
}

// topColon returns the first ':' of tokens [a, b) outside brackets that is
// not the ':' of a conditional operator, or -1.
func (p *parser) topColon(a, b int) int {
	q := 0
	for i := a; i < b; i++ {
		t := p.toks[i]
		if t.kind != tPunct || t.bad || t.e-t.s != 1 {
			continue
		}
		switch p.b[t.s] {
		case '(', '[', '{':
			m := p.match[i]
			if m < i || m >= b {
				return -1 // the rest is inside an unclosed bracket
			}
			i = m
		case '?':
			q++
		case ':':
			if q == 0 {
				return i
			}
			q--
		}
	}
	return -1
}

// keyed parses gang, worker and vector arguments: items with an optional
// `key:` (analysis checks which keys are allowed).
func (p *parser) keyed(l *ArgList, items []item, gang bool) {
	for idx, r := range items {
		a, b := r.a, r.b
		arg := p.sl.args.one()
		if p.isKey(a, b) {
			arg.Key, arg.KeySpan = p.str(a), p.tok(a)
			a += 2
		}
		if !p.value(arg, items, idx, a, b) {
			continue
		}
		if arg.Text == "*" && b-a == 1 {
			switch {
			case gang && arg.Key == "static":
				arg.Star = true
			case gang:
				p.errorf(arg.Span, "'*' is allowed only after 'static:'")
			default:
				p.errorf(arg.Span, "expected an expression, found '*'")
			}
		}
		l.Items = append(l.Items, arg)
	}
}

// value fills arg with the value tokens [a, b) of item idx. With an empty
// value it reports the item and returns false, unless arg has a key: then the
// item is kept with an empty value.
func (p *parser) value(arg *Arg, items []item, idx, a, b int) bool {
	if a < b {
		arg.Span, arg.Text = p.span(a, b), p.text(a, b)
		return true
	}
	if arg.Key == "" {
		p.empty(items, idx, "an expression")
		return false
	}
	arg.Span = p.after(a)
	if b < len(p.toks) {
		p.errorf(arg.KeySpan, "expected an expression after '%s:'", arg.Key)
	}
	return true
}

// wait parses `[devnum: int-expr :] [queues:] int-expr-list`. The devnum
// expression is an item with Key "devnum"; when `queues:` is written, the
// first queue item carries Key "queues" (and the KeySpan of the keyword);
// every item without a Key is a queue.
func (p *parser) wait(l *ArgList, items []item) {
	for idx, r := range items {
		a, b := r.a, r.b
		arg := p.sl.args.one()
		if idx == 0 && p.isKey(a, b) && p.is(a, "devnum") {
			dev := p.sl.args.one()
			dev.Key, dev.KeySpan = "devnum", p.tok(a)
			a += 2
			c := p.topColon(a, b)
			e := b
			if c >= 0 {
				e = c
			}
			p.value(dev, items, idx, a, e)
			l.Items = append(l.Items, dev)
			if c < 0 {
				if b < len(p.toks) {
					at := dev.Span
					if at.Len() == 0 {
						at = dev.KeySpan
					}
					p.errorf(at, "expected ':' after the devnum expression")
				}
				continue
			}
			a = c + 1
			if a == b {
				if len(items) == 1 && b < len(p.toks) {
					p.errorf(p.tok(b), "expected a queue expression before %s", p.show(b))
				}
				continue
			}
		}
		if idx == 0 && p.isKey(a, b) {
			arg.Key, arg.KeySpan = p.str(a), p.tok(a)
			if arg.Key != "queues" {
				p.errorf(arg.KeySpan, "unknown 'wait' argument '%s:'; expected 'devnum:' or 'queues:'", arg.Key)
			}
			a += 2
		}
		if p.value(arg, items, idx, a, b) {
			l.Items = append(l.Items, arg)
		}
	}
}
