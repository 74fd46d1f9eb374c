package hover

import (
	"strings"

	"github.com/accls/accls/acc"
)

// Result is a hover: the span of the word it explains and the explanation.
type Result struct {
	// Span is the byte range of the hovered word (the client highlights it).
	Span acc.Span
	// Markdown is the explanation, CommonMark.
	Markdown string
}

// Hover explains the OpenACC word at offset (a byte offset into text; a cursor
// right after a word still finds it). f is text scanned by acc.Scan. It
// reports false when there is nothing to explain there: plain C code, a
// comment, a var-list item, an unknown name.
func Hover(text []byte, f *acc.File, offset int) (Result, bool) {
	if f == nil {
		return Result{}, false
	}
	for _, d := range f.Directives {
		if d == nil || !d.Span.Contains(offset) {
			continue
		}
		if r, ok := inDirective(text, d, offset); ok {
			return r, true
		}
	}
	return Result{}, false
}

// inDirective looks for the hovered word in d, most specific node first.
func inDirective(text []byte, d *acc.Directive, offset int) (Result, bool) {
	pragma, kw := keywordSpans(text, d)
	if pragma.Contains(offset) {
		return Result{Span: pragma, Markdown: Overview()}, true
	}
	if kw.Contains(offset) {
		return Result{Span: kw, Markdown: Overview()}, true
	}
	if d.Name != "" && d.NameSpan.Contains(offset) {
		if d.Spec == nil {
			return Result{}, false
		}
		return Result{Span: d.NameSpan, Markdown: DirectiveMarkdown(d.Spec)}, true
	}
	// Clause names first: a cursor right after `copyin` (on its '(') means
	// the clause, not its argument list.
	for i, c := range d.Clauses {
		if c == nil || c.Name == "" || !c.NameSpan.Contains(offset) {
			continue
		}
		if c.Spec == nil {
			return Result{}, false
		}
		return Result{Span: c.NameSpan, Markdown: ClauseMarkdown(c.Spec, c.Alias, Where{
			Directive:       d.Spec,
			AfterDeviceType: inDeviceTypeSection(d, i),
			FileScope:       d.Depth == 0,
		})}, true
	}
	if d.Paren != nil && d.Paren.Span.Contains(offset) {
		return inArgs(text, d.Paren, d.Name, "", offset)
	}
	for _, c := range d.Clauses {
		if c == nil || c.Args == nil || c.Spec == nil || !c.Args.Span.Contains(offset) {
			continue
		}
		return inArgs(text, c.Args, d.Name, c.Spec.Name, offset)
	}
	return Result{}, false
}

// inDeviceTypeSection reports whether clause i of d follows a device_type clause.
func inDeviceTypeSection(d *acc.Directive, i int) bool {
	for _, c := range d.Clauses[:i] {
		if c != nil && c.Spec != nil && c.Spec.Name == "device_type" {
			return true
		}
	}
	return false
}

// inArgs explains a word inside an argument list: clause is the canonical
// clause name, or "" for the directive's own parenthesised argument.
func inArgs(text []byte, args *acc.ArgList, directive, clause string, offset int) (Result, bool) {
	owner := clause
	if owner == "" {
		owner = directive
	}
	if args.Modifier != "" && args.ModifierSpan.Contains(offset) {
		if clause == "reduction" {
			if op := LookupOperator(args.Modifier); op != nil {
				return Result{Span: args.ModifierSpan, Markdown: OperatorMarkdown(op)}, true
			}
			return Result{}, false
		}
		if m := LookupModifier(args.Modifier); m != nil {
			return Result{Span: args.ModifierSpan, Markdown: KeywordMarkdown(m, owner)}, true
		}
		return Result{}, false
	}
	for _, a := range args.Items {
		if a == nil {
			continue
		}
		if a.Key != "" && a.KeySpan.Contains(offset) {
			if k := LookupKey(owner, a.Key); k != nil {
				return Result{Span: a.KeySpan, Markdown: KeywordMarkdown(k, owner)}, true
			}
			return Result{}, false
		}
		if !a.Span.Contains(offset) {
			continue
		}
		word, span := valueWord(text, a)
		switch clause {
		case "default":
			if v := LookupDefault(word); v != nil {
				return Result{Span: span, Markdown: KeywordMarkdown(v, owner)}, true
			}
		case "device_type":
			if v := LookupDeviceType(word); v != nil {
				return Result{Span: span, Markdown: KeywordMarkdown(v, owner)}, true
			}
		}
		return Result{}, false
	}
	return Result{}, false
}

// valueWord returns an argument item's text and the span of its significant
// part (the trimmed word, or `*`), for value hovers.
func valueWord(text []byte, a *acc.Arg) (string, acc.Span) {
	word := strings.TrimSpace(a.Text)
	if a.Star {
		word = "*"
	}
	span := a.Span
	if span.Start >= 0 && span.End <= len(text) && word != "" {
		if i := strings.Index(string(text[span.Start:span.End]), word); i >= 0 {
			span = acc.Span{Start: span.Start + i, End: span.Start + i + len(word)}
		}
	}
	return word, span
}

// keywordSpans finds the `#pragma` (or `_Pragma`) keyword and the `acc`
// keyword of d; a span is {-1,-1} when it cannot be found.
func keywordSpans(text []byte, d *acc.Directive) (pragma, kw acc.Span) {
	pragma, kw = acc.Span{Start: -1, End: -1}, acc.Span{Start: -1, End: -1}
	start := d.Span.Start
	if start < 0 || start >= len(text) {
		return
	}
	// The acc keyword is the word that ends just before the body.
	i := min(d.Body.Start, len(text))
	for i > start && isSpaceOrQuote(text[i-1]) {
		i--
	}
	j := i
	for j > start && isIdent(text[j-1]) {
		j--
	}
	if string(text[j:i]) == "acc" {
		kw = acc.Span{Start: j, End: i}
	}
	p := start
	if d.Form == acc.FormPragma {
		if text[p] != '#' {
			return
		}
		p++
		for p < len(text) && (text[p] == ' ' || text[p] == '\t') {
			p++
		}
	}
	e := p
	for e < len(text) && isIdent(text[e]) {
		e++
	}
	if e > p {
		pragma = acc.Span{Start: start, End: e}
	}
	return
}

func isIdent(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

func isSpaceOrQuote(b byte) bool {
	switch b {
	case ' ', '\t', '\n', '\r', '\\', '"', '(':
		return true
	}
	return false
}
