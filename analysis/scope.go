package analysis

import (
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// VisibleVars returns the variables C's scope rules make visible at byte
// offset off: the block-scope variables of the function around off declared
// before it (innermost first: a shadowing declaration hides the outer one),
// its parameters, then the globals declared before off. Completion of
// names in clauses lists them; the "did you mean" of undeclared-name picks
// among them.
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
		cfacts.Walk(fn.Body, func(s *cfacts.Stmt) bool {
			for _, v := range s.Decls {
				if v.NameSpan.Start < off && m.C.Lookup(fn, off, v.Name) == v {
					locals = append(locals, v)
				}
			}
			return true
		})
		for i := len(locals) - 1; i >= 0; i-- { // the latest declared first
			add(locals[i])
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
	v := m.C.Lookup(m.C.FuncAt(off), off, name)
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
