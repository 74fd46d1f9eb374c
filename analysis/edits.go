package analysis

import (
	"fmt"
	"strings"

	"github.com/accls/accls/acc"
)

// removeClause returns the edit that deletes clause c from directive d
// together with the separator that belonged to it, so that what remains is
// still well formed: `a, b` → `a`, `x b c` → `x c`, never `parallel, c`.
func removeClause(text []byte, d *acc.Directive, c *acc.Clause) TextEdit {
	blank := func(b byte) bool { return b == ' ' || b == '\t' }
	start, end := c.Span.Start, c.Span.End
	left := start
	for left > d.Body.Start && blank(text[left-1]) {
		left--
	}
	if left > d.Body.Start && text[left-1] == ',' {
		// `prev, c` or `prev , c`: drop the comma and the blanks before it.
		left--
		for left > d.Body.Start && blank(text[left-1]) {
			left--
		}
		return TextEdit{Span: acc.Span{Start: left, End: end}}
	}
	right := end
	for right < d.Body.End && blank(text[right]) {
		right++
	}
	if right < d.Body.End && text[right] == ',' {
		right++
		for right < d.Body.End && blank(text[right]) {
			right++
		}
	}
	if right >= d.Body.End {
		// Last clause: take the blanks before it rather than leave them trailing.
		return TextEdit{Span: acc.Span{Start: left, End: end}}
	}
	return TextEdit{Span: acc.Span{Start: start, End: right}}
}

// removeFix is the fix that deletes a clause.
func removeFix(p *Pass, d *acc.Directive, c *acc.Clause, preferred bool) SuggestedFix {
	return SuggestedFix{
		Title:     "Remove " + quote(string(p.Text[c.Span.Start:c.Span.End])),
		Edits:     []TextEdit{removeClause(p.Text, d, c)},
		Preferred: preferred,
	}
}

// RemoveClauseEdit is the edit that deletes clause c from directive d with
// its separator (see removeClause), for fixes built outside this package.
func RemoveClauseEdit(text []byte, d *acc.Directive, c *acc.Clause) TextEdit {
	return removeClause(text, d, c)
}

// askMarker stands in an edit's text for a placeholder the user fills in;
// withPlaceholder turns it into a snippet.
const askMarker = "\x00ask\x00"

// withPlaceholder makes e, whose NewText contains askMarker, a snippet edit:
// the k-th marker becomes ${k:def} in the snippet and def in NewText, def
// the k-th of defs (the last one for the markers past them).
func withPlaceholder(e TextEdit, defs ...string) TextEdit {
	parts := strings.Split(e.NewText, askMarker)
	if len(parts) == 1 || len(defs) == 0 {
		return e
	}
	var text, snippet strings.Builder
	for i, part := range parts {
		text.WriteString(part)
		snippet.WriteString(escapeSnippet(part))
		if i == len(parts)-1 {
			break
		}
		def := defs[min(i, len(defs)-1)]
		text.WriteString(def)
		fmt.Fprintf(&snippet, "${%d:%s}", i+1, escapeSnippet(def))
	}
	e.NewText = text.String()
	e.Snippet = snippet.String() + "$0"
	return e
}

// escapeSnippet quotes the characters that LSP snippet syntax gives a
// meaning to.
func escapeSnippet(s string) string {
	return strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`).Replace(s)
}
