package analysis

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// reductionTypesCheck reports reduction operators that are not defined for
// the variable's type (OpenACC 3.3 §2.5.15; openacc-rules.md §8): `&`, `|`
// and `^` need integers, `max` and `min` are not defined on complex
// numbers, and a reduction variable must be arithmetic, an array of
// arithmetic elements, or a struct whose members all are.
var reductionTypesCheck = &Check{
	Name:  "reduction-types",
	Rules: []string{"reduction-op-type"},
	Model: checkReductionTypes,
}

func checkReductionTypes(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		for _, d := range fm.Directives {
			if d.Spec == nil || len(d.Errors) > 0 {
				continue
			}
			for _, c := range d.Clauses {
				if canonical(c) != "reduction" || !d.Spec.Allows("reduction") || c.Args == nil {
					continue
				}
				op := c.Args.Modifier
				if !containsString(reductionOps, op) {
					continue // reported by the argument check
				}
				for _, it := range c.Args.Items {
					if it.Var == nil || len(it.Var.Members) > 0 {
						continue
					}
					v := m.C.Lookup(fm.Func, d.Span.Start, it.Var.Name)
					if v == nil || v.Type == nil {
						continue
					}
					checkReductionType(p, c, it, v, op)
				}
			}
		}
	}
}

// reducedType is the type that is reduced for an item: the element type
// after the item's subscripts, and for a whole array its element type.
func reducedType(v *cfacts.Var, it *acc.Arg) *cfacts.Type {
	t := v.Type
	for range it.Var.Subscripts {
		if t == nil || (t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer) {
			return nil
		}
		t = t.Elem
	}
	for t != nil && t.Kind == cfacts.TypeArray {
		t = t.Elem
	}
	return t
}

func checkReductionType(p *Pass, c *acc.Clause, it *acc.Arg, v *cfacts.Var, op string) {
	t := reducedType(v, it)
	if t == nil {
		return
	}
	report := func(format string, args ...any) {
		p.Report(Diagnostic{
			Span: it.Span, Rule: "reduction-op-type",
			Message: fmt.Sprintf(format, args...),
			Related: []Related{{Span: c.Args.ModifierSpan, Message: "the reduction operator is here"}},
		})
	}
	what := quote(it.Text)
	switch t.Kind {
	case cfacts.TypeStruct:
		for _, f := range t.Fields {
			ft := f.Type
			if ft == nil {
				return
			}
			switch ft.Kind {
			case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
			default:
				report("%s is a struct with member %s of type %s; a reduction variable must be a scalar, an array or a composite of arithmetic members only",
					what, quote(f.Name), quote(ft.Name))
				return
			}
			if msg := opTypeProblem(op, ft); msg != "" {
				report("reduction(%s) is not defined for member %s of %s: %s", op, quote(f.Name), what, msg)
				return
			}
		}
	case cfacts.TypeInt, cfacts.TypeFloat, cfacts.TypeComplex:
		if msg := opTypeProblem(op, t); msg != "" {
			report("reduction(%s) is not defined for %s of type %s: %s", op, what, quote(t.Name), msg)
		}
	case cfacts.TypePointer:
		report("%s has pointer type %s; a reduction variable must be arithmetic (reduce an array with a sub-array such as %s[0:n])",
			what, quote(t.Name), v.Name)
	case cfacts.TypeOther:
	default:
		report("%s has type %s, which cannot be reduced; a reduction variable must be a scalar, an array or a composite of arithmetic members",
			what, quote(t.Name))
	}
}

// opTypeProblem explains why op cannot reduce a value of arithmetic type t,
// "" when it can.
func opTypeProblem(op string, t *cfacts.Type) string {
	switch op {
	case "&", "|", "^":
		if t.Kind != cfacts.TypeInt {
			return "bitwise operators need an integer type"
		}
	case "max", "min":
		if t.Kind == cfacts.TypeComplex {
			return "complex numbers are not ordered"
		}
	}
	return ""
}
