package analysis

import (
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// undeclaredCheck reports names in clauses that nothing declares where the
// directive is: a variable of a data or private clause (`copyin(zz[0:n])`),
// a name in a sub-array's bounds (`a[0:b*blocksize]`) or in a clause's
// expression (`if(flag)`, `num_gangs(ng)`). C would reject the program
// (gcc -fopenacc: "'zz' undeclared"), but a compiler that ignores the
// directives does not, and the typo is found only at the build for the
// device. A name is declared when C's scope rules find a variable at the
// directive, or it is a macro, an enumeration constant or a function.
// Nothing is reported when the front end says that declarations may be
// missing (a header not found), nor in functions whose facts are
// incomplete.
var undeclaredCheck = &Check{
	Name:  "undeclared",
	Rules: []string{"undeclared-name"},
	Model: checkUndeclared,
}

func checkUndeclared(p *Pass, m *Model) {
	if m.C == nil || m.Acc == nil || m.C.DeclarationsIncomplete() {
		return
	}
	for _, d := range m.Acc.Directives {
		fn, ok := clauseScope(m, d)
		if !ok {
			continue
		}
		u := &undeclaredNames{p: p, m: m, fn: fn, pos: d.Span.Start}
		clauseArgs(d, func(it *acc.Arg, isVar bool) {
			if isVar {
				u.item(it)
			} else {
				u.expr(it.Span, it.Text)
			}
		})
	}
}

// clauseScope is the function whose scope the names of directive d's
// clauses are in (nil at file scope); ok is false when the names cannot be
// judged: an unknown or half-typed directive (its items may be cut short),
// a function whose facts are incomplete.
func clauseScope(m *Model, d *acc.Directive) (fn *cfacts.Func, ok bool) {
	if d.Spec == nil || len(d.Errors) > 0 {
		return nil, false
	}
	fn = m.C.FuncAt(d.Span.Start)
	if fn != nil && (fn.Body == nil || fn.Stale || len(fn.Holes) > 0 || !inSpan(fn.Body.Span, d.Span)) {
		return nil, false
	}
	return fn, true
}

// clauseArgs calls visit with every argument of d's clauses (and of its
// parenthesized argument) that is C: isVar for the items of var-lists
// (cache's too), false for expressions (if, num_gangs, async, wait ...).
func clauseArgs(d *acc.Directive, visit func(it *acc.Arg, isVar bool)) {
	if d.Paren != nil && (d.Spec.Paren == acc.ArgVarList || d.Spec.Paren == acc.ArgWait) {
		for _, it := range d.Paren.Items {
			visit(it, d.Spec.Paren == acc.ArgVarList)
		}
	}
	for _, c := range d.Clauses {
		if c.Spec == nil || c.Args == nil {
			continue
		}
		switch c.Spec.ArgFor(d.Spec.Name) {
		case acc.ArgVarList, acc.ArgReduction:
			for _, it := range c.Args.Items {
				visit(it, true)
			}
		case acc.ArgCond, acc.ArgOptCond, acc.ArgIntExpr, acc.ArgOptIntExpr, acc.ArgIntExprList, acc.ArgGang, acc.ArgWorker, acc.ArgVector, acc.ArgWait:
			for _, it := range c.Args.Items {
				if !it.Star {
					visit(it, false)
				}
			}
		}
	}
}

// undeclaredNames checks the names of one directive.
type undeclaredNames struct {
	p   *Pass
	m   *Model
	fn  *cfacts.Func // nil at file scope
	pos int
}

// item checks a var-list item: its variable and the expressions of its
// subscripts.
func (u *undeclaredNames) item(it *acc.Arg) {
	if it.Var == nil {
		return
	}
	if !u.declared(it.Var.Name) {
		u.report(it.Var.NameSpan, it.Var.Name, true)
	}
	subs := slices.Clone(it.Var.Subscripts)
	for _, mb := range it.Var.Members {
		subs = append(subs, mb.Subscripts...)
	}
	for _, s := range subs {
		for _, e := range []*acc.Expr{s.Lower, s.Length} {
			if e != nil {
				u.expr(e.Span, e.Text)
			}
		}
	}
}

// expr checks the identifiers of a C expression written at span: those
// that name objects (not functions called, members, types in casts or
// sizeof).
func (u *undeclaredNames) expr(span acc.Span, text string) {
	exact := span.End <= len(u.m.Text) && span.Start >= 0 && string(u.m.Text[span.Start:span.End]) == text
	for _, id := range objectIdents(text) {
		if u.declared(id.name) {
			continue
		}
		at := span
		if exact {
			at = acc.Span{Start: span.Start + id.off, End: span.Start + id.off + len(id.name)}
		}
		u.report(at, id.name, exact)
	}
}

// declared reports whether name means something at the directive: a
// variable in scope, a macro, an enumeration constant or a function.
func (u *undeclaredNames) declared(name string) bool {
	c := u.m.C
	if u.m.lookup(u.fn, u.pos, name) != nil || c.Macros[name] || c.ScopeNames[name] {
		return true
	}
	if _, ok := c.Consts[name]; ok {
		return true
	}
	_, ok := c.Decls[name] // functions, defined here or declared
	return ok
}

// report adds the diagnostic, with the rename to the nearest variable in
// scope when one is close (the span must be the name's own for the fix).
func (u *undeclaredNames) report(at acc.Span, name string, exact bool) {
	d := Diagnostic{Span: at, Rule: "undeclared-name",
		Message: quote(name) + " is not declared here"}
	if near := nearestVariable(name, u.visible()); near != "" {
		d.Message += "; did you mean " + quote(near) + "?"
		if exact {
			d.Fixes = []SuggestedFix{{Title: "Change to " + quote(near), Preferred: true,
				Edits: []TextEdit{{Span: at, NewText: near}}}}
		}
	}
	u.p.Report(d)
}

// visible lists the names of the variables in scope at the directive.
func (u *undeclaredNames) visible() []string {
	var out []string
	for _, v := range VisibleVars(u.m, u.pos) {
		out = append(out, v.Name)
	}
	return out
}

// ident is an identifier in an expression's text, at byte offset off.
type ident struct {
	name string
	off  int
}

// cKeywords are the words of C that may appear in an expression.
var cKeywords = map[string]bool{
	"sizeof": true, "_Alignof": true, "alignof": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "unsigned": true, "const": true, "volatile": true,
	"struct": true, "union": true, "enum": true, "void": true, "_Bool": true, "restrict": true,
}

// objectIdents returns the identifiers of C expression text that name
// objects: not keywords, not a called function (followed by '('), not a
// member (after '.' or '->'), nothing inside sizeof's parentheses or a
// cast's (a type), not after a number (a suffix).
func objectIdents(text string) []ident {
	var out []ident
	isStart := func(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
	isPart := func(c byte) bool { return isStart(c) || c >= '0' && c <= '9' }
	skipDepth := -1 // the parenthesis depth of a sizeof or a cast being skipped
	depth := 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(text) && text[j] != c {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		case c >= '0' && c <= '9':
			for i < len(text) && (isPart(text[i]) || text[i] == '.') {
				i++
			}
			continue
		case c == '(':
			depth++
			if skipDepth < 0 && castAt(text, i) {
				skipDepth = depth
			}
		case c == ')':
			if depth == skipDepth {
				skipDepth = -1
			}
			depth--
		case isStart(c):
			j := i
			for j < len(text) && isPart(text[j]) {
				j++
			}
			name := text[i:j]
			before := strings.TrimRight(text[:i], " \t\n")
			after := strings.TrimLeft(text[j:], " \t\n")
			switch {
			case name == "sizeof" || name == "_Alignof" || name == "alignof":
				if strings.HasPrefix(after, "(") && skipDepth < 0 {
					skipDepth = depth + 1
				}
			case cKeywords[name], skipDepth >= 0, strings.HasPrefix(after, "("),
				strings.HasSuffix(before, "."), strings.HasSuffix(before, "->"):
			default:
				out = append(out, ident{name, i})
			}
			i = j
			continue
		}
		i++
	}
	return out
}

// castAt reports whether the parenthesis at text[i] opens a cast: a type
// keyword, or one identifier and stars, then ')' and an operand.
func castAt(text string, i int) bool {
	j := strings.IndexByte(text[i:], ')')
	if j < 0 {
		return false
	}
	inner := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(text[i+1:i+j]), "*"))
	rest := strings.TrimLeft(text[i+j+1:], " \t\n")
	if inner == "" || rest == "" {
		return false
	}
	words := strings.Fields(inner)
	if cKeywords[words[0]] {
		return true
	}
	r := rest[0]
	operand := r == '(' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	return len(words) == 1 && operand && strings.IndexAny(inner, "+-/%&|^<>=!?:.[,") < 0
}

// ClauseItemErrors returns the diagnostics of undeclared-name and
// clause-item-type: the compiler stops at them, since the host program it
// writes would not build.
func ClauseItemErrors(m *Model) []Diagnostic {
	if m == nil {
		return nil
	}
	p := &Pass{Text: m.Text, File: m.Acc, Model: m}
	checkUndeclared(p, m)
	checkItemTypes(p, m)
	sortDiagnostics(p.diags)
	return p.diags
}
