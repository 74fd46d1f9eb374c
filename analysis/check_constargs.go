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
					p.Reportf(it.Span, "clause-arg-invalid", "%s, found %s: %s", what, quote(it.Text), notConstantWhy(it, m.Consts()))
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

// notConstantWhy says why an argument with names is not a constant.
func notConstantWhy(it *acc.Arg, consts acc.Consts) string {
	e := it.Expr()
	if e.Consts == nil {
		e.Consts = consts
	}
	if name := e.UnknownName(); name != "" {
		return fmt.Sprintf("%s is not an integer constant (a macro or an enumeration constant with a constant value)", quote(name))
	}
	return "it is not an integer constant expression"
}
