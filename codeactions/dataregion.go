package codeactions

import (
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source/cfacts"
)

// The refactorings that need the region model (the C code bound to the
// directives): making the implicit data attributes of a compute construct
// explicit, and wrapping several compute constructs in one data region.

// ModelRefactorings returns the refactorings at rng that read the model:
// MakeImplicitExplicit on the compute construct whose directive rng
// touches, WrapInDataRegion for the selection or the host loop at rng.
func ModelRefactorings(m *analysis.Model, rng acc.Span) []Action {
	if m == nil || m.C == nil || m.Acc == nil {
		return nil
	}
	var out []Action
	if d := directiveAt(m.Text, m.Acc, rng); d != nil {
		if r := m.ByDirective[d]; r != nil {
			if edits, ok := MakeImplicitExplicit(m, r); ok {
				out = append(out, Action{Title: "Make the implicit data clauses explicit", Kind: KindRefactorRewrite, Edits: edits})
			}
		}
	}
	if edits, title, ok := WrapInDataRegion(m, rng); ok {
		out = append(out, Action{Title: title, Kind: KindRefactorRewrite, Edits: edits})
	}
	return out
}

// implicitClause is the clause that states an implicit attribute.
var implicitClause = map[analysis.Attr]string{
	analysis.AttrCopy:         "copy",
	analysis.AttrPresent:      "present",
	analysis.AttrFirstprivate: "firstprivate",
}

// MakeImplicitExplicit returns the edits that write out, as clauses of the
// compute (or combined) construct r, the data attributes its variables get
// implicitly (OpenACC 3.3 §2.6.2): copy for aggregates (present under
// default(present)) and for scalars in kernels, firstprivate for scalars in
// parallel and serial. Variables are added to a clause of the same kind
// already on the directive, else in a new clause before the first
// device_type clause or after the last clause. The meaning is unchanged.
// ok is false when nothing is implicit (or the model has no C facts for r).
func MakeImplicitExplicit(m *analysis.Model, r *analysis.Region) ([]analysis.TextEdit, bool) {
	if m == nil || r == nil || r.Kind != analysis.RegionCompute || r.Func == nil || r.Func.Func.Stale {
		return nil, false
	}
	d := r.Directive
	if d == nil || d.Spec == nil || len(d.Errors) > 0 {
		return nil, false
	}
	byClause := map[string][]string{}
	var order []string
	for _, a := range analysis.DataAttributes(m, r) {
		name := implicitClause[a.Attr]
		if !a.Implicit || a.Var == nil || name == "" || !d.Spec.Allows(name) {
			continue
		}
		if !slices.Contains(byClause[name], a.Var.Name) {
			if byClause[name] == nil {
				order = append(order, name)
			}
			byClause[name] = append(byClause[name], a.Var.Name)
		}
	}
	if len(order) == 0 {
		return nil, false
	}
	var edits []analysis.TextEdit
	var fresh []string
	for _, name := range order {
		items := strings.Join(byClause[name], ", ")
		if c := leadingClause(d, name); c != nil {
			end := c.Args.Span.End - 1 // the ')'
			edits = append(edits, analysis.TextEdit{Span: acc.Span{Start: end, End: end}, NewText: ", " + items})
			continue
		}
		fresh = append(fresh, name+"("+items+")")
	}
	if len(fresh) > 0 {
		s := strings.Join(fresh, " ")
		if dt := firstDeviceType(d); dt != nil {
			edits = append(edits, analysis.TextEdit{Span: acc.Span{Start: dt.Span.Start, End: dt.Span.Start}, NewText: s + " "})
		} else {
			at := d.NameSpan.End
			if n := len(d.Clauses); n > 0 {
				at = d.Clauses[n-1].Span.End
			}
			edits = append(edits, analysis.TextEdit{Span: acc.Span{Start: at, End: at}, NewText: " " + s})
		}
	}
	return edits, true
}

// leadingClause returns the first clause called name before any
// device_type clause, with a closed non-empty argument list and no
// modifier, nil when none.
func leadingClause(d *acc.Directive, name string) *acc.Clause {
	for _, c := range d.Clauses {
		if c.Spec == nil {
			continue
		}
		if c.Spec.Name == "device_type" {
			return nil
		}
		if c.Spec.Name == name && c.Args != nil && c.Args.Closed && len(c.Args.Items) > 0 && c.Args.Modifier == "" {
			return c
		}
	}
	return nil
}

func firstDeviceType(d *acc.Directive) *acc.Clause {
	for _, c := range d.Clauses {
		if c.Spec != nil && c.Spec.Name == "device_type" {
			return c
		}
	}
	return nil
}

// movement is how a data clause moves a variable.
type movement uint8

const (
	moveIn movement = 1 << iota
	moveOut
)

var movementOf = map[string]movement{"copy": moveIn | moveOut, "copyin": moveIn, "copyout": moveOut, "create": 0}

func clauseFor(mv movement) string {
	switch mv {
	case moveIn | moveOut:
		return "copy"
	case moveIn:
		return "copyin"
	case moveOut:
		return "copyout"
	}
	return "create"
}

// wrapVar is one variable of the data region being built.
type wrapVar struct {
	name, item string // the name and the item as written ("a[0:n]")
	move       movement
	bad        bool // different bounds, a zero: modifier, used on the host
}

// WrapInDataRegion returns the edit that puts the statements of the
// selection rng (whole statements of one block, with the directives in
// front of them), or the host loop on whose first line the cursor rng is,
// inside one `#pragma acc data` construct, when they contain at least two
// compute constructs. The data construct gets the union of the compute
// constructs' copy, copyin, copyout and create clauses (copyin and copyout
// of one variable make copy; create gives way to any copy), and on the
// compute constructs those variables become present(...). A variable is
// left where it is when its bounds differ between the constructs (only
// identical text merges), when a clause has the zero: modifier, or when
// host code inside the region uses it (the data region would keep the
// host's copy stale). Several statements get braces, indented one level.
func WrapInDataRegion(m *analysis.Model, rng acc.Span) (edits []analysis.TextEdit, title string, ok bool) {
	if m == nil || m.C == nil {
		return nil, "", false
	}
	fm := m.FuncAt(rng.Start)
	if fm == nil || fm.Func.Body == nil || fm.Func.Stale {
		return nil, "", false
	}
	text := m.Text
	var stmts []*cfacts.Stmt
	start := -1 // of the first directive or statement wrapped
	if rng.Len() == 0 {
		s := hostLoopAt(m, fm, rng.Start)
		if s == nil {
			return nil, "", false
		}
		stmts, start = []*cfacts.Stmt{s}, s.Span.Start
	} else {
		stmts, start = selectedStmts(m, fm, rng)
		if len(stmts) == 0 {
			return nil, "", false
		}
	}
	last := stmts[len(stmts)-1]
	end := onLineRest(text, last.Span.End)
	if end != lineEnd(text, last.Span.End) || !onlyBlanksBefore(text, start) {
		return nil, "", false // something else shares the first or last line
	}
	span := acc.Span{Start: start, End: end}

	// The compute constructs inside, outermost only.
	var computes []*analysis.Region
	var walk func(rs []*analysis.Region)
	walk = func(rs []*analysis.Region) {
		for _, r := range rs {
			if r.Directive.Span.Start < span.Start || r.Directive.Span.Start >= span.End {
				if r.Stmt != nil && r.Stmt.Span.Start < span.End && r.Stmt.Span.End > span.Start {
					walk(r.Children)
				}
				continue
			}
			if r.Kind == analysis.RegionCompute {
				if r.Stmt == nil || r.Stmt.Span.End > span.End {
					computes = nil
					return
				}
				computes = append(computes, r)
				continue
			}
			walk(r.Children)
		}
	}
	walk(fm.Regions)
	if len(computes) < 2 {
		return nil, "", false
	}
	for _, r := range computes {
		if r.Directive.Form != acc.FormPragma || len(r.Directive.Errors) > 0 {
			return nil, "", false
		}
	}

	// The variables of the data clauses.
	vars := map[string]*wrapVar{}
	var order []*wrapVar
	for _, r := range computes {
		for _, c := range r.Directive.Clauses {
			mv, isData := movementOf[canonicalName(c)]
			if !isData {
				continue
			}
			for _, it := range items(c) {
				if it.Var == nil {
					continue
				}
				v := vars[it.Var.Name]
				if v == nil {
					v = &wrapVar{name: it.Var.Name, item: it.Text}
					vars[v.name] = v
					order = append(order, v)
				}
				v.move |= mv
				if it.Text != v.item || c.Args.Modifier == "zero" {
					v.bad = true
				}
			}
		}
	}
	// Host code inside the region must not touch them.
	inCompute := func(off int) bool {
		for _, r := range computes {
			if r.Directive.Span.Start <= off && off < r.Stmt.Span.End {
				return true
			}
		}
		return false
	}
	for _, s := range stmts {
		for _, ref := range analysis.CollectRefs(s) {
			if ref.Var == nil {
				continue
			}
			if v := vars[ref.Var.Name]; v != nil && !inCompute(ref.Span.Start) {
				v.bad = true
			}
		}
		// Nor may they be declared inside it: the data directive comes first.
		cfacts.Walk(s, func(x *cfacts.Stmt) bool {
			for _, d := range x.Decls {
				if v := vars[d.Name]; v != nil {
					v.bad = true
				}
			}
			return true
		})
	}
	byClause := map[string][]string{}
	n := 0
	for _, v := range order {
		if !v.bad {
			byClause[clauseFor(v.move)] = append(byClause[clauseFor(v.move)], v.item)
			n++
		}
	}
	if n == 0 {
		return nil, "", false
	}
	data := "#pragma acc data"
	for _, name := range []string{"copy", "copyin", "copyout", "create"} {
		if len(byClause[name]) > 0 {
			data += " " + name + "(" + strings.Join(byClause[name], ", ") + ")"
		}
	}

	// Their clauses on the compute constructs become one present(...) in
	// place of the first of them.
	ls := lineStart(text, span.Start)
	var inner []analysis.TextEdit
	for _, r := range computes {
		d := r.Directive
		var moved []string
		keep := map[int]bool{}
		replace := map[int]string{}
		firstMoved := -1
		for i, c := range d.Clauses {
			keep[i] = true
			if _, isData := movementOf[canonicalName(c)]; !isData {
				continue
			}
			var gone, kept []string
			for _, it := range items(c) {
				if it.Var != nil && vars[it.Var.Name] != nil && !vars[it.Var.Name].bad {
					gone = append(gone, it.Text)
				} else {
					kept = append(kept, it.Text)
				}
			}
			if len(gone) == 0 {
				continue
			}
			moved = append(moved, gone...)
			if firstMoved < 0 {
				firstMoved = i
			}
			if len(kept) == 0 {
				keep[i] = false
				continue
			}
			mod := ""
			if c.Args.Modifier != "" {
				mod = c.Args.Modifier + ": "
			}
			replace[i] = c.Name + "(" + mod + strings.Join(kept, ", ") + ")"
		}
		if firstMoved < 0 {
			continue
		}
		present := "present(" + strings.Join(moved, ", ") + ")"
		if r, ok := replace[firstMoved]; ok {
			replace[firstMoved] = r + " " + present
		} else {
			keep[firstMoved] = true
			replace[firstMoved] = present
		}
		name := string(text[d.NameSpan.Start:d.NameSpan.End])
		newText := rewriteDirective(text, d, name, func(i int) bool { return keep[i] }, replace, nil)
		inner = append(inner, analysis.TextEdit{Span: acc.Span{Start: d.Span.Start - ls, End: d.Span.End - ls}, NewText: newText})
	}
	body, err := Apply(text[ls:span.End], inner)
	if err != nil {
		return nil, "", false
	}

	nl := newline(text)
	first := stmts[0]
	base := indentAt(text, first.Span.Start)
	pind := base
	if indentAt(text, computes[0].Directive.Span.Start) == "" {
		pind = "" // the pragmas are written at column 0
	}
	var sb strings.Builder
	sb.WriteString(pind + data + nl)
	what := "Wrap the loop in a 'data' region"
	if rng.Len() > 0 || len(stmts) > 1 || start != first.Span.Start {
		what = "Wrap in a 'data' region"
	}
	if len(stmts) == 1 && start == first.Span.Start {
		sb.Write(body)
	} else {
		unit := indentUnitIn(text, first, base)
		sb.WriteString(base + "{" + nl)
		b := string(body)
		if b != "" && b[0] != '#' && b[0] != '\n' && b[0] != '\r' {
			b = unit + b
		}
		sb.WriteString(reindent(b, unit))
		sb.WriteString(nl + base + "}")
	}
	return []analysis.TextEdit{{Span: acc.Span{Start: ls, End: span.End}, NewText: sb.String()}},
		what + " (" + itoa(len(computes)) + " compute constructs)", true
}

func canonicalName(c *acc.Clause) string {
	if c.Spec == nil {
		return ""
	}
	return c.Spec.Name
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// indentUnitIn guesses one level of indentation at statement s, indented
// by base: the step from the block that contains it, else a tab or four
// spaces.
func indentUnitIn(text []byte, s *cfacts.Stmt, base string) string {
	for p := s.Parent; p != nil; p = p.Parent {
		if p.Kind == cfacts.StmtCompound {
			outer := indentAt(text, p.Span.Start)
			if len(base) > len(outer) && strings.HasPrefix(base, outer) {
				return base[len(outer):]
			}
			break
		}
	}
	if strings.Contains(base, "\t") {
		return "\t"
	}
	return "    "
}

// hostLoopAt returns the loop statement (for, while, do) whose first line
// holds off, outside every compute construct and not governed by a
// directive, the innermost such; nil when none.
func hostLoopAt(m *analysis.Model, fm *analysis.FuncModel, off int) *cfacts.Stmt {
	var found *cfacts.Stmt
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		switch s.Kind {
		case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
			if lineStart(m.Text, s.Span.Start) <= off && off <= lineEnd(m.Text, s.Span.Start) {
				found = s
			}
		}
		return s.Span.Start <= off && off <= s.Span.End
	})
	if found == nil {
		return nil
	}
	if r := m.RegionAt(found.Span.Start); r != nil && r.Compute != nil {
		return nil
	}
	for _, r := range m.ByDirective {
		if r.Stmt == found {
			return nil
		}
	}
	return found
}

// selectedStmts returns the statements of the innermost block containing
// rng that rng overlaps, a statement counting from the first directive in
// front of it, and where the first of them starts.
func selectedStmts(m *analysis.Model, fm *analysis.FuncModel, rng acc.Span) ([]*cfacts.Stmt, int) {
	var block *cfacts.Stmt
	cfacts.Walk(fm.Func.Body, func(s *cfacts.Stmt) bool {
		if s.Span.Start < rng.Start && rng.End < s.Span.End {
			if s.Kind == cfacts.StmtCompound {
				block = s
			}
			return true
		}
		return false
	})
	if block == nil {
		return nil, -1
	}
	var out []*cfacts.Stmt
	first := -1
	prev := block.Span.Start + 1
	for _, s := range block.List {
		start := s.Span.Start
		for _, d := range fm.Directives {
			if d.Span.Start >= prev && d.Span.End <= s.Span.Start {
				start = d.Span.Start
				break
			}
		}
		ext := acc.Span{Start: start, End: s.Span.End}
		prev = s.Span.End
		if ext.Start < rng.End && rng.Start < ext.End {
			if first < 0 {
				first = ext.Start
			}
			out = append(out, s)
		}
	}
	return out, first
}
