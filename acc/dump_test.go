package acc_test

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
)

// dump writes the tree of f, scanned from text, in the golden format of
// testdata/scan/*.golden: one node a line, children indented by two spaces,
// each node with its span as line:col-line:col (1-based lines, 1-based byte
// columns, the end exclusive) and its text quoted:
//
//	directive pragma|operator SPAN depth=N "source text of the directive"
//	  body SPAN
//	  name SPAN "parallel loop" spec=parallel loop|unknown
//	  paren SPAN closed|unclosed            (the directive's own argument)
//	  clause SPAN "pcopy" spec=copy alias(deprecated)
//	    name SPAN                           (when the clause has arguments)
//	    args SPAN closed|unclosed
//	      modifier SPAN "readonly"
//	      item SPAN "a[0:n]" key="num"@SPAN star = VALUE
//	        var SPAN "a"
//	          index|section SPAN            (subscripts before a member come first)
//	            lower SPAN "0" = 0
//	            length SPAN "n"
//	          member SPAN .f|->f
//	  error SPAN "message"
//
// "= VALUE" shows what Expr.Int makes of an item or bound, when it is constant.
func dump(text []byte, f *acc.File) string {
	lines := []int{0}
	for i, c := range text {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	pos := func(off int) string {
		l := 0
		for l+1 < len(lines) && lines[l+1] <= off {
			l++
		}
		return fmt.Sprintf("%d:%d", l+1, off-lines[l]+1)
	}
	sp := func(s acc.Span) string { return pos(s.Start) + "-" + pos(s.End) }
	var b strings.Builder
	w := func(depth int, format string, args ...any) {
		b.WriteString(strings.Repeat("  ", depth))
		fmt.Fprintf(&b, format, args...)
		b.WriteByte('\n')
	}
	var expr func(int, string, *acc.Expr)
	expr = func(depth int, label string, e *acc.Expr) {
		if e == nil {
			return
		}
		v := ""
		if n, ok := e.Int(); ok {
			v = fmt.Sprintf(" = %d", n)
		}
		w(depth, "%s %s %q%s", label, sp(e.Span), e.Text, v)
	}
	subs := func(depth int, ss []acc.Subscript) {
		for _, s := range ss {
			kind := "index"
			if s.Section {
				kind = "section"
			}
			w(depth, "%s %s", kind, sp(s.Span))
			expr(depth+1, "lower", s.Lower)
			expr(depth+1, "length", s.Length)
		}
	}
	args := func(depth int, label string, l *acc.ArgList) {
		if l == nil {
			return
		}
		closed := "closed"
		if !l.Closed {
			closed = "unclosed"
		}
		w(depth, "%s %s %s", label, sp(l.Span), closed)
		if l.Modifier != "" || l.ModifierSpan != (acc.Span{}) {
			w(depth+1, "modifier %s %q", sp(l.ModifierSpan), l.Modifier)
		}
		for _, a := range l.Items {
			var extra string
			if a.Key != "" {
				extra += fmt.Sprintf(" key=%q@%s", a.Key, sp(a.KeySpan))
			}
			if a.Star {
				extra += " star"
			}
			if n, ok := (&acc.Expr{Text: a.Text}).Int(); ok {
				extra += fmt.Sprintf(" = %d", n)
			}
			w(depth+1, "item %s %q%s", sp(a.Span), a.Text, extra)
			if v := a.Var; v != nil {
				w(depth+2, "var %s %q", sp(v.NameSpan), v.Name)
				for _, m := range v.Members {
					subs(depth+3, m.Subscripts)
					op := "."
					if m.Arrow {
						op = "->"
					}
					w(depth+3, "member %s %s%s", sp(m.Span), op, m.Name)
				}
				subs(depth+3, v.Subscripts)
			}
		}
	}
	for _, d := range f.Directives {
		form := "pragma"
		if d.Form == acc.FormOperator {
			form = "operator"
		}
		w(0, "directive %s %s depth=%d %q", form, sp(d.Span), d.Depth, text[d.Span.Start:d.Span.End])
		w(1, "body %s", sp(d.Body))
		spec := "unknown"
		if d.Spec != nil {
			spec = "spec=" + d.Spec.Name
		}
		if d.Name != "" || d.NameSpan != (acc.Span{}) {
			w(1, "name %s %q %s", sp(d.NameSpan), d.Name, spec)
		}
		args(1, "paren", d.Paren)
		for _, c := range d.Clauses {
			spec := "unknown"
			if c.Spec != nil {
				spec = "spec=" + c.Spec.Name
			}
			if c.Alias != nil {
				spec += " alias"
				if c.Alias.Deprecated {
					spec += "(deprecated)"
				}
			}
			w(1, "clause %s %q %s", sp(c.Span), c.Name, spec)
			if c.NameSpan != c.Span {
				w(2, "name %s", sp(c.NameSpan))
			}
			args(2, "args", c.Args)
		}
		for _, e := range d.Errors {
			w(1, "error %s %q", sp(e.Span), e.Message)
		}
	}
	return b.String()
}
