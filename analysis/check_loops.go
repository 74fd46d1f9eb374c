package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/source/cfacts"
)

// loopsCheck reports loop constructs that are not followed by a `for` loop
// and collapse/tile counts the loop nest cannot satisfy (openacc-rules.md §7).
var loopsCheck = &Check{
	Name:  "loops",
	Rules: []string{"loop-not-for", "collapse-too-deep", "collapse-not-tightly-nested"},
	Model: checkLoops,
}

func checkLoops(p *Pass, m *Model) {
	for _, r := range m.allRegions() {
		if !r.IsLoop() {
			continue
		}
		d := r.Directive
		if r.Stmt == nil {
			p.Reportf(d.NameSpan, "loop-not-for", "%s must be followed by a 'for' loop; nothing follows it in this block", quote(dirName(d)))
			continue
		}
		if r.Stmt.Kind != cfacts.StmtFor {
			p.Report(Diagnostic{Span: d.NameSpan, Rule: "loop-not-for",
				Message: fmt.Sprintf("%s must be followed by a 'for' loop, not %s", quote(dirName(d)), stmtKindName(r.Stmt)),
				Related: []Related{{Span: loopHeader(r.Stmt), Message: "the statement that follows"}}})
			continue
		}
		checkLoopNest(p, r)
	}
}

// checkLoopNest checks every collapse and tile clause (each device_type
// section asks for its own count) against the loop nest, and the code
// between the loops of the default section's nest.
func checkLoopNest(p *Pass, r *Region) {
	for _, c := range r.Directive.Clauses {
		k := clauseLoopCount(c, p.Model.Consts())
		if k < 2 || c.Args == nil {
			continue
		}
		loops, stop := loopNest(r.Stmt, k)
		if stop.Reason == "" {
			continue
		}
		clause := strings.Join(strings.Fields(string(p.Text[c.Span.Start:c.Span.End])), " ")
		span := c.Args.Span
		if canonical(c) == "collapse" {
			span = c.Args.Items[0].Span
		}
		last := loops[len(loops)-1]
		switch stop.Reason {
		case "no-loop":
			p.Report(Diagnostic{Span: span, Rule: "collapse-too-deep",
				Message: fmt.Sprintf("%s needs %d nested 'for' loops, found %d", clause, k, len(loops)),
				Related: []Related{{Span: loopHeader(last), Message: "the innermost loop of the nest; its body holds no further loop"}},
				Fixes:   collapseDepthFix(p, r.Directive, c, len(loops))})
		case "not-for":
			p.Report(Diagnostic{Span: span, Rule: "collapse-too-deep",
				Message: fmt.Sprintf("%s needs %d nested 'for' loops, but loop %d of the nest is %s", clause, k, len(loops)+1, stmtKindName(stop.At)),
				Related: []Related{{Span: loopHeader(stop.At), Message: "this loop cannot be collapsed"}},
				Fixes:   collapseDepthFix(p, r.Directive, c, len(loops))})
		case "siblings":
			rel := []Related{{Span: loopHeader(stop.At), Message: "a loop at level " + fmt.Sprint(len(loops)+1)}}
			for _, o := range stop.Others {
				rel = append(rel, Related{Span: loopHeader(o), Message: "another loop at the same level"})
			}
			p.Report(Diagnostic{Span: span, Rule: "collapse-not-tightly-nested",
				Message: fmt.Sprintf("%s needs a single nest of %d loops, but the body of loop %d holds %d loops", clause, k, len(loops), 1+len(stop.Others)),
				Related: rel})
		}
	}
	checkIntervening(p, r)
}

// checkIntervening reports OpenACC directives and API calls in the code
// between the associated loops of a collapse/tile nest (§2.9.1).
func checkIntervening(p *Pass, r *Region) {
	if len(r.Loops) < 2 {
		return
	}
	var clause *acc.Clause
	for _, c := range sections(r.Directive)[0].Clauses {
		if clauseLoopCount(c, p.Model.Consts()) >= len(r.Loops) {
			clause = c
			break
		}
	}
	if clause == nil {
		return
	}
	rel := []Related{{Span: clause.Span, Message: "the loops are associated here"}}
	clauseText := strings.Join(strings.Fields(string(p.Text[clause.Span.Start:clause.Span.End])), " ")
	for lvl := 0; lvl+1 < len(r.Loops); lvl++ {
		outer, inner := r.Loops[lvl], r.Loops[lvl+1]
		for _, d := range r.Func.Directives {
			if d.Span.Start > outer.Span.Start && d.Span.End <= outer.Span.End &&
				(d.Span.Start < inner.Span.Start || d.Span.Start >= inner.Span.End) {
				p.Report(Diagnostic{Span: d.NameSpan, Rule: "collapse-not-tightly-nested",
					Message: fmt.Sprintf("%s between the loops associated by %s; the code between collapsed or tiled loops may not contain OpenACC directives", quote(dirName(d)), clauseText),
					Related: rel})
			}
		}
		if outer.Body == nil || outer.Body.Kind != cfacts.StmtCompound {
			continue
		}
		for _, s := range outer.Body.List {
			if spanWithin(inner.Span, s.Span) {
				continue
			}
			for _, call := range stCalls(s) {
				if strings.HasPrefix(call.Name, "acc_") {
					p.Report(Diagnostic{Span: calleeSpan(call), Rule: "collapse-not-tightly-nested",
						Message: fmt.Sprintf("call of the OpenACC API routine %s between the loops associated by %s; the code between collapsed or tiled loops may not call it", quote(call.Name), clauseText),
						Related: rel})
				}
			}
		}
	}
}

// collapseDepthFix offers to collapse only the loops that are there: the
// count becomes the real depth, and a depth of one drops the clause.
func collapseDepthFix(p *Pass, d *acc.Directive, c *acc.Clause, depth int) []SuggestedFix {
	if depth < 1 {
		return nil
	}
	if items := c.Args.Items; canonical(c) == "tile" && depth < len(items) {
		// The first tile size goes with the innermost loop (§2.9.8): keep
		// the sizes of the loops that exist.
		return []SuggestedFix{{Title: fmt.Sprintf("Tile the %d loop(s) of the nest", depth), Preferred: true,
			Edits: []TextEdit{{Span: acc.Span{Start: items[depth-1].Span.End, End: items[len(items)-1].Span.End}}}}}
	}
	if canonical(c) != "collapse" || len(c.Args.Items) != 1 {
		return nil
	}
	if depth == 1 {
		return []SuggestedFix{{Title: "Remove " + quote(string(p.Text[c.Span.Start:c.Span.End])) + " (the nest has one loop)",
			Edits: []TextEdit{removeClause(p.Text, d, c)}}}
	}
	return []SuggestedFix{{Title: fmt.Sprintf("Collapse the %d loops of the nest", depth), Preferred: true,
		Edits: []TextEdit{{Span: c.Args.Items[0].Span, NewText: fmt.Sprint(depth)}}}}
}
