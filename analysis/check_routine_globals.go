package analysis

import (
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// checkRoutineGlobals reports a global that a routine uses although no
// file-scope declare directive puts it on the device (openacc-rules.md
// §13: globals with declare are visible in routines). Compute constructs
// map the globals they use themselves (implicitly or by clause); a routine
// only sees device copies that exist for the whole program. Each global is
// reported once, at its first use in a routine.
func checkRoutineGlobals(p *Pass, m *Model) {
	seen := map[*cfacts.Var]bool{} // each global is looked at once
	for _, fm := range m.Funcs {
		if fm.Routine == nil || fm.Func.Body == nil || fm.Func.Stale {
			continue
		}
		cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
			cfacts.StmtExprs(s, func(e *cfacts.Expr) {
				cfacts.WalkExpr(e, func(x *cfacts.Expr) bool {
					if x.Kind == cfacts.ExprIdent && x.Var != nil && !seen[x.Var] {
						seen[x.Var] = true
						if undeclaredGlobal(m, x.Var) {
							reportRoutineGlobal(p, fm, x)
						}
					}
					return true
				})
			})
			return true
		})
	}
}

// undeclaredGlobal reports whether v is a global of this file, not
// const-qualified, that no file-scope declare names.
func undeclaredGlobal(m *Model, v *cfacts.Var) bool {
	if v == nil || v.FromHeader || v.Storage != cfacts.StorageGlobal && v.Storage != cfacts.StorageExtern || v.Type == nil {
		return false
	}
	t := v.Type
	for t.Kind == cfacts.TypeArray && t.Elem != nil {
		t = t.Elem
	}
	if t.Const || t.Kind == cfacts.TypeFunc {
		return false // compilers fold or copy constants (accls: constant tables)
	}
	cl, _ := FileScopeDeclare(m, v)
	return cl == nil
}

func reportRoutineGlobal(p *Pass, fm *FuncModel, use *cfacts.Expr) {
	v := use.Var
	d := Diagnostic{Span: use.Span, Rule: "routine-global-undeclared",
		Message: quote(v.Name) + " is a global used in " + quote(fm.Func.Name) + ", a 'routine', but no 'declare' directive puts it on the device; " +
			"add '#pragma acc declare create(" + v.Name + ")' after its definition and copy its value with 'update device'",
		Related: []Related{{Span: v.NameSpan, Message: quote(v.Name) + " is defined here"}}}
	if fix, ok := declareFix(p.Text, v); ok {
		d.Fixes = []SuggestedFix{fix}
	}
	p.Report(d)
}

// declareFix inserts `#pragma acc declare create(v)` on the line after the
// declaration of global v.
func declareFix(text []byte, v *cfacts.Var) (SuggestedFix, bool) {
	end := v.Span.End
	if end <= 0 || end > len(text) {
		return SuggestedFix{}, false
	}
	i := strings.IndexByte(string(text[end:]), '\n')
	if i < 0 {
		return SuggestedFix{}, false
	}
	nl := "\n"
	if at := end + i; at > 0 && text[at-1] == '\r' {
		nl = "\r\n"
	}
	at := end + i + 1
	line := "#pragma acc declare create(" + v.Name + ")"
	return SuggestedFix{Title: "Add '" + line + "' after " + quote(v.Name), Preferred: true,
		Edits: []TextEdit{{Span: acc.Span{Start: at, End: at}, NewText: line + nl}}}, true
}
