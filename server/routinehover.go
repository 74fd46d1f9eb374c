package server

import (
	"fmt"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/hover"
	"github.com/accls/accls/source/cfacts"
)

// inRoutine explains a global variable used in the body of a function with
// a routine directive: the device copy a file-scope declare gives it, or
// that it has none.
func (vh *varHover) inRoutine(off int) (string, acc.Span, bool) {
	m := vh.res.model
	for _, fm := range m.Funcs {
		body := fm.Func.Body
		if fm.Routine == nil || body == nil || !body.Span.Contains(off) {
			continue
		}
		var use *cfacts.Expr
		walkStmt(body, func(*cfacts.Stmt) {}, func(e *cfacts.Expr) {
			if e.Kind == cfacts.ExprIdent && e.Var != nil && e.Span.Contains(off) {
				use = e
			}
		})
		if use == nil {
			return "", acc.Span{}, false
		}
		v := use.Var
		if v.FromHeader || v.Storage != cfacts.StorageGlobal && v.Storage != cfacts.StorageExtern {
			return "", acc.Span{}, false
		}
		g := hover.RoutineGlobal{Name: v.Name, Type: v.Type, Routine: fm.Func.Name, Const: constType(v.Type)}
		if cl, _ := analysis.FileScopeDeclare(m, v); cl != nil && cl.Spec != nil {
			g.Clause = cl.Spec.Name
			g.Declare = fmt.Sprintf("`declare %s` (line %d)", cl.Spec.Name, vh.lineOf(cl.NameSpan.Start))
		}
		return hover.RoutineGlobalMarkdown(g), use.Span, true
	}
	return "", acc.Span{}, false
}

// lineOf is the 1-based line of offset off of the analysed text in the
// request's text.
func (vh *varHover) lineOf(off int) int {
	if cur, ok := vh.m.start(off); ok {
		return vh.snap.doc.Line(cur) + 1
	}
	return vh.res.doc.Line(off) + 1
}

// constType reports whether t (or its arrays' element) is const-qualified.
func constType(t *cfacts.Type) bool {
	for t != nil && t.Kind == cfacts.TypeArray {
		t = t.Elem
	}
	return t != nil && t.Const
}
