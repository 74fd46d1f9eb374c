package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
)

// constArgsCheck reports the arguments that must be integer constants
// (collapse, tile sizes, gang dim:) and name something that is not one.
// The directive check (check_args.go) judges the arguments made of
// literals alone; one that names a macro or an enumeration constant
// (`collapse(N)`, `tile(TS, TS)`) needs the C code's constants
// (cfacts.File.Consts), so it is judged here.
var constArgsCheck = &Check{
	Name:  "constant-arguments",
	Rules: []string{"clause-arg-invalid"},
	Model: checkConstArgs,
}

func checkConstArgs(p *Pass, m *Model) {
	seen := map[*acc.Directive]bool{}
	check := func(d *acc.Directive) {
		if seen[d] {
			return
		}
		seen[d] = true
		for _, c := range d.Clauses {
			if c.Spec == nil {
				continue
			}
			for _, it := range argItems(c) {
				var what string
				lo, hi := int64(1), int64(-1)
				switch {
				case c.Spec.Name == "collapse":
					what = "'collapse' argument must be a positive integer constant"
				case c.Spec.Name == "tile":
					what = "'tile' sizes must be positive integer constants or '*'"
				case c.Spec.Name == "gang" && it.Key == "dim":
					what, hi = "gang 'dim:' must be the constant 1, 2 or 3", 3
				default:
					continue
				}
				if _, ok := constant(it); ok || !namesConstant(it) || strings.Contains(it.Text, "sizeof") || strings.Contains(it.Text, "_Alignof") {
					continue // the directive check's, or beyond what accls evaluates
				}
				v, ok := constantIn(it, m.Consts())
				switch {
				case !ok:
					p.Reportf(it.Span, "clause-arg-invalid", "%s, found %s: %s", what, quote(it.Text), notConstantWhy(it.Text, m.Consts()))
				case v < lo || hi >= lo && v > hi:
					p.Reportf(it.Span, "clause-arg-invalid", "%s, found %s (= %d)", what, quote(it.Text), v)
				}
			}
		}
	}
	for _, r := range m.allRegions() {
		check(r.Directive)
	}
	for _, d := range m.Routines {
		check(d)
	}
}

// castWords are the words of the integer casts that constant expressions
// may hold (acc.Expr.Int evaluates them).
var castWords = map[string]bool{"int": true, "long": true, "short": true, "char": true, "unsigned": true, "signed": true,
	"size_t": true, "int64_t": true, "uint64_t": true, "ptrdiff_t": true, "intptr_t": true, "uintptr_t": true}

// notConstantWhy names the first identifier of text that is not a known
// constant.
func notConstantWhy(text string, consts acc.Consts) string {
	for i := 0; i < len(text); {
		c := text[i]
		if c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' {
			j := i
			for j < len(text) && (text[j] == '_' || 'a' <= text[j] && text[j] <= 'z' || 'A' <= text[j] && text[j] <= 'Z' || '0' <= text[j] && text[j] <= '9') {
				j++
			}
			if _, ok := consts[text[i:j]]; !ok && !castWords[text[i:j]] {
				return fmt.Sprintf("%s is not an integer constant (a macro or an enumeration constant with a constant value)", quote(text[i:j]))
			}
			i = j
			continue
		}
		if '0' <= c && c <= '9' {
			for i < len(text) && (text[i] == '.' || text[i] == '_' || 'a' <= text[i] && text[i] <= 'z' || 'A' <= text[i] && text[i] <= 'Z' || '0' <= text[i] && text[i] <= '9') {
				i++
			}
			continue
		}
		i++
	}
	return "it is not an integer constant expression"
}
