package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/source/cfacts"
)

// memberCheck reports pointer members whose data no directive maps: a
// struct copied to the device (implicitly or by a clause) carries its
// pointer members' host addresses, and OpenACC attaches a member to device
// memory only when the data it points to is present (3.3 §2.6.8, §2.7.2).
var memberCheck = &Check{
	Name:  "pointer-members",
	Rules: []string{"unmapped-pointer-member"},
	Model: checkPointerMembers,
}

func checkPointerMembers(p *Pass, m *Model) {
	for _, fm := range m.Funcs {
		if fm.Func == nil || fm.Func.Body == nil {
			continue
		}
		// the elements of arrays of structs: check_members_elements.go
		checkElementPointerMembers(p, m, fm)
		var fnRefs []*Ref // collected once per function, when a candidate needs them
		for _, r := range funcComputes(fm) {
			if r.Stmt == nil || len(r.Directive.Errors) > 0 {
				continue
			}
			seen := map[string]bool{}
			for _, ref := range m.collectRefs(r.Stmt) {
				path, text := derefPath(ref)
				if path == nil || seen[text] {
					continue
				}
				seen[text] = true
				v := ref.Var
				if v.Type == nil || v.Type.Kind != cfacts.TypeStruct || inSpan(r.Stmt.Span, v.NameSpan) ||
					v.Storage != cfacts.StorageLocal && v.Storage != cfacts.StorageParam {
					continue // a global or a struct reached through a pointer: other code may map its members
				}
				if fnRefs == nil {
					fnRefs = m.collectRefs(fm.Func.Body)
				}
				if !memberFromAllocationOnly(v, text, fnRefs) || pathNamed(fm, v, text, r.Directive.Span.Start) {
					continue
				}
				construct := quote(r.Directive.Spec.Name)
				item := text + "[0:" + askMarker + "]"
				if n := memberAllocLength(m, fm.Func, v, path, text, fnRefs, r.Directive.Span.Start); n != "" {
					item = text + "[0:" + n + "]"
				}
				ci := &computeInfo{m: m, r: r}
				clause := directionClause(MemberUse(m, r, v, text))
				shown := strings.ReplaceAll(item, askMarker, "n")
				p.Report(Diagnostic{
					Span: path.Span, Rule: "unmapped-pointer-member",
					Message: fmt.Sprintf("%s points to data that nothing maps: the device copy of %s holds the host address, which is attached to device memory only when the data is present; add %s(%s)",
						quote(text), quote(v.Name), clause, shown),
					Related: []Related{{Span: r.Directive.NameSpan, Message: "no clause of this " + construct + " or of a directive before it names " + quote(text)}},
					Fixes:   []SuggestedFix{ci.clauseFix(clause, item)},
				})
			}
		}
	}
}

// derefPath returns the member path through which ref reaches data (v.x of
// v.x[i], v.in.x of *v.in.x) and its text, nil when ref is not such an
// access or the path is not a chain of members from the variable.
func derefPath(ref *Ref) (*cfacts.Expr, string) {
	if !ref.Member || ref.Expr == nil || ref.Ident == nil {
		return nil, ""
	}
	x := ref.Expr
	for x != nil && !(x.Kind == cfacts.ExprMember && IsPointerMember(x)) {
		x = x.X
	}
	if x == nil {
		return nil, ""
	}
	text, root := MemberPath(x)
	if root != ref.Ident {
		return nil, ""
	}
	return x, text
}

// ElementMember splits member access e (a[i].m, a[i].in.m, c->in.m) at its
// first access of a member of the element: first is that access (first.X
// is the element a[i] or the pointer c), member the text from there to e
// ("m", "in.m": the accesses between are members of structs embedded in
// the element, offsets within it). first is nil when e is no member
// access. The compiler's deep copy (compiler/attach.go), hover and the
// unmapped members of elements use it.
func ElementMember(e *cfacts.Expr) (first *cfacts.Expr, member string) {
	if e == nil || e.Kind != cfacts.ExprMember {
		return nil, ""
	}
	first, member = e, e.Name
	for first.Op == "." && first.X != nil && first.X.Kind == cfacts.ExprMember && first.X.Type.IsRecord() {
		first = first.X
		member = first.Name + "." + member
	}
	return first, member
}

// MemberPath spells a chain of member accesses from an identifier
// ("v.in.x", "p->x", also for (*p).x); root is the identifier, nil when e
// is not such a chain (a[i].x, f().x).
func MemberPath(e *cfacts.Expr) (string, *cfacts.Expr) {
	var parts []string
	x := e
	for x != nil && x.Kind == cfacts.ExprMember {
		parts = append(parts, x.Op+x.Name)
		x = x.X
	}
	// (*g).u is g->u
	if x != nil && x.Kind == cfacts.ExprUnary && x.Op == "*" && len(parts) > 0 && parts[len(parts)-1][0] == '.' {
		if y := x.X; y != nil && y.Kind == cfacts.ExprIdent {
			parts[len(parts)-1] = "->" + parts[len(parts)-1][1:]
			x = y
		}
	}
	if x == nil || x.Kind != cfacts.ExprIdent || len(parts) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(x.Name)
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return b.String(), x
}

// memberFromAllocationOnly reports whether struct v is only ever set
// member by member (no initializer, no whole assignment, its address never
// taken, never passed to a call) and its member text is assigned only
// allocations, at least once: then only a directive of this function can
// have mapped what the member points to.
func memberFromAllocationOnly(v *cfacts.Var, text string, refs []*Ref) bool {
	if v.Init != nil {
		return false
	}
	allocated := false
	for _, r := range refs {
		if r.Var != v {
			continue
		}
		if r.Addr || r.Call {
			return false
		}
		if r.Expr == r.Ident && r.Access&AccWrite != 0 {
			return false // v = other: its members come from elsewhere
		}
		if r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign || strip(r.Assign.X) == nil {
			continue
		}
		if t, _ := MemberPath(strip(r.Assign.X)); t == text {
			if r.Assign.Op != "=" || !isAllocation(r.Assign.Y) {
				return false
			}
			allocated = true
		}
	}
	return allocated
}

// pathNamed reports whether a directive of the function up to offset pos
// names the member path in a clause (a data clause, enter data, update,
// attach...) or a call before pos passes it (acc_copyin(v.x, n),
// acc_attach(&v.x)).
func pathNamed(fm *FuncModel, v *cfacts.Var, text string, pos int) bool {
	for _, d := range fm.Directives {
		if d.Span.Start > pos {
			continue
		}
		for _, c := range d.Clauses {
			for _, it := range argItems(c) {
				if it.Var != nil && it.Var.Name == v.Name && ItemPath(it) == text {
					return true
				}
			}
		}
	}
	return passedToCall(fm.Func.Body, text, pos)
}

// memberAllocLength is the element count of the allocations assigned to
// the member path of struct v before pos (v.x = malloc(n * sizeof *v.x)),
// from the function's references refs; "" unless there is one count.
func memberAllocLength(m *Model, fn *cfacts.Func, v *cfacts.Var, path *cfacts.Expr, text string, refs []*Ref, pos int) string {
	target := allocTarget{names: func(e *cfacts.Expr) bool { t, _ := MemberPath(strip(e)); return t == text }}
	if path.Type != nil {
		target.elem = path.Type.Elem
	}
	found := ""
	for _, r := range refs {
		if r.Var != v || r.Assign == nil || r.Assign.Kind != cfacts.ExprAssign || r.Span.Start >= pos || !target.names(r.Assign.X) {
			continue
		}
		n := allocCount(m, fn, r.Assign.Y, target, pos)
		if n == "" || found != "" && n != found {
			return ""
		}
		found = n
	}
	return found
}
