package analysis

import (
	"slices"
	"strings"
	"sync"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// scopeMemo indexes each function's block-scope declarations by name, once
// per model: the clause checks resolve every name of every directive, and
// cfacts.File.Lookup walks the whole body for each. A model serves
// concurrent requests (completion, hover), hence the lock.
type scopeMemo struct {
	mu    sync.Mutex
	index map[*cfacts.Func]map[string][]scopedDecl
}

// scopedDecl is a block-scope variable with the block it is visible in.
type scopedDecl struct {
	v     *cfacts.Var
	scope acc.Span
}

// funcIndex returns fn's declarations by name.
func (m *Model) funcIndex(fn *cfacts.Func) map[string][]scopedDecl {
	if m.scopes == nil { // a model not built by BuildModel
		return indexDecls(fn)
	}
	m.scopes.mu.Lock()
	defer m.scopes.mu.Unlock()
	if idx, ok := m.scopes.index[fn]; ok {
		return idx
	}
	idx := indexDecls(fn)
	if m.scopes.index == nil {
		m.scopes.index = map[*cfacts.Func]map[string][]scopedDecl{}
	}
	m.scopes.index[fn] = idx
	return idx
}

// indexDecls lists fn's block-scope declarations by name.
func indexDecls(fn *cfacts.Func) map[string][]scopedDecl {
	idx := map[string][]scopedDecl{}
	cfacts.Walk(fn.Body, func(s *cfacts.Stmt) bool {
		for _, v := range s.Decls {
			scope := v.Scope
			if scope == nil {
				scope = s.Parent
			}
			if scope != nil {
				idx[v.Name] = append(idx[v.Name], scopedDecl{v, scope.Span})
			}
		}
		return true
	})
	return idx
}

// visibleAt reports whether block-scope declaration d is in scope at
// offset pos: declared before it, in a block around it.
func (d scopedDecl) visibleAt(pos int) bool {
	return d.v.NameSpan.Start < pos && d.scope.Start <= pos && pos < d.scope.End
}

// lookup resolves name at offset pos in fn (nil at file scope) as
// cfacts.File.Lookup does: the innermost block-scope variable declared
// before pos, a parameter, a global.
func (m *Model) lookup(fn *cfacts.Func, pos int, name string) *cfacts.Var {
	if fn == nil || fn.Body == nil {
		return m.C.Lookup(nil, pos, name)
	}
	var best *cfacts.Var
	for _, d := range m.funcIndex(fn)[name] {
		if d.visibleAt(pos) && (best == nil || d.v.NameSpan.Start > best.NameSpan.Start) {
			best = d.v
		}
	}
	if best != nil {
		return best
	}
	for _, v := range fn.Params {
		if v.Name == name {
			return v
		}
	}
	return m.C.Lookup(nil, pos, name)
}

// VisibleVars returns the variables C's scope rules make visible at byte
// offset off: the block-scope variables of the function around off declared
// before it (the latest first; a shadowing declaration hides the outer
// one), its parameters, then the globals declared before off. Completion
// of names in clauses lists them; the "did you mean" of undeclared-name
// picks among them.
func VisibleVars(m *Model, off int) []*cfacts.Var {
	if m == nil || m.C == nil {
		return nil
	}
	var out []*cfacts.Var
	seen := map[string]bool{}
	add := func(v *cfacts.Var) {
		if v != nil && v.Name != "" && !seen[v.Name] {
			seen[v.Name] = true
			out = append(out, v)
		}
	}
	if fn := m.C.FuncAt(off); fn != nil && fn.Body != nil {
		var locals []*cfacts.Var
		for _, decls := range m.funcIndex(fn) {
			for _, d := range decls {
				if d.visibleAt(off) {
					locals = append(locals, d.v)
				}
			}
		}
		slices.SortFunc(locals, func(a, b *cfacts.Var) int { return b.NameSpan.Start - a.NameSpan.Start })
		for _, v := range locals { // the latest declared first: it shadows
			add(v)
		}
		for _, v := range fn.Params {
			add(v)
		}
	}
	for _, v := range m.C.Globals {
		if v.NameSpan.Start < off {
			add(v)
		}
	}
	return out
}

// PathType returns the type of an access path written at offset off
// (`mesh->cell[i].w2`: a name, subscripts, `.` and `->` members), nil when
// the name is not visible there or a step does not fit the types.
func PathType(m *Model, off int, path string) *cfacts.Type {
	if m == nil || m.C == nil {
		return nil
	}
	name, rest := splitPathName(path)
	v := m.lookup(m.C.FuncAt(off), off, name)
	if v == nil {
		return nil
	}
	t := v.Type
	for rest = strings.TrimSpace(rest); rest != "" && t != nil; rest = strings.TrimSpace(rest) {
		switch {
		case rest[0] == '[':
			depth, j := 0, 0
			for ; j < len(rest); j++ {
				if rest[j] == '[' {
					depth++
				} else if rest[j] == ']' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j == len(rest) || t.Kind != cfacts.TypeArray && t.Kind != cfacts.TypePointer {
				return nil
			}
			t, rest = t.Elem, rest[j+1:]
		case strings.HasPrefix(rest, "->") || rest[0] == '.':
			if rest[0] == '-' {
				if t.Kind != cfacts.TypePointer {
					return nil
				}
				t, rest = t.Elem, rest[2:]
			} else {
				rest = rest[1:]
			}
			var member string
			member, rest = splitPathName(strings.TrimSpace(rest))
			t = fieldType(t, member)
		default:
			return nil
		}
	}
	return t
}

// splitPathName splits the identifier at the start of s from the rest.
func splitPathName(s string) (name, rest string) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return s[:i], s[i:]
}

// fieldType is the type of member name of struct or union t, nil when t
// has no such member.
func fieldType(t *cfacts.Type, name string) *cfacts.Type {
	if t == nil || t.Kind != cfacts.TypeStruct && t.Kind != cfacts.TypeUnion {
		return nil
	}
	for _, f := range t.Fields {
		if f.Name == name {
			return f.Type
		}
	}
	return nil
}
