package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/accls/accls/acc"
)

// clauseSetsCheck enforces the four clause sets of each directive (allowed,
// at-most-once, exclusive, required) and the device_type follow-sets
// (OpenACC 3.3 §2.4–§2.15; openacc-rules.md §3, §5).
var clauseSetsCheck = &Check{
	Name:      "clause-sets",
	Rules:     []string{"clause-not-allowed", "clause-repeated", "exclusive-clauses", "required-clause-missing", "device-type-clause-order"},
	Directive: checkClauseSets,
}

func checkClauseSets(p *Pass, d *acc.Directive) {
	spec := d.Spec
	if spec == nil {
		return
	}
	allowed := func(c *acc.Clause) bool { return spec.Allows(canonical(c)) }
	fileScope := d.Depth == 0 && spec.FileScopeClauses != nil

	for _, c := range d.Clauses {
		switch {
		case c.Spec == nil:
		case !allowed(c):
			diag := p.Reportf(c.NameSpan, "clause-not-allowed", "clause %s is not allowed on %s%s",
				quote(c.Name), quote(spec.Name), whereAllowed(c.Spec.Name))
			diag.Fixes = append(sizeClauseFix(d, c), combinedLoopFix(p, d, c)...)
			diag.Fixes = append(diag.Fixes, removeFix(p, d, c, false))
		case fileScope && !slices.Contains(spec.FileScopeClauses, c.Spec.Name):
			diag := p.Reportf(c.NameSpan, "clause-not-allowed", "clause %s is not allowed on %s at file scope (allowed there: %s)",
				quote(c.Name), quote(spec.Name), strings.Join(spec.FileScopeClauses, ", "))
			diag.Fixes = []SuggestedFix{removeFix(p, d, c, false)}
		}
	}

	// At most once on the whole directive.
	first := map[string]*acc.Clause{}
	for _, c := range d.Clauses {
		name := canonical(c)
		if name == "" || !allowed(c) || !spec.AllowsOnce(name) {
			continue
		}
		if prev := first[name]; prev != nil {
			reportRepeated(p, d, prev, c, "")
		} else {
			first[name] = c
		}
	}

	secs := sections(d)
	for i, s := range secs {
		where := ""
		if s.Header != nil {
			where = " in one device_type section"
		}
		// At most once per device_type section.
		first := map[string]*acc.Clause{}
		for _, c := range s.Clauses {
			name := canonical(c)
			if !allowed(c) || !spec.AllowsOncePerDeviceType(name) || spec.AllowsOnce(name) {
				continue
			}
			if prev := first[name]; prev != nil {
				reportRepeated(p, d, prev, c, where)
			} else {
				first[name] = c
			}
		}
		// At most one of each exclusive set per section.
		for _, set := range spec.Exclusive {
			var seen *acc.Clause
			for _, c := range s.Clauses {
				if !slices.Contains(set, canonical(c)) {
					continue
				}
				if seen == nil {
					seen = c
					continue
				}
				if canonical(seen) == canonical(c) {
					continue // a repeat, not a conflict
				}
				if pair := canonical(seen) + " " + canonical(c); spec.Name == "atomic" && (pair == "update capture" || pair == "capture update") {
					// OpenMP's spelling; gcc accepts it, and so does accls (AtomicKind)
					upd := seen
					if canonical(c) == "update" {
						upd = c
					}
					p.Report(Diagnostic{
						Span: upd.NameSpan, Rule: "exclusive-clauses", Severity: SeverityWarning,
						Message: "'atomic' takes one clause in OpenACC: 'update capture' is OpenMP's spelling of 'capture', which gcc and accls accept",
						Fixes:   []SuggestedFix{removeFix(p, d, upd, true)},
					})
					continue
				}
				p.Report(Diagnostic{
					Span: c.NameSpan, Rule: "exclusive-clauses",
					Message: quote(c.Name) + " cannot be combined with " + quote(seen.Name) + " on " + quote(spec.Name) + where,
					Related: []Related{{Span: seen.NameSpan, Message: quote(seen.Name) + " is here"}},
					Fixes:   []SuggestedFix{removeFix(p, d, c, false)},
				})
			}
		}
		// Only the follow-set after a device_type clause.
		if i > 0 && spec.Allows("device_type") {
			for _, c := range s.Clauses {
				if allowed(c) && !spec.AllowsAfterDeviceType(c.Spec.Name) {
					p.Report(Diagnostic{
						Span: c.NameSpan, Rule: "device-type-clause-order",
						Message: "clause " + quote(c.Name) + " may not follow a 'device_type' clause on " + quote(spec.Name) +
							"; move it before the first 'device_type'",
						Related: []Related{{Span: s.Header.NameSpan, Message: "the device_type section starts here"}},
					})
				}
			}
		}
	}

	if len(spec.Required) > 0 && !slices.ContainsFunc(d.Clauses, func(c *acc.Clause) bool {
		return slices.Contains(spec.Required, canonical(c))
	}) {
		diag := p.Reportf(d.NameSpan, "required-clause-missing", "%s requires %s", quote(spec.Name), oneOf(spec.Required))
		diag.Fixes = addRequiredFix(d)
	}
}

func reportRepeated(p *Pass, d *acc.Directive, prev, c *acc.Clause, where string) {
	same := string(p.Text[prev.Span.Start:prev.Span.End]) == string(p.Text[c.Span.Start:c.Span.End])
	fix := removeFix(p, d, c, same)
	fix.Safe = same // an exact duplicate says nothing the first did not
	p.Report(Diagnostic{
		Span: c.NameSpan, Rule: "clause-repeated",
		Message: quote(c.Name) + " may appear at most once on " + quote(d.Spec.Name) + where,
		Related: []Related{{Span: prev.NameSpan, Message: "first " + quote(prev.Name) + " is here"}},
		Fixes:   []SuggestedFix{fix},
	})
}

// whereAllowed names a few directives that do accept the clause, to turn
// "not allowed here" into "put it there".
func whereAllowed(clause string) string {
	var on []string
	for _, d := range acc.Directives() {
		if len(d.Leaves) == 0 && d.Allows(clause) {
			on = append(on, d.Name)
		}
	}
	switch {
	case len(on) == 0:
		return ""
	case len(on) > 5:
		on = append(on[:5], "…")
	}
	return " (it is allowed on " + strings.Join(on, ", ") + ")"
}

// oneOf formats a set of clause names: 'a', "one of 'a', 'b' or 'c'".
func oneOf(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quote(n)
	}
	if len(q) == 1 {
		return "a " + q[0] + " clause"
	}
	return "one of " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// addRequiredFix appends the first required clause with a placeholder
// argument for the user to fill in (`update` → `self(var)`); a routine gets
// `seq`, the level that is always correct.
func addRequiredFix(d *acc.Directive) []SuggestedFix {
	name := d.Spec.Required[0]
	if slices.Contains(d.Spec.Required, "seq") {
		name = "seq"
	}
	c, _ := acc.LookupClause(name)
	if c == nil {
		return nil
	}
	snippet := c.Snippet
	if c.ArgFor(d.Spec.Name) == acc.ArgVarList && strings.HasSuffix(placeholderText(snippet), "()") {
		snippet = c.Name + "(${1:var})" // self on update takes a var-list
	}
	text := placeholderText(snippet)
	at := d.NameSpan.End
	if d.Paren != nil {
		at = d.Paren.Span.End
	}
	if n := len(d.Clauses); n > 0 {
		at = d.Clauses[n-1].Span.End
	}
	e := TextEdit{Span: acc.Span{Start: at, End: at}, NewText: " " + text}
	if snippet != text {
		e.Snippet = " " + snippet + "$0"
	}
	return []SuggestedFix{{Title: "Add " + quote(text), Edits: []TextEdit{e}}}
}

// placeholderText turns an LSP snippet into plain text with its
// placeholders' default text: "self(${1:var})" → "self(var)",
// "default(${1|none,present|})" → "default(none)".
func placeholderText(snippet string) string {
	var b strings.Builder
	for i := 0; i < len(snippet); i++ {
		if snippet[i] != '$' || i+1 >= len(snippet) {
			b.WriteByte(snippet[i])
			continue
		}
		if snippet[i+1] != '{' { // $1, $0: a tab stop without text
			for i+1 < len(snippet) && snippet[i+1] >= '0' && snippet[i+1] <= '9' {
				i++
			}
			continue
		}
		end := strings.IndexByte(snippet[i:], '}')
		if end < 0 {
			b.WriteString(snippet[i:])
			break
		}
		body := snippet[i+2 : i+end] // "1:var" or "1|none,present|"
		if k := strings.IndexAny(body, ":|"); k >= 0 {
			v := body[k+1:]
			if body[k] == '|' {
				v, _, _ = strings.Cut(strings.TrimSuffix(v, "|"), ",")
			}
			b.WriteString(strings.ReplaceAll(v, `\`, ""))
		}
		i += end
	}
	return b.String()
}

// sizeClauses are the construct-level clauses that say with a count what a
// loop's level clause says with its argument: `parallel gang(64)` means
// `parallel num_gangs(64)`.
var sizeClauses = map[string]string{"gang": "num_gangs", "worker": "num_workers", "vector": "vector_length"}

// sizeClauseFix offers the construct-level spelling of a level clause with a
// count written on a compute construct.
func sizeClauseFix(d *acc.Directive, c *acc.Clause) []SuggestedFix {
	to, ok := sizeClauses[canonical(c)]
	if !ok || !d.Spec.Allows(to) || c.Args == nil || len(c.Args.Items) != 1 {
		return nil
	}
	it := c.Args.Items[0]
	if it.Key != "" && it.Key != "num" && it.Key != "length" {
		return nil
	}
	text := to + "(" + it.Text + ")"
	return []SuggestedFix{{Title: "Change to " + quote(text), Preferred: true,
		Edits: []TextEdit{{Span: c.Span, NewText: text}}}}
}

// combinedLoopFix offers the combined construct for a loop-level clause
// written on a compute construct that governs a for loop: `parallel gang`
// over a loop means `parallel loop gang`. Only a clause without arguments:
// with a count, the construct-level size clause (sizeClauseFix) is the
// repair, and gang(num:) is not allowed on a loop in a parallel construct.
func combinedLoopFix(p *Pass, d *acc.Directive, c *acc.Clause) []SuggestedFix {
	if c.Args != nil || len(d.Spec.Leaves) > 0 {
		return nil
	}
	combined := acc.LookupDirective(d.Spec.Name + " loop")
	if combined == nil || !combined.Allows(canonical(c)) {
		return nil
	}
	if w, _ := acc.WordAfter(p.Text, d.Span.End); w != "for" {
		return nil
	}
	for _, other := range d.Clauses {
		if other.Spec != nil && !combined.Allows(canonical(other)) {
			return nil
		}
	}
	return []SuggestedFix{{Title: fmt.Sprintf("Change to %s (the construct governs a loop)", quote(combined.Name+" "+c.Name)),
		Preferred: true, Edits: []TextEdit{{Span: d.NameSpan, NewText: combined.Name}}}}
}
