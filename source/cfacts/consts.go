package cfacts

import (
	"strings"

	"github.com/accls/accls/acc"
	"modernc.org/cc/v4"
)

// directiveConsts returns the values of the integer constants among names
// (the identifiers of the document's OpenACC directives, collected by
// prepare): object-like macros whose replacement list is
// an integer constant expression over literals and such names, and
// enumeration constants of file scope. A directive is not preprocessed for
// us (cc/v4 sees it blanked), so `collapse(N)` and `tile(TS, TS)` need the
// values from here. Only the names the directives mention are looked up,
// so the thousands of macros of the system headers cost nothing.
func directiveConsts(names []string, ast *cc.AST) acc.Consts {
	if len(names) == 0 || ast == nil {
		return nil
	}
	ev := &constEval{ast: ast, vals: acc.Consts{}, busy: map[string]bool{}}
	for _, n := range names {
		ev.value(n)
	}
	if len(ev.vals) == 0 {
		return nil
	}
	return ev.vals
}

type constEval struct {
	ast  *cc.AST
	vals acc.Consts      // names evaluated to a value
	busy map[string]bool // macros being expanded: a cycle has no value
	done map[string]bool // names tried, with or without a value
}

// maxConstNesting bounds macro-in-macro expansion.
const maxConstNesting = 32

func (ev *constEval) value(name string) (int64, bool) {
	if v, ok := ev.vals[name]; ok {
		return v, true
	}
	if ev.done == nil {
		ev.done = map[string]bool{}
	}
	if ev.done[name] || ev.busy[name] || len(ev.busy) > maxConstNesting {
		return 0, false
	}
	v, ok := ev.eval(name)
	ev.done[name] = true
	if ok {
		ev.vals[name] = v
	}
	return v, ok
}

func (ev *constEval) eval(name string) (int64, bool) {
	if m := ev.ast.Macros[name]; m != nil {
		if m.IsFnLike {
			return 0, false
		}
		var b strings.Builder
		var inner []string
		for _, t := range m.ReplacementList() {
			b.WriteString(t.SrcStr())
			b.WriteByte(' ')
			if s := t.SrcStr(); s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
				inner = append(inner, s)
			}
		}
		ev.busy[name] = true
		for _, n := range inner {
			ev.value(n)
		}
		delete(ev.busy, name)
		return (&acc.Expr{Text: b.String(), Consts: ev.vals}).Int()
	}
	if ev.ast.Scope == nil {
		return 0, false
	}
	for _, n := range ev.ast.Scope.Nodes[name] {
		if e, ok := n.(*cc.Enumerator); ok {
			switch v := e.Value().(type) {
			case cc.Int64Value:
				return int64(v), true
			case cc.UInt64Value:
				return int64(v), true
			}
		}
	}
	return 0, false
}

// condMacros tells, for each of names, whether a macro of that name is
// defined at the end of the translation unit (with the build's -D
// definitions and the headers'): for the identifiers of #if lines, what
// acc.ActiveDirectives needs to leave out the directives of the branches
// the preprocessor skips; for those of directives, that a name no
// declaration gives is a macro all the same.
func condMacros(names []string, ast *cc.AST) map[string]bool {
	if len(names) == 0 || ast == nil {
		return nil
	}
	out := map[string]bool{}
	for _, n := range names {
		if n == "defined" {
			continue
		}
		out[n] = ast.Macros[n] != nil
	}
	return out
}

// scopeNames tells, for each of names, whether the translation unit's
// file scope declares it (a directive's `async(acc_async_noval)` names an
// enumeration constant of openacc.h, `copyin(a[0:n])` a global of a user
// header).
func scopeNames(names []string, ast *cc.AST) map[string]bool {
	if len(names) == 0 || ast == nil || ast.Scope == nil {
		return nil
	}
	out := map[string]bool{}
	for _, n := range names {
		out[n] = len(ast.Scope.Nodes[n]) > 0
	}
	return out
}
