package analysis

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// sectionAccessCheck reports device accesses that reach outside the
// sub-array a data clause maps: `copyin(a[0:n])` and `a[i + 1]` for i up
// to n - 1 reads a[n], which has no device copy (on a GPU, memory of
// something else or a fault; compilers say nothing). The mapping is the
// compute construct's clause and those of the data constructs around it
// in the function; an access counts when it runs unconditionally in its
// loops and its index box (index_boxes.go) provably leaves every section
// that maps the variable there.
var sectionAccessCheck = &Check{
	Name:  "section-access",
	Rules: []string{"access-outside-section"},
	Model: checkSectionAccess,
}

// mappingClauses are the clauses whose sections allocate the device copy
// (present and the others assert a mapping made elsewhere, which may be
// larger).
var mappingClauses = []string{"copy", "copyin", "copyout", "create"}

func checkSectionAccess(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		entered := enteredVars(m, fm)
		for _, r := range funcComputes(fm) {
			if r.Stmt == nil {
				continue
			}
			var env *linEnv // the construct's lins, made once when needed
			for v, maps := range sectionsAround(m, fm, r) {
				if entered[v] {
					continue // enter data may map more of it
				}
				if env == nil {
					env = &linEnv{defs: scalarDefs(r.Stmt)}
				}
				reportOutsideAccess(p, m, r, env, v, maps)
			}
		}
	}
}

// sectionMap is one data clause item's section.
type sectionMap struct {
	it  *acc.Arg
	box box
}

// sectionsAround collects the sections that the clauses of compute region
// r and of the data regions around it map, by variable; a variable some
// clause maps without a known box is left out.
func sectionsAround(m *Model, fm *FuncModel, r *Region) map[*cfacts.Var][]sectionMap {
	out := map[*cfacts.Var][]sectionMap{}
	unknown := map[*cfacts.Var]bool{}
	for x := r; x != nil; x = x.Parent {
		d := x.Directive
		if d == nil || d.Spec == nil || len(d.Errors) > 0 || x != r && d.Spec.Name != "data" {
			continue
		}
		clauseItems(m, fm, d, dataClauseNames, func(c *acc.Clause, it *acc.Arg, v *cfacts.Var) {
			if !containsString(mappingClauses, canonical(c)) {
				unknown[v] = true // present(a[0:n]): mapped elsewhere, maybe more
				return
			}
			b, ok := sectionBox(m, fm.Func, it, v)
			if !ok {
				unknown[v] = true
				return
			}
			out[v] = append(out[v], sectionMap{it, b})
		})
	}
	for v := range unknown {
		delete(out, v)
	}
	return out
}

// enteredVars are the variables an enter data, declare or update
// directive of fm names (mappings the structured ones do not show).
func enteredVars(m *Model, fm *FuncModel) map[*cfacts.Var]bool {
	out := map[*cfacts.Var]bool{}
	for _, d := range fm.Directives {
		if d.Spec == nil || d.Spec.Name != "enter data" && d.Spec.Name != "declare" && d.Spec.Name != "exit data" {
			continue
		}
		for _, c := range d.Clauses {
			for _, it := range argItems(c) {
				if it.Var != nil {
					if v := m.C.Lookup(fm.Func, it.Span.Start, it.Var.Name); v != nil {
						out[v] = true
					}
				}
			}
		}
	}
	return out
}

// reportOutsideAccess reports the first unconditional access of v in
// compute region r (env: its lins) whose box leaves every section of
// maps.
func reportOutsideAccess(p *Pass, m *Model, r *Region, env *linEnv, v *cfacts.Var, maps []sectionMap) {
	du := useIn(m, []*Region{r}, v)
	if du.unsure || du.aliasWrite {
		return
	}
	for _, ref := range du.refs {
		if ref.Elem == 0 || ref.Member || underCondition(r.Stmt, ref.Span) {
			continue
		}
		b, ok := env.accessBox(ref)
		if !ok || b.stride != nil {
			continue
		}
		var where string
		all := true
		for _, sm := range maps {
			w, out := leaves(b, sm.box, ref.Var.Name)
			if !out {
				all = false
				break
			}
			if where == "" {
				where = w
			}
		}
		if !all {
			continue
		}
		verb := "reads"
		if ref.Elem&AccWrite != 0 {
			verb = "writes"
		}
		sm := maps[0]
		p.Report(Diagnostic{
			Span: ref.Site(), Rule: "access-outside-section",
			Message: fmt.Sprintf("%s reaches %s, outside what the data clause maps (%s): the device %s memory that is not the device copy of %s; widen the section or bound the loop",
				quote(unparen(exprSource(m, ref.Expr))), where, sm.it.Text, verb, quote(v.Name)),
			Related: []Related{{Span: sm.it.Span, Message: quote(v.Name) + " is mapped here"}},
		})
		return
	}
}

// leaves finds a coordinate where access box b provably leaves section s:
// the element it reaches there ("a[n]", "u[…][m]"); false when it stays
// inside or cannot be told.
func leaves(b, s box, name string) (string, bool) {
	if len(b.lo) != len(s.lo) {
		return "", false
	}
	for d := range b.lo {
		if s.hi[d].less(b.hi[d]) {
			return faceWords(b, name, d, b.hi[d]), true
		}
		if b.lo[d].less(s.lo[d]) {
			return faceWords(b, name, d, b.lo[d]), true
		}
	}
	return "", false
}

// unparen drops the parentheses around a whole expression's text.
func unparen(s string) string {
	for len(s) > 2 && s[0] == '(' && s[len(s)-1] == ')' && balanced(s[1:len(s)-1]) {
		s = s[1 : len(s)-1]
	}
	return s
}
