package server

import (
	"bytes"
	"context"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/completion"
	"github.com/accls/accls/hover"
)

func init() {
	requests["textDocument/hover"] = hoverRequest
	requests["textDocument/completion"] = completionRequest
}

// offsetIn converts the request's position to a byte offset into the
// analysed text; ok is false when the document is not open, not analysed
// (binary) or the position lies past the analysed part.
func offsetIn(r *request, p protocol.Position) (int, bool) {
	snap := r.snap
	if snap == nil || snap.file == nil {
		return 0, false
	}
	off := snap.doc.Offset(p)
	if off > len(snap.text) {
		return 0, false
	}
	return off, true
}

func hoverRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p positionParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	off, ok := offsetIn(r, p.Position)
	if !ok {
		return nil, nil
	}
	res, ok := hover.Hover(r.snap.text, r.snap.file, off)
	if !ok {
		// Not an OpenACC word: perhaps a variable (varhover.go).
		if h := s.variableHover(ctx, r, off); h != nil {
			return h, nil
		}
		return nil, nil
	}
	md := res.Markdown
	if s.skippedDirectiveAt(ctx, r, off) {
		md = "*This directive is in an `#if` branch that the preprocessor skips: it is not part of the program (not checked, not translated).*\n\n" + md
	}
	rng := r.snap.doc.Range(res.Span)
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: md},
		Range:    &rng,
	}, nil
}

// skippedDirectiveAt reports whether the directive at off is one the
// semantic model of this very text left out (acc.ActiveDirectives: an #if
// branch the preprocessor skips).
func (s *server) skippedDirectiveAt(ctx context.Context, r *request, off int) bool {
	res := s.lastModel(ctx, r.snap, 0) // the model at hand: a directive's hover does not wait
	if res == nil || res.model == nil || res.model.Acc == nil || !bytes.Equal(res.text, r.snap.text) {
		return false
	}
	for _, d := range r.snap.file.Directives {
		if d.Span.Start <= off && off <= d.Span.End {
			for _, kept := range res.model.Acc.Directives {
				if kept.Span.Start == d.Span.Start {
					return false
				}
			}
			return true
		}
	}
	return false
}

func completionRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p positionParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	if r.snap == nil {
		return nil, nil
	}
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	off, ok := offsetIn(r, p.Position)
	if !ok {
		return list, nil
	}
	res := completion.Complete(r.snap.text, r.snap.file, off)
	replace := r.snap.doc.Range(res.Replace)
	snippets := s.clientSnippets()
	for _, it := range res.Items {
		item := protocol.CompletionItem{
			Label:      it.Label,
			Kind:       completionKind(it.Kind),
			Detail:     it.Detail,
			SortText:   it.SortText,
			Deprecated: it.Deprecated,
			TextEdit:   &protocol.TextEdit{Range: replace, NewText: it.InsertText},
		}
		if it.Documentation != "" {
			item.Documentation = protocol.MarkupContent{Kind: protocol.Markdown, Value: it.Documentation}
		}
		if it.Deprecated {
			item.Tags = []protocol.CompletionItemTag{protocol.CompletionItemTagDeprecated}
		}
		switch {
		case it.Snippet && snippets:
			item.InsertTextFormat = protocol.InsertTextFormatSnippet
		case it.Snippet:
			item.TextEdit.NewText = snippetToText(it.InsertText)
			item.InsertTextFormat = protocol.InsertTextFormatPlainText
		default:
			item.InsertTextFormat = protocol.InsertTextFormatPlainText
		}
		list.Items = append(list.Items, item)
	}
	if res.Names != nil {
		list.Items = append(withReplace(s.nameItems(ctx, r, off, res.Names), replace), list.Items...)
	}
	return list, nil
}

func completionKind(k completion.ItemKind) protocol.CompletionItemKind {
	switch k {
	case completion.Keyword:
		return protocol.CompletionItemKindKeyword
	case completion.Property:
		return protocol.CompletionItemKindProperty
	case completion.Operator:
		return protocol.CompletionItemKindOperator
	case completion.Value:
		return protocol.CompletionItemKindValue
	case completion.EnumMember:
		return protocol.CompletionItemKindEnumMember
	}
	return protocol.CompletionItemKindText
}

// snippetToText turns an LSP snippet into the plain text it inserts with
// every placeholder at its default: `copyin(${1:var})$0` → `copyin(var)`,
// `${1|gang,worker|}` → `gang`.
func snippetToText(s string) string {
	var sb strings.Builder
	depth := 0 // open ${…} placeholders
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(`$}\,|`, s[i+1]) >= 0:
			i++
			sb.WriteByte(s[i])
		case c == '$' && i+1 < len(s) && isDigit(s[i+1]):
			for i+1 < len(s) && isDigit(s[i+1]) {
				i++
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '{':
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			switch {
			case j < len(s) && s[j] == ':': // ${N:default}: the default follows
				depth++
				i = j
			case j < len(s) && s[j] == '|': // ${N|a,b|}: the first choice
				end := strings.Index(s[j:], "|}")
				if end < 0 {
					return sb.String()
				}
				choices := s[j+1 : j+end]
				if k := strings.IndexByte(choices, ','); k >= 0 {
					choices = choices[:k]
				}
				sb.WriteString(choices)
				i = j + end + 1
			default: // ${N}
				if j < len(s) && s[j] == '}' {
					i = j
				} else {
					sb.WriteByte(c)
				}
			}
		case c == '}' && depth > 0:
			depth--
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
