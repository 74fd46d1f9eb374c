package acc

// varShape reports whether tokens [a, b) have the shape of a variable
// reference: a name followed by `.name`, `->name` and `[...]` parts. A
// trailing `.` or `->` (being typed) still counts; what is inside the
// brackets is not examined here.
func (p *parser) varShape(a, b int) bool {
	if a >= b || p.toks[a].kind != tIdent {
		return false
	}
	for i := a + 1; i < b; {
		switch {
		case p.isPunct(i, '.') || p.is(i, "->"):
			if i+1 == b {
				return true
			}
			if p.toks[i+1].kind != tIdent {
				return false
			}
			i += 2
		case p.isPunct(i, '['):
			i = p.matching(i, b) + 1
		default:
			return false
		}
	}
	return true
}

// matching returns the index of the bracket that closes the one at token
// open, looking no further than b; b when there is none.
func (p *parser) matching(open, b int) int {
	if m := p.match[open]; m > open && m < b {
		return m
	}
	return b
}

// varRef builds the variable reference of tokens [a, b), which have
// varShape. With report, problems inside it (a member access without a
// name, an empty subscript, a second ':') are reported.
func (p *parser) varRef(a, b int, report bool) *VarRef {
	v := p.sl.varRefs.one()
	v.Name, v.NameSpan = p.str(a), p.tok(a)
	subs := p.s.subs[:0]
	mems := p.s.mems[:0]
	for i := a + 1; i < b; {
		if p.isPunct(i, '[') {
			c := p.matching(i, b)
			subs = append(subs, p.subscript(i, c, b, report))
			i = c + 1
			continue
		}
		// `.` or `->`
		arrow := !p.isPunct(i, '.')
		if i+1 == b {
			if report {
				p.errorf(p.tok(i), "expected a member name after '%s'", p.str(i))
			}
			break
		}
		mems = append(mems, Member{Arrow: arrow, Name: p.str(i + 1), Span: p.span(i, i+2), Subscripts: p.copySubs(subs)})
		subs = subs[:0]
		i += 2
	}
	v.Subscripts = p.copySubs(subs)
	if len(mems) > 0 {
		v.Members = p.sl.members.many(len(mems))
		copy(v.Members, mems)
	}
	clear(subs)
	clear(mems)
	p.s.subs, p.s.mems = subs[:0], mems[:0]
	return v
}

// copySubs moves subscripts out of the scratch slice.
func (p *parser) copySubs(subs []Subscript) []Subscript {
	if len(subs) == 0 {
		return nil
	}
	r := p.sl.subs.many(len(subs))
	copy(r, subs)
	return r
}

// subscript parses the subscript whose '[' is token open and whose ']' is
// token close (close == b when it is not closed inside the item).
func (p *parser) subscript(open, close, b int, report bool) Subscript {
	var sub Subscript
	end := close + 1
	if close >= b {
		end = b
	}
	sub.Span = p.span(open, end)
	a := open + 1
	c := p.topColon(a, close)
	if c < 0 {
		sub.Lower = p.expr(a, close)
		if a == close && close < b && report {
			p.errorf(sub.Span, "expected an index or a sub-array lower:length")
		}
		return sub
	}
	sub.Section = true
	sub.Lower = p.expr(a, c)
	if c2 := p.topColon(c+1, close); c2 >= 0 && report {
		p.errorf(p.tok(c2), "unexpected second ':' in a sub-array")
	}
	sub.Length = p.expr(c+1, close)
	return sub
}
