package compiler

import (
	"github.com/accls/accls/source/cfacts"
)

// Branches out of data constructs (OpenACC 3.3 §2.6.5: the body is a
// structured block). A return, a goto to a label outside the body, or a
// break or continue of a loop or switch outside it would skip the region's
// exit actions: the data would stay mapped and copy/copyout would never copy
// back. They are errors, not translated (the analysis reports them as
// branch-out-of-region too). Compute constructs check their bodies when
// they are lowered; declare's scope is not a structured block: declare.go
// runs its exit actions on such jumps instead.

// checkDataBranches reports the branches that leave the body of the data
// construct of node n.
func (c *compilation) checkDataBranches(n *Node) {
	body := n.Body
	if body == nil {
		return
	}
	labels := map[string]bool{}
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		if s.Kind == cfacts.StmtLabel {
			labels[s.Label] = true
		}
		return true
	})
	inside := func(t *cfacts.Stmt) bool {
		return t != nil && body.Span.Start <= t.Span.Start && t.Span.End <= body.Span.End
	}
	// The constructs nested in the body report their own branches (the
	// nearest construct a branch leaves names it).
	nested := map[*cfacts.Stmt]bool{}
	for _, r := range n.Region.Children {
		if r.Stmt != nil {
			nested[r.Stmt] = true
		}
	}
	name := n.Dir.Spec.Name
	why := ""
	if n.Kind == NodeData {
		why = " (its exit actions would not run)"
	}
	cfacts.Walk(body, func(s *cfacts.Stmt) bool {
		if nested[s] {
			return false
		}
		switch s.Kind {
		case cfacts.StmtReturn:
			c.errorAt(s.Span, "'return' inside the '%s' construct of line %d: a program may not branch out of its structured block%s", name, n.Line, why)
		case cfacts.StmtGoto:
			if s.Label == "" || !labels[s.Label] {
				c.errorAt(s.Span, "'goto' out of the '%s' construct of line %d: a program may not branch out of its structured block%s", name, n.Line, why)
			}
		case cfacts.StmtBreak, cfacts.StmtContinue:
			if t := jumpTarget(s); t != nil && !inside(t) {
				kw := "break"
				if s.Kind == cfacts.StmtContinue {
					kw = "continue"
				}
				c.errorAt(s.Span, "'%s' out of the '%s' construct of line %d: a program may not branch out of its structured block%s", kw, name, n.Line, why)
			}
		}
		return true
	})
}
