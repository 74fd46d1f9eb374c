package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// createReadsCheck reports data that a create clause gives a new device
// copy and that device code then reads while nothing ever writes that
// copy: no compute construct writes it, no update device or copyin fills
// it. create copies nothing in (OpenACC 3.3 §2.7.9), so the reads see
// undefined values. The reads may be in the functions the region calls
// with the variable: `enter data create(sim[:1])` in main, then
// `present(sim)` and `sim->dt` in a function of the file (the fifth batch
// of real programs' Euler solver ran its loops to a garbage bound). Part of
// uninitialized-device-read, whose other half (an update before the first
// write) check_data.go reports.
var createReadsCheck = &Check{
	Name:  "create-reads",
	Rules: []string{"uninitialized-device-read"},
	Model: checkCreateReads,
}

// maxCallDepth bounds how far calls are followed.
const maxCallDepth = 3

func checkCreateReads(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		for _, d := range fm.Directives {
			if d.Spec == nil || len(d.Errors) > 0 || d.Spec.Name != "enter data" && d.Spec.Name != "data" {
				continue
			}
			// where the data is present: after enter data, in the data
			// construct's block
			scope := acc.Span{Start: d.Span.End, End: fm.Func.Body.Span.End}
			if d.Spec.Name == "data" {
				r := m.ByDirective[d]
				if r == nil || r.Stmt == nil {
					continue
				}
				scope = r.Stmt.Span
			}
			for _, c := range d.Clauses {
				if canonical(c) != "create" {
					continue
				}
				for _, it := range argItems(c) {
					if it.Var == nil || len(it.Var.Members) > 0 {
						continue
					}
					v := m.C.Lookup(fm.Func, it.Span.Start, it.Var.Name)
					if v == nil || v.Type == nil || v.Storage != cfacts.StorageLocal || !inSpan(fm.Func.Body.Span, v.NameSpan) {
						continue // a caller or other code may have mapped and filled it
					}
					if read, where := createdReadUnwritten(m, fm, v, d, scope); read != nil {
						p.Report(Diagnostic{
							Span: it.Var.NameSpan, Rule: "uninitialized-device-read",
							Message: fmt.Sprintf("%s is created on the device, which copies nothing in, and device code reads it while nothing writes its device copy (no compute construct writes it, no update device or copyin fills it): the reads see undefined values; use copyin (or update device after setting it)",
								quote(v.Name)),
							Related: []Related{{Span: read.Span, Message: where}},
							Fixes:   []SuggestedFix{preferred(changeClauseFix(m.Text, d, c, it, "copyin"))},
						})
					}
				}
			}
		}
	}
}

// createdReadUnwritten follows v, created by directive d, through the
// compute constructs of fm in scope and the functions of the file that
// code in scope calls with it: the first device read and where it is, nil
// when none, or when anything may write v's device copy (a compute
// construct's write, an update device or data clause that copies in, a
// call of an acc_* routine or of a function the file does not define, a
// use the analysis cannot follow).
func createdReadUnwritten(m *Model, fm *FuncModel, v *cfacts.Var, d *acc.Directive, scope acc.Span) (*Ref, string) {
	w := &createWalk{m: m}
	w.use(fm, v, d, scope, maxCallDepth, "")
	if w.unsure {
		return nil, ""
	}
	return w.read, w.where
}

type createWalk struct {
	m      *Model
	read   *Ref   // the first device read found
	where  string // the note at it
	unsure bool   // something may write the device copy
}

// use follows v in fm: its compute constructs in scope, its directives
// that fill v (anywhere but at skip), and the calls in scope that pass v.
func (w *createWalk) use(fm *FuncModel, v *cfacts.Var, skip *acc.Directive, scope acc.Span, depth int, via string) {
	if w.unsure {
		return
	}
	for _, d := range fm.Directives {
		if d.Spec == nil {
			continue
		}
		for _, c := range d.Clauses {
			fills := false
			switch canonical(c) {
			case "copyin", "copy", "device", "deviceptr", "attach":
				fills = d != skip
			}
			for _, it := range argItems(c) {
				if it.Var == nil || w.m.C.Lookup(fm.Func, it.Span.Start, it.Var.Name) != v {
					continue
				}
				// filled here (or may be, before the reads); a member
				// named (v->x[0:n], v[i].x[0:n]) is attached, which writes
				// the pointer into the device copy
				if fills || len(it.Var.Members) > 0 {
					w.unsure = true
					return
				}
			}
		}
	}
	var computes []*Region
	for _, r := range funcComputes(fm) {
		if r.Stmt != nil && inSpan(scope, r.Directive.Span) {
			computes = append(computes, r)
		}
	}
	du := useIn(w.m, computes, v)
	if du.written || du.unsure {
		w.unsure = true
		return
	}
	if w.read == nil {
		for _, r := range du.refs {
			if r.Deref || r.Access&AccRead != 0 && isScalarVar(v) {
				w.read = r
				w.where = "read here"
				if via != "" {
					w.where = "read here, " + via
				}
				break
			}
		}
	}
	// calls in scope that get v
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		cfacts.StmtExprs(s, func(e *cfacts.Expr) {
			cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
				if w.unsure || x.Kind != cfacts.ExprCall || !inSpan(scope, x.Span) {
					return !w.unsure
				}
				for k, a := range x.Args {
					if !mentions(a, v) {
						continue
					}
					a = strip(a)
					fd, callee := w.m.C.Decls[x.Name], w.m.calleeModel(x)
					switch {
					case fd != nil && fd.FromHeader && !strings.HasPrefix(x.Name, "acc_"):
						// a library function (printf, free): the host's copy
					case a == nil || a.Kind != cfacts.ExprIdent || callee == nil || k >= len(callee.Func.Params) || depth == 0:
						w.unsure = true // acc_update_device(v), an unknown callee, v inside an expression
					default:
						p := callee.Func.Params[k]
						w.use(callee, p, nil, callee.Func.Body.Span, depth-1,
							fmt.Sprintf("in %s, which gets %s as %s", quote(callee.Func.Name), quote(v.Name), quote(p.Name)))
					}
				}
				return !w.unsure
			})
		})
		return !w.unsure
	})
}
