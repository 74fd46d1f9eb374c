package analysis

import (
	"sort"
	"strconv"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// BuildModel binds the scanned directives to the C code they govern and
// arranges them in a region tree per function definition. cf may be nil (no C
// facts yet): the model then has no functions and no regions.
//
// Only the directives of the #if branches that the preprocessor takes are
// the program's (acc.ActiveDirectives, with the macros the C front end
// knows); the others are left out of the model.
//
// A directive inside a function body governs the first statement that starts
// after it within the innermost statement containing it: the next item of a
// compound statement, or the body of a for/while/if/else/label when the
// pragma sits between the header and the body. Stacked directives
// (`parallel` then `loop` then a `for`) govern the same statement and nest in
// source order. Functions whose body did not parse (Func.Body nil) get their
// directives listed but no regions; stale functions get regions (for hover)
// that the semantic checks do not report on.
func BuildModel(text []byte, af *acc.File, cf *cfacts.File) *Model {
	if cf != nil && len(cf.Macros) > 0 {
		// the directives of the #if branches the preprocessor skips (with
		// the build's -D definitions and the headers' macros) are not the
		// program's: #ifdef GPU … #else … #endif has one of its variants
		af = acc.ActiveDirectives(text, af, &acc.Macros{Defined: cf.Macros, Values: cf.Consts, Conds: cf.Conds})
	}
	m := &Model{Text: text, Acc: af, C: cf, ByDirective: map[*acc.Directive]*Region{}, Routines: map[string]*acc.Directive{}, refs: &refsMemo{}, scopes: &scopeMemo{}}
	if cf == nil || af == nil {
		return m
	}
	m.bindRoutines()
	dirs := af.Directives
	for _, f := range cf.Funcs {
		fm := &FuncModel{Func: f}
		if r := m.Routines[f.Name]; r != nil {
			fm.Routine = r
			fm.Level = RoutineLevel(r)
		}
		// The directives inside the definition (af.Directives is in source order).
		i := sort.Search(len(dirs), func(i int) bool { return dirs[i].Span.Start >= f.Span.Start })
		for ; i < len(dirs) && dirs[i].Span.End <= f.Span.End; i++ {
			fm.Directives = append(fm.Directives, dirs[i])
		}
		if f.Body != nil {
			m.buildRegions(fm)
		}
		m.Funcs = append(m.Funcs, fm)
	}
	m.regions = m.collectRegions()
	return m
}

// buildRegions binds the directives of one function body and nests them.
func (m *Model) buildRegions(fm *FuncModel) {
	body := fm.Func.Body
	var stack []*Region
	for _, d := range fm.Directives {
		if d.Spec == nil || d.Span.Start <= body.Span.Start || d.Span.End > body.Span.End {
			continue
		}
		container, stmt := bindStmt(body, d.Span)
		r := &Region{Kind: regionKind(d.Spec), Directive: d, Func: fm, Stmt: stmt, Container: container}
		for len(stack) > 0 && stack[len(stack)-1].extent().End <= d.Span.Start {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			r.Parent = stack[len(stack)-1]
			r.Parent.Children = append(r.Parent.Children, r)
		} else {
			fm.Regions = append(fm.Regions, r)
		}
		if d.Spec.Assoc == acc.AssocLoop {
			r.Level = loopLevel(d)
			if stmt != nil && stmt.Kind == cfacts.StmtFor {
				r.Loops, _ = loopNest(stmt, associatedCount(d, m.Consts()))
			}
		}
		switch {
		case r.Kind == RegionCompute:
			r.Compute = r
		case r.Parent != nil:
			r.Compute = r.Parent.Compute
		}
		m.ByDirective[d] = r
		if r.hasExtent() {
			stack = append(stack, r)
		}
	}
}

// regionKind classifies a directive.
func regionKind(s *acc.DirectiveSpec) RegionKind {
	switch {
	case s.IsCompute():
		return RegionCompute
	case s.Name == "loop":
		return RegionLoop
	case s.Name == "data" || s.Name == "host_data":
		return RegionData
	case s.Name == "atomic":
		return RegionAtomic
	case s.Assoc == acc.AssocDeclarative:
		return RegionDeclare
	}
	return RegionStandalone
}

// hasExtent reports whether the region governs code: block and loop
// constructs bound to a statement.
func (r *Region) hasExtent() bool {
	return r.Stmt != nil && r.Directive.Spec != nil &&
		(r.Directive.Spec.Assoc == acc.AssocBlock || r.Directive.Spec.Assoc == acc.AssocLoop)
}

// extent is the text a block or loop construct covers: from its directive to
// the end of the governed statement (empty past the directive otherwise).
func (r *Region) extent() acc.Span {
	if !r.hasExtent() {
		return acc.Span{Start: r.Directive.Span.Start, End: r.Directive.Span.End}
	}
	return acc.Span{Start: r.Directive.Span.Start, End: r.Stmt.Span.End}
}

// Contains reports whether offset off lies in the region: in its directive
// or in the statement it governs.
func (r *Region) Contains(off int) bool {
	e := r.extent()
	return e.Start <= off && off < e.End
}

// IsLoop reports whether the region is a loop construct or a combined
// construct (which has a loop part).
func (r *Region) IsLoop() bool {
	return r.Directive.Spec != nil && r.Directive.Spec.Assoc == acc.AssocLoop
}

// Consts are the document's named integer constants (cfacts.File.Consts).
func (m *Model) Consts() acc.Consts {
	if m == nil || m.C == nil {
		return nil
	}
	return m.C.Consts
}

// RegionAt returns the innermost region whose directive or governed statement
// contains offset off, nil when none.
func (m *Model) RegionAt(off int) *Region {
	fm := m.FuncAt(off)
	if fm == nil {
		return nil
	}
	return innermostRegion(fm.Regions, off)
}

// calleeModel is the model of the function of the file that call names
// (defined here, with a body), nil for any other call.
func (m *Model) calleeModel(call *cfacts.Expr) *FuncModel {
	if call == nil || call.Kind != cfacts.ExprCall {
		return nil
	}
	fd := m.C.Decls[call.Name]
	if fd == nil || fd.Def == nil || fd.Def.Body == nil {
		return nil
	}
	return m.modelOf(fd.Def)
}

// modelOf is the model of function definition f, nil when none.
func (m *Model) modelOf(f *cfacts.Func) *FuncModel {
	for _, fm := range m.Funcs {
		if fm.Func == f {
			return fm
		}
	}
	return nil
}

// FuncAt returns the function definition containing offset off, nil when none.
func (m *Model) FuncAt(off int) *FuncModel {
	for _, fm := range m.Funcs {
		if fm.Func.Span.Start <= off && off < fm.Func.Span.End {
			return fm
		}
	}
	return nil
}

func innermostRegion(rs []*Region, off int) *Region {
	var found *Region
	for len(rs) > 0 {
		var next *Region
		for _, r := range rs {
			if r.Contains(off) {
				next = r
				break
			}
		}
		if next == nil {
			break
		}
		found = next
		rs = next.Children
	}
	return found
}

// bindStmt finds the innermost statement of body containing span d and the
// statement d governs in it: its first child statement starting after d.
func bindStmt(body *cfacts.Stmt, d acc.Span) (container, governed *cfacts.Stmt) {
	s := body
	for {
		var next *cfacts.Stmt
		for _, c := range subStmts(s) {
			if c.Span.Start <= d.Start && d.End <= c.Span.End {
				next = c
				break
			}
		}
		if next == nil {
			break
		}
		s = next
	}
	for _, c := range subStmts(s) {
		if c.Span.Start >= d.End {
			return s, c
		}
	}
	return s, nil
}

// subStmts returns the statements directly inside s, in source order.
func subStmts(s *cfacts.Stmt) []*cfacts.Stmt {
	var out []*cfacts.Stmt
	add := func(c *cfacts.Stmt) {
		if c != nil {
			out = append(out, c)
		}
	}
	switch s.Kind {
	case cfacts.StmtCompound:
		return s.List
	case cfacts.StmtIf:
		add(s.Then)
		add(s.Else)
	case cfacts.StmtFor:
		add(s.Init)
		add(s.Body)
	default:
		add(s.Body)
	}
	return out
}

// levelOf returns the levels named by the clauses of the default
// device_type section of d.
func levelOf(d *acc.Directive) Level {
	var l Level
	for _, c := range sections(d)[0].Clauses {
		switch canonical(c) {
		case "gang":
			l |= LevelGang
		case "worker":
			l |= LevelWorker
		case "vector":
			l |= LevelVector
		case "seq":
			l |= LevelSeq
		}
	}
	return l
}

// loopLevel is the level of a loop or combined construct.
func loopLevel(d *acc.Directive) Level { return levelOf(d) }

// RoutineLevel is the level of a routine directive: the default section's
// level clause; seq when the directive has no level clause at all (what gcc
// and flang assume); LevelNone when levels appear only after device_type.
func RoutineLevel(d *acc.Directive) Level {
	if l := levelOf(d); l != LevelNone {
		return l
	}
	for _, c := range d.Clauses {
		switch canonical(c) {
		case "gang", "worker", "vector", "seq":
			return LevelNone
		}
	}
	return LevelSeq
}

// RoutineBind returns the bind clause of the default device_type section
// of routine directive d and the name it gives (a string literal's text
// unquoted: str), cl nil when there is none.
func RoutineBind(d *acc.Directive) (name string, str bool, cl *acc.Clause) {
	for _, c := range sections(d)[0].Clauses {
		if canonical(c) != "bind" || c.Args == nil || len(c.Args.Items) != 1 {
			continue
		}
		t := strings.TrimSpace(c.Args.Items[0].Text)
		if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
			if u, err := strconv.Unquote(t); err == nil {
				return u, true, c
			}
			return t[1 : len(t)-1], true, c
		}
		return t, false, c
	}
	return "", false, nil
}

// levelClause returns the clause of the default section of d that gives level
// l (one bit), nil when none.
func levelClause(d *acc.Directive, l Level) *acc.Clause {
	name := levelName(l)
	for _, c := range sections(d)[0].Clauses {
		if canonical(c) == name {
			return c
		}
	}
	return nil
}

// levelName is the clause name of one level bit.
func levelName(l Level) string {
	switch {
	case l&LevelGang != 0:
		return "gang"
	case l&LevelWorker != 0:
		return "worker"
	case l&LevelVector != 0:
		return "vector"
	case l&LevelSeq != 0:
		return "seq"
	}
	return ""
}

// String spells a level as its clauses, e.g. "gang vector".
func (l Level) String() string {
	s := ""
	for _, b := range []Level{LevelGang, LevelWorker, LevelVector, LevelSeq} {
		if l&b != 0 {
			if s != "" {
				s += " "
			}
			s += levelName(b)
		}
	}
	return s
}

// associatedCount is the number of loops a loop construct associates: the
// collapse count or the number of tile sizes of the default device_type
// section (the larger when both appear), 1 otherwise.
func associatedCount(d *acc.Directive, consts acc.Consts) int {
	n := 1
	for _, c := range sections(d)[0].Clauses {
		if k := clauseLoopCount(c, consts); k > n {
			n = k
		}
	}
	return n
}

// clauseLoopCount is the number of loops a collapse or tile clause asks
// for, 0 for other clauses and for a collapse whose count is not a constant.
func clauseLoopCount(c *acc.Clause, consts acc.Consts) int {
	switch canonical(c) {
	case "collapse":
		if items := argItems(c); len(items) == 1 {
			if v, ok := constantIn(items[0], consts); ok && v > 0 && v < 1000 {
				return int(v)
			}
		}
	case "tile":
		return len(argItems(c))
	}
	return 0
}

// nestStop tells why a loop nest is shallower than asked.
type nestStop struct {
	// Reason is "" when the nest is deep enough; "no-loop" when the body of
	// the last loop holds no further loop; "not-for" when the next loop is a
	// while or do loop (At); "siblings" when the body holds more than one loop
	// (At is the first, Others the rest).
	Reason string
	At     *cfacts.Stmt
	Others []*cfacts.Stmt
}

// loopNest returns up to n loops of the nest starting at the for statement
// s, outermost first, descending through bodies that are a for statement or
// a compound statement holding exactly one loop among other (intervening)
// statements (OpenACC 3.3 §2.9.1).
func loopNest(s *cfacts.Stmt, n int) ([]*cfacts.Stmt, nestStop) {
	loops := []*cfacts.Stmt{s}
	for len(loops) < n {
		inner := innerLoops(loops[len(loops)-1].Body)
		switch {
		case len(inner) == 0:
			return loops, nestStop{Reason: "no-loop"}
		case len(inner) > 1:
			return loops, nestStop{Reason: "siblings", At: inner[0], Others: inner[1:]}
		case inner[0].Kind != cfacts.StmtFor:
			return loops, nestStop{Reason: "not-for", At: inner[0]}
		}
		loops = append(loops, inner[0])
	}
	return loops, nestStop{}
}

// innerLoops returns the loop statements (for, while, do) at the top of a
// loop body: the body itself, or the loops among the items of a compound
// body (compound items nested directly are looked through).
func innerLoops(body *cfacts.Stmt) []*cfacts.Stmt {
	if body == nil {
		return nil
	}
	switch body.Kind {
	case cfacts.StmtFor, cfacts.StmtWhile, cfacts.StmtDo:
		return []*cfacts.Stmt{body}
	case cfacts.StmtCompound:
		var out []*cfacts.Stmt
		for _, it := range body.List {
			out = append(out, innerLoops(it)...)
		}
		return out
	}
	return nil
}

// bindRoutines finds the function each routine directive applies to.
func (m *Model) bindRoutines() {
	for _, d := range m.Acc.Directives {
		if d.Spec == nil || d.Spec.Name != "routine" {
			continue
		}
		name := ""
		if d.Paren != nil {
			if len(d.Paren.Items) == 1 {
				name = d.Paren.Items[0].Text
			}
		} else {
			name = declaredAfter(m.Text, d.Span.End)
		}
		if name == "" || m.Routines[name] != nil {
			continue
		}
		if m.C.Decls != nil && m.C.Decls[name] == nil {
			continue // not a function of this document
		}
		m.Routines[name] = d
	}
}

// declaredAfter returns the name of the function declared by the text that
// follows offset pos (blanks, comments and other preprocessor lines skipped):
// the identifier right before the first '(' of the declaration, "" when the
// text there is no function declaration (a call `f(x);` has no type before
// the name).
func declaredAfter(text []byte, pos int) string {
	i := pos
	lineStart := true
	last := ""
	idents := 0 // a declaration names a type before the function
	for i < len(text) {
		c := text[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i += 2
			for i+1 < len(text) && !(text[i] == '*' && text[i+1] == '/') {
				i++
			}
			i += 2
			continue
		case c == '#' && lineStart:
			// Another preprocessor line (a second pragma, an #if): skip it
			// with its continuations.
			for i < len(text) && text[i] != '\n' {
				if text[i] == '\\' && i+1 < len(text) && text[i+1] == '\n' {
					i++
				}
				i++
			}
			continue
		}
		lineStart = false
		switch {
		case identByte(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(text) && identByte(text[j]) {
				j++
			}
			last = string(text[i:j])
			idents++
			i = j
		case c == '(':
			if last == "__attribute__" || last == "__declspec" || idents < 2 {
				return ""
			}
			return last
		case c == '*':
			last = ""
			i++
		case c == ';' || c == '{' || c == '=' || c == '}' || c == ',':
			return ""
		default:
			last = ""
			i++
		}
	}
	return ""
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// ActiveOnly drops the diagnostics of the directives that all (the
// document's scan) has and m does not: those of the #if branches that the
// preprocessor skips (BuildModel). The directive checks run on the scan,
// before the C front end knows the macros.
func ActiveOnly(diags []Diagnostic, all *acc.File, m *Model) []Diagnostic {
	if m == nil || all == nil || m.Acc == all || m.Acc == nil {
		return diags
	}
	kept := map[*acc.Directive]bool{}
	for _, d := range m.Acc.Directives {
		kept[d] = true
	}
	var skipped []acc.Span
	for _, d := range all.Directives {
		if !kept[d] {
			skipped = append(skipped, d.Span)
		}
	}
	if len(skipped) == 0 {
		return diags
	}
	out := diags[:0:0]
	for _, d := range diags {
		in := false
		for _, s := range skipped {
			in = in || s.Start <= d.Span.Start && d.Span.Start < s.End
		}
		if !in {
			out = append(out, d)
		}
	}
	return out
}
