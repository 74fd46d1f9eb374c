package codeactions

import (
	"slices"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// OpenACC 3.3 §2.11: a combined construct is its compute construct with
// the loop construct directly inside. Every clause goes to the leaf that
// accepts it; private and reduction, which both accept, go to the loop; a
// reduction on the combined construct also implies copy of its variables on
// the compute construct unless another data clause names them (§2.6.2).
// device_type sections are split between the two, each part keeping the
// header of the sections it has clauses of.

// dataClauses are the clauses that count as "another data clause" for the
// copy a reduction implies.
var dataClauses = []string{"copy", "copyin", "copyout", "create", "no_create", "present", "deviceptr", "attach"}

// directiveAt returns the directive whose line(s) rng touches, nil when none.
func directiveAt(text []byte, f *acc.File, rng acc.Span) *acc.Directive {
	for _, d := range f.Directives {
		line := acc.Span{Start: lineStart(text, d.Span.Start), End: d.Span.End}
		if overlaps(line, rng) {
			return d
		}
	}
	return nil
}

// directiveStartingAt returns the directive whose span starts at off.
func directiveStartingAt(f *acc.File, off int) *acc.Directive {
	i, ok := slices.BinarySearchFunc(f.Directives, off, func(d *acc.Directive, off int) int { return d.Span.Start - off })
	if !ok {
		return nil
	}
	return f.Directives[i]
}

// wellFormed reports whether d is a `#pragma acc` line the refactorings may
// rewrite: parsed without errors, every clause known, alone on its line.
func wellFormed(text []byte, d *acc.Directive) bool {
	if d == nil || d.Form != acc.FormPragma || d.Spec == nil || len(d.Errors) > 0 || d.Paren != nil {
		return false
	}
	for _, c := range d.Clauses {
		if c.Spec == nil {
			return false
		}
	}
	return onlyBlanksBefore(text, d.Span.Start)
}

// loopAfter finds the `for` statement that directly follows d (only blanks
// and comments between): its start and end.
func loopAfter(text []byte, d *acc.Directive) (start, end int, ok bool) {
	start = skipSpaces(text, d.Span.End)
	if wordAt(text, start) != "for" || !onlyBlanksBefore(text, start) {
		return 0, 0, false
	}
	end, ok = stmtEnd(text, start)
	return start, end, ok
}

// clauseText is the clause as written.
func clauseText(text []byte, c *acc.Clause) string { return string(text[c.Span.Start:c.Span.End]) }

// items returns the argument items of a clause.
func items(c *acc.Clause) []*acc.Arg {
	if c.Args == nil {
		return nil
	}
	return c.Args.Items
}

// rewriteDirective returns directive d's text with its name replaced, the
// clauses for which keep is false removed together with their separators,
// clause i replaced by replace[i] when present, and after[i] inserted after
// clause i (after[-1]: after the name; after[len(d.Clauses)]: at the end).
// Everything else (comments, continuations, separators) is kept as written.
func rewriteDirective(text []byte, d *acc.Directive, name string, keep func(i int) bool,
	replace map[int]string, after map[int][]string) string {
	var sb strings.Builder
	sb.Write(text[d.Span.Start:d.NameSpan.Start])
	sb.WriteString(name)
	insert := func(i int) {
		for _, s := range after[i] {
			sb.WriteString(" " + s)
		}
	}
	insert(-1)
	prev := d.NameSpan.End
	runGap, inRun := "", false
	for i, c := range d.Clauses {
		gap := string(text[prev:c.Span.Start])
		prev = c.Span.End
		if !keep(i) {
			if !inRun {
				runGap, inRun = gap, true
			}
			insert(i)
			continue
		}
		if inRun {
			gap, inRun = runGap, false
		}
		sb.WriteString(gap)
		if r, ok := replace[i]; ok {
			sb.WriteString(r)
		} else {
			sb.WriteString(clauseText(text, c))
		}
		insert(i)
	}
	insert(len(d.Clauses))
	sb.Write(text[prev:d.Span.End])
	return sb.String()
}

// indentUnit guesses one level of indentation from the loop at start: how
// much deeper its body's first line is; a tab or four spaces otherwise.
func indentUnit(text []byte, start, end int, base string) string {
	nl := lineEnd(text, start)
	if nl < end {
		next := skipSpaces(text, nl)
		if next < end {
			ind := indentAt(text, next)
			if len(ind) > len(base) && strings.HasPrefix(ind, base) {
				return ind[len(base):]
			}
		}
	}
	if strings.Contains(base, "\t") {
		return "\t"
	}
	return "    "
}

// reindent adds unit to the start of every line of s after a line break,
// except empty lines, continuation lines (after a backslash-newline) and
// preprocessor lines written at column 0.
func reindent(s, unit string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		sb.WriteByte(s[i])
		if s[i] != '\n' {
			continue
		}
		rest := s[i+1:]
		continued := i > 0 && (s[i-1] == '\\' || s[i-1] == '\r' && i > 1 && s[i-2] == '\\')
		if continued || rest == "" || rest[0] == '\n' || rest[0] == '\r' || rest[0] == '#' {
			continue
		}
		sb.WriteString(unit)
	}
	return sb.String()
}

// dedent removes unit from the start of every line of s after a line break
// that starts with it, except continuation lines.
func dedent(s, unit string) string {
	if unit == "" {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		sb.WriteByte(s[i])
		if s[i] != '\n' {
			continue
		}
		continued := i > 0 && (s[i-1] == '\\' || s[i-1] == '\r' && i > 1 && s[i-2] == '\\')
		if !continued && strings.HasPrefix(s[i+1:], unit) {
			i += len(unit)
		}
	}
	return sb.String()
}

// onLineRest extends end over blanks and comments up to the end of its line
// when nothing else follows there (a trailing comment stays with the code).
func onLineRest(text []byte, end int) int {
	le := lineEnd(text, end)
	i := end
	for i < le {
		switch {
		case isBlank(text[i]):
			i++
		case text[i] == '/' && skipComment(text, i) > i && skipComment(text, i) <= le:
			i = skipComment(text, i)
		default:
			return end
		}
	}
	return le
}

// SplitCombined rewrites the combined construct (`parallel loop`, `serial
// loop`, `kernels loop`) whose directive touches rng into its compute
// construct around a block holding the loop construct and the loop:
//
//	#pragma acc parallel loop gang copyin(a[0:n]) reduction(+:s)
//	for (…) …
//
// becomes
//
//	#pragma acc parallel copyin(a[0:n]) copy(s)
//	{
//	#pragma acc loop gang reduction(+:s)
//	    for (…) …
//	}
//
// with the semantics unchanged. ok is false when no combined construct is
// there or it cannot be split exactly (a clause neither leaf accepts, an
// unknown clause, a syntax error, a `_Pragma`, no `for` right after it).
func SplitCombined(text []byte, f *acc.File, rng acc.Span) (edits []analysis.TextEdit, title string, ok bool) {
	d := directiveAt(text, f, rng)
	if !wellFormed(text, d) || len(d.Spec.Leaves) != 2 {
		return nil, "", false
	}
	computeName, loopName := d.Spec.Leaves[0], d.Spec.Leaves[1]
	compute, loop := acc.LookupDirective(computeName), acc.LookupDirective(loopName)
	if compute == nil || loop == nil {
		return nil, "", false
	}
	loopStart, loopEnd, ok := loopAfter(text, d)
	if !ok {
		return nil, "", false
	}

	// Distribute the clauses, section by section.
	toLoop := make([]bool, len(d.Clauses))
	toCompute := make([]bool, len(d.Clauses))
	header := -1 // index of the current section's device_type clause
	for i, c := range d.Clauses {
		switch n := c.Spec.Name; {
		case n == "device_type":
			header = i
			continue
		case n == "private" || n == "reduction":
			toLoop[i] = true
		case loop.Allows(n) && !compute.Allows(n):
			toLoop[i] = true
		case compute.Allows(n):
			toCompute[i] = true
		default:
			return nil, "", false
		}
		if header >= 0 {
			toLoop[header] = toLoop[header] || toLoop[i]
			toCompute[header] = toCompute[header] || toCompute[i]
		}
	}

	// The copy a reduction implies.
	named := map[string]bool{}
	for _, c := range d.Clauses {
		if slices.Contains(dataClauses, c.Spec.Name) {
			for _, it := range items(c) {
				if it.Var != nil {
					named[it.Var.Name] = true
				}
			}
		}
	}
	var implied []string
	for _, c := range d.Clauses {
		if c.Spec.Name != "reduction" {
			continue
		}
		for _, it := range items(c) {
			if it.Var != nil && !named[it.Var.Name] {
				named[it.Var.Name] = true
				implied = append(implied, it.Text)
			}
		}
	}
	after := map[int][]string{}
	if len(implied) > 0 {
		after[len(d.Clauses)] = []string{"copy(" + strings.Join(implied, ", ") + ")"}
	}
	computeText := rewriteDirective(text, d, computeName, func(i int) bool { return toCompute[i] }, nil, after)

	loopText := "#pragma acc " + loopName
	for i, c := range d.Clauses {
		if toLoop[i] {
			loopText += " " + clauseText(text, c)
		}
	}

	nl := newline(text)
	base := indentAt(text, loopStart)
	unit := indentUnit(text, loopStart, loopEnd, base)
	pragmaIndent := indentAt(text, d.Span.Start)
	if pragmaIndent == base {
		pragmaIndent = base + unit
	}
	end := onLineRest(text, loopEnd)
	var sb strings.Builder
	sb.WriteString(computeText)
	sb.WriteString(nl + base + "{" + nl)
	sb.WriteString(pragmaIndent + loopText)
	sb.WriteString(reindent(string(text[d.Span.End:end]), unit))
	sb.WriteString(nl + base + "}")
	edits = []analysis.TextEdit{{Span: acc.Span{Start: d.Span.Start, End: end}, NewText: sb.String()}}
	return edits, "Split into '" + computeName + "' and '" + loopName + "'", true
}

// JoinCombined is the reverse of SplitCombined: a compute construct (the
// directive touching rng, or the one right before the loop directive
// touching rng) whose body is exactly one loop construct, braced or not,
// becomes the combined construct. ok is false when the body is anything
// more, or when joining would change what a clause means: private or
// reduction on the compute construct would move to the loop.
func JoinCombined(text []byte, f *acc.File, rng acc.Span) (edits []analysis.TextEdit, title string, ok bool) {
	d := directiveAt(text, f, rng)
	if d == nil || d.Spec == nil {
		return nil, "", false
	}
	if d.Spec.Name == "loop" {
		// The compute directive right before it, if any.
		i := slices.Index(f.Directives, d)
		if i <= 0 {
			return nil, "", false
		}
		d = f.Directives[i-1]
	}
	c := d
	if !wellFormed(text, c) || !c.Spec.IsCompute() || len(c.Spec.Leaves) > 0 {
		return nil, "", false
	}
	combined := acc.LookupDirective(c.Spec.Name + " loop")
	if combined == nil {
		return nil, "", false
	}
	for _, cl := range c.Clauses {
		if n := cl.Spec.Name; n == "private" || n == "reduction" {
			return nil, "", false
		}
	}
	// The body: the loop directive, possibly in braces.
	i := skipBlanksAndBreaks(text, c.Span.End)
	brace := -1
	if i < len(text) && text[i] == '{' {
		brace = i
		i = skipBlanksAndBreaks(text, i+1)
	}
	l := directiveStartingAt(f, i)
	if !wellFormed(text, l) || l.Spec.Name != "loop" {
		return nil, "", false
	}
	loopStart, loopEnd, ok := loopAfter(text, l)
	if !ok {
		return nil, "", false
	}
	loopEnd = onLineRest(text, loopEnd)
	end := loopEnd
	if brace >= 0 {
		closing := skipBlanksAndBreaks(text, loopEnd)
		if closing >= len(text) || text[closing] != '}' {
			return nil, "", false
		}
		if m, ok := matching(text, brace); !ok || m != closing+1 {
			return nil, "", false
		}
		end = closing + 1
	}
	for _, cl := range l.Clauses {
		if !combined.Allows(cl.Spec.Name) {
			return nil, "", false
		}
	}

	// The copy that the loop's reductions imply on the combined construct
	// need not be written: drop reduction variables from copy clauses when
	// no other data clause names them.
	reduced := map[string]bool{}
	for _, cl := range l.Clauses {
		if cl.Spec.Name == "reduction" {
			for _, it := range items(cl) {
				if it.Var != nil {
					reduced[it.Var.Name] = true
				}
			}
		}
	}
	mentions := map[string]int{}
	for _, cl := range c.Clauses {
		if slices.Contains(dataClauses, cl.Spec.Name) {
			for _, it := range items(cl) {
				if it.Var != nil {
					mentions[it.Var.Name]++
				}
			}
		}
	}
	drop := make([]bool, len(c.Clauses))
	replace := map[int]string{}
	for k, cl := range c.Clauses {
		if cl.Spec.Name != "copy" || cl.Args == nil || cl.Args.Modifier != "" {
			continue
		}
		var rest []string
		for _, it := range items(cl) {
			v := it.Var
			if v != nil && reduced[v.Name] && mentions[v.Name] == 1 && len(v.Members) == 0 && len(v.Subscripts) == 0 {
				continue
			}
			rest = append(rest, it.Text)
		}
		switch {
		case len(rest) == 0:
			drop[k] = true
		case len(rest) < len(items(cl)):
			replace[k] = cl.Name + "(" + strings.Join(rest, ", ") + ")"
		}
	}

	// The loop's clauses go after the compute clauses of the same
	// device_type section; sections the compute construct lacks go last.
	after := map[int][]string{}
	lastOf := map[string]int{"": -1} // section key → index of its last clause in c
	cur := ""
	for k, cl := range c.Clauses {
		if cl.Spec.Name == "device_type" {
			cur = sectionKey(text, cl)
		}
		lastOf[cur] = k
	}
	at := lastOf[""]
	for _, cl := range l.Clauses {
		if cl.Spec.Name == "device_type" {
			if k, ok := lastOf[sectionKey(text, cl)]; ok {
				at = k
				continue
			}
			at = len(c.Clauses)
		}
		after[at] = append(after[at], clauseText(text, cl))
	}
	combinedText := rewriteDirective(text, c, combined.Name, func(k int) bool { return !drop[k] }, replace, after)

	body := string(text[l.Span.End:loopEnd])
	if brace >= 0 {
		outer := indentAt(text, brace)
		inner := indentAt(text, loopStart)
		if len(inner) > len(outer) && strings.HasPrefix(inner, outer) {
			body = dedent(body, inner[len(outer):])
		}
	}
	edits = []analysis.TextEdit{{Span: acc.Span{Start: c.Span.Start, End: end}, NewText: combinedText + body}}
	return edits, "Join into '" + combined.Name + "'", true
}

// sectionKey identifies a device_type section by its argument list.
func sectionKey(text []byte, c *acc.Clause) string {
	var names []string
	for _, it := range items(c) {
		names = append(names, strings.ToLower(it.Text))
	}
	return strings.Join(names, ",")
}

// skipBlanksAndBreaks skips white space only (no comments).
func skipBlanksAndBreaks(text []byte, i int) int {
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	return i
}
