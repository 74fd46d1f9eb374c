package cfacts

import (
	"fmt"
	"sort"
	"strings"

	"github.com/accls/accls/acc"
)

// Dump returns a readable, indented listing of f: functions, statements,
// expressions, variables and types, spans as line:column (1-based, bytes)
// with the text they cover. text is the document f was parsed from. It is
// what the golden files of this package show, and a debugging aid.
func (f *File) Dump(text []byte) string {
	d := &dumper{text: text, lines: lineStarts(text), ids: map[*Var]string{}}
	if f.Stale {
		d.printf("stale\n")
	}
	for _, n := range f.Notes {
		d.printf("note %s: %s\n", d.pos(n.Span), n.Message)
	}
	for _, v := range f.Globals {
		d.printf("global ")
		d.varLine(v)
	}
	var names []string
	for name, fd := range f.Decls {
		if !fd.FromHeader {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		fd := f.Decls[name]
		def := ""
		if fd.Def != nil {
			def = " (defined)"
		}
		d.printf("decl %s %s%s\n", name, d.pos(fd.NameSpan), def)
	}
	for _, fn := range f.Funcs {
		d.fn(fn)
	}
	return d.b.String()
}

type dumper struct {
	b      strings.Builder
	text   []byte
	lines  []int
	indent int
	ids    map[*Var]string
}

func (d *dumper) printf(format string, args ...any) {
	d.b.WriteString(strings.Repeat("  ", d.indent))
	fmt.Fprintf(&d.b, format, args...)
}

func (d *dumper) lc(off int) string {
	l := sort.Search(len(d.lines), func(i int) bool { return d.lines[i] > off }) - 1
	if l < 0 {
		l = 0
	}
	return fmt.Sprintf("%d:%d", l+1, off-d.lines[l]+1)
}

func (d *dumper) pos(s acc.Span) string {
	if s.Start == s.End {
		return d.lc(s.Start)
	}
	return d.lc(s.Start) + "-" + d.lc(s.End)
}

// snip is the text of s, quoted, long texts elided in the middle.
func (d *dumper) snip(s acc.Span) string {
	if s.Start < 0 || s.End > len(d.text) || s.Start > s.End {
		return "<out of range>"
	}
	t := string(d.text[s.Start:s.End])
	t = strings.Join(strings.Fields(t), " ")
	if len(t) > 60 {
		t = t[:28] + " … " + t[len(t)-28:]
	}
	return fmt.Sprintf("%q", t)
}

func (d *dumper) varID(v *Var) string {
	if v.FromHeader {
		return v.Name + "@header"
	}
	return v.Name + "@" + d.lc(v.NameSpan.Start)
}

var storageNames = [...]string{"global", "param", "local", "static", "extern"}

func (d *dumper) varLine(v *Var) {
	st := "?"
	if int(v.Storage) < len(storageNames) {
		st = storageNames[v.Storage]
	}
	scope := ""
	if v.Scope != nil {
		scope = " scope=" + d.lc(v.Scope.Span.Start)
	}
	d.b.WriteString(fmt.Sprintf("%s %s %s%s name=%s span=%s %s\n", st, v.Name, typeString(v.Type), scope, d.pos(v.NameSpan), d.pos(v.Span), d.snip(v.Span)))
	if v.Init != nil {
		d.indent++
		d.expr("init", v.Init)
		d.indent--
	}
	if v.Type != nil && v.Type.LenExpr != nil {
		d.indent++
		d.expr("len", v.Type.LenExpr)
		d.indent--
	} else if v.Type != nil && v.Type.Elem != nil && v.Type.Elem.LenExpr != nil {
		d.indent++
		d.expr("elem len", v.Type.Elem.LenExpr)
		d.indent--
	}
}

// typeString shows a type's name and the facts that go with it.
func typeString(t *Type) string {
	if t == nil {
		return "<nil type>"
	}
	var extra []string
	extra = append(extra, typeKindNames[t.Kind])
	if t.Kind == TypeArray {
		extra = append(extra, fmt.Sprintf("len=%d", t.Len))
	}
	extra = append(extra, fmt.Sprintf("size=%d", t.Size))
	if t.Unsigned {
		extra = append(extra, "unsigned")
	}
	if t.Const {
		extra = append(extra, "const")
	}
	if t.Restrict {
		extra = append(extra, "restrict")
	}
	if len(t.Fields) > 0 {
		var fs []string
		for _, f := range t.Fields {
			fs = append(fs, f.Name+" "+f.Type.Name)
		}
		extra = append(extra, "fields={"+strings.Join(fs, "; ")+"}")
	}
	for e := t.Elem; e != nil && (t.Kind == TypePointer || t.Kind == TypeArray); e = e.Elem {
		s := "elem=" + typeKindNames[e.Kind]
		if e.Kind == TypeArray {
			s += fmt.Sprintf("[%d]", e.Len)
		}
		if e.Const {
			s += " const"
		}
		extra = append(extra, s)
		if e.Kind != TypePointer && e.Kind != TypeArray {
			break
		}
	}
	return fmt.Sprintf("%q(%s)", t.Name, strings.Join(extra, " "))
}

var typeKindNames = [...]string{"void", "int", "float", "complex", "pointer", "array", "struct", "union", "func", "other"}

func (d *dumper) fn(fn *Func) {
	flags := ""
	if fn.Stale {
		flags += " stale"
	}
	d.printf("func %s name=%s span=%s result=%s%s\n", fn.Name, d.pos(fn.NameSpan), d.pos(fn.Span), typeString(fn.Result), flags)
	d.indent++
	for _, h := range fn.Holes {
		d.printf("hole %s %s\n", d.pos(h), d.snip(h))
	}
	for _, v := range fn.Params {
		if v.Func != fn {
			d.printf("BAD: param %s has Func %v\n", v.Name, v.Func)
		}
		d.printf("")
		d.varLine(v)
	}
	if fn.Body == nil {
		d.printf("no body\n")
	} else {
		d.stmt("body", fn.Body, nil, fn)
	}
	d.indent--
}

var stmtKindNames = [...]string{"compound", "expr", "decl", "if", "for", "while", "do", "switch", "case", "default", "label", "goto", "break", "continue", "return", "null", "other"}

var exprKindNames = [...]string{"ident", "const", "string", "unary", "preinc", "postinc", "binary", "assign", "cond", "call", "index", "member", "cast", "sizeof", "comma", "other"}

func (d *dumper) stmt(role string, s *Stmt, parent *Stmt, fn *Func) {
	if s == nil {
		return
	}
	if s.Parent != parent {
		d.printf("BAD: %s has the wrong Parent\n", role)
	}
	if s.Func != fn {
		d.printf("BAD: %s has the wrong Func\n", role)
	}
	label := ""
	if s.Label != "" {
		label = " " + s.Label
	}
	d.printf("%s: %s%s %s %s\n", role, stmtKindNames[s.Kind], label, d.pos(s.Span), d.snip(s.Span))
	d.indent++
	for _, v := range s.Decls {
		d.printf("")
		d.varLine(v)
	}
	d.stmt("init", s.Init, s, fn)
	d.expr("cond", s.Cond)
	d.expr("post", s.Post)
	d.expr("expr", s.Expr)
	for _, x := range s.List {
		d.stmt("item", x, s, fn)
	}
	d.stmt("then", s.Then, s, fn)
	d.stmt("else", s.Else, s, fn)
	d.stmt("body", s.Body, s, fn)
	d.indent--
}

func (d *dumper) expr(role string, e *Expr) {
	if e == nil {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", role, exprKindNames[e.Kind])
	if e.Op != "" {
		fmt.Fprintf(&b, " %s", e.Op)
	}
	if e.Name != "" && e.Kind != ExprString { // a literal's value: its text shows it
		fmt.Fprintf(&b, " name=%s", e.Name)
	}
	fmt.Fprintf(&b, " %s %s", d.pos(e.Span), d.snip(e.Span))
	if e.Type != nil {
		fmt.Fprintf(&b, " type=%q", e.Type.Name)
	}
	if e.IsInt {
		fmt.Fprintf(&b, " =%d", e.Int)
	}
	if e.Var != nil {
		fmt.Fprintf(&b, " var=%s", d.varID(e.Var))
	}
	if e.Text != "" && e.Kind != ExprIdent {
		fmt.Fprintf(&b, " text=%s", e.Text)
	}
	d.printf("%s\n", b.String())
	d.indent++
	d.expr("x", e.X)
	d.expr("y", e.Y)
	d.expr("z", e.Z)
	for _, a := range e.Args {
		d.expr("arg", a)
	}
	d.indent--
}
