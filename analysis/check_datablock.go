package analysis

import (
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// dataBlockCheck reports data constructs whose structured block cannot use
// the device: no compute construct, no OpenACC directive and no call of a
// function of the program or of the acc_* API inside. The usual cause is a
// missing pair of braces: `#pragma acc data copyin(a[0:n])` governs only the
// next statement (a timer call, an assignment), and the compute constructs
// after it get their data again on their own (three of sixty real programs
// had it; bench/README.md, twenty-first session).
var dataBlockCheck = &Check{
	Name:  "datablock",
	Rules: []string{"data-without-compute"},
	Model: checkDataBlocks,
}

func checkDataBlocks(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		if r.Kind != RegionData || r.Directive.Spec == nil || r.Directive.Spec.Name != "data" || r.Stmt == nil || r.Compute != nil {
			continue
		}
		if len(r.Children) > 0 || callsProgram(m, r.Stmt) {
			continue
		}
		msg := "the 'data' construct governs a block with no compute construct, no OpenACC directive and no call of the program's functions: its data goes to the device and back for nothing"
		if r.Stmt.Kind != cfacts.StmtCompound {
			msg = "the 'data' construct governs only the statement after it, which has no compute construct, OpenACC directive or call of the program's functions: its data goes to the device and back for nothing; put braces around the code that should run with the data present"
		}
		rel := []Related{{Span: r.Stmt.Span, Message: "the whole region of the 'data' construct"}}
		if next := nextCompute(m, r); next != nil {
			rel = append(rel, Related{Span: next.Directive.NameSpan, Message: "the next compute construct, after the region: the 'data' clauses do not apply to it"})
		}
		p.Report(Diagnostic{Span: r.Directive.NameSpan, Rule: "data-without-compute", Message: msg, Related: rel})
	}
}

// callsProgram reports whether statement s calls a function that may use
// device data: an acc_* routine, a function through a pointer or without a
// declaration, one the program declares without a body here, or one whose
// body has OpenACC directives or makes such a call (depth levels deep).
func callsProgram(m *Model, s *cfacts.Stmt) bool {
	return callsDevice(m, s, 4, map[*cfacts.Func]bool{})
}

func callsDevice(m *Model, s *cfacts.Stmt, depth int, seen map[*cfacts.Func]bool) bool {
	found := false
	stWalkExprs(s, func(e *cfacts.Expr) bool {
		if e.Kind != cfacts.ExprCall || found {
			return !found
		}
		fd := m.C.Decls[e.Name]
		switch {
		case e.Name == "" || fd == nil || strings.HasPrefix(e.Name, "acc_") || depth == 0:
			found = true
		case fd.FromHeader || fd.Def != nil && seen[fd.Def]:
		case fd.Def == nil:
			found = true // declared here, defined elsewhere: it may hold anything
		default:
			seen[fd.Def] = true
			fm := m.modelOf(fd.Def)
			found = fm == nil || len(fm.Directives) > 0 || callsDevice(m, fd.Def.Body, depth-1, seen)
		}
		return !found
	})
	return found
}

// nextCompute is the first compute construct of r's function after r's
// region, nil when none.
func nextCompute(m *Model, r *Region) *Region {
	var next *Region
	for _, c := range m.allRegions() {
		if c.Kind == RegionCompute && c.Func == r.Func && c.Directive.Span.Start >= r.Stmt.Span.End &&
			(next == nil || c.Directive.Span.Start < next.Directive.Span.Start) {
			next = c
		}
	}
	return next
}
