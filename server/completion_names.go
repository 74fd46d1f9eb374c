package server

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/analysis"
	"github.com/accls/accls/completion"
	"github.com/accls/accls/source/cfacts"
)

// Completion of C names in clauses (completion.NameSlot): the variables in
// scope at the cursor, innermost first, with their types; after `.` or
// `->`, the members of the struct the path before it names. It reads the
// last semantic run without waiting for a pending one (completion comes
// while typing, when one usually is: a name typed in a clause is rarely in
// a declaration typed since), moved onto the request's text.

// nameSortPrefix puts the names before the keywords of the same list
// (`readonly:`), whose SortText is three digits.
const nameSortPrefix = "!"

func (s *server) nameItems(ctx context.Context, r *request, off int, slot *completion.NameSlot) []protocol.CompletionItem {
	res := s.lastModel(ctx, r.snap, 0)
	if res == nil || res.model == nil || res.model.C == nil {
		return nil
	}
	moff, ok := diffTexts(res.text, r.snap.text).back(off)
	if !ok {
		return nil
	}
	var items []protocol.CompletionItem
	if slot.Member != "" {
		t := analysis.PathType(res.model, moff, slot.Member)
		if slot.Arrow {
			if t == nil || t.Kind != cfacts.TypePointer {
				return nil
			}
			t = t.Elem
		}
		if t == nil || t.Kind != cfacts.TypeStruct && t.Kind != cfacts.TypeUnion {
			return nil
		}
		for i, f := range t.Fields {
			items = append(items, nameItem(f.Name, f.Type, protocol.CompletionItemKindField, i))
		}
		return items
	}
	for i, v := range analysis.VisibleVars(res.model, moff) {
		items = append(items, nameItem(v.Name, v.Type, protocol.CompletionItemKindVariable, i))
	}
	return items
}

// nameItem proposes a variable or member with its C type.
func nameItem(name string, t *cfacts.Type, kind protocol.CompletionItemKind, i int) protocol.CompletionItem {
	detail := ""
	if t != nil {
		detail = t.Name
	}
	return protocol.CompletionItem{
		Label:            name,
		Kind:             kind,
		Detail:           detail,
		SortText:         fmt.Sprintf("%s%04d", nameSortPrefix, i),
		FilterText:       name,
		InsertText:       name,
		InsertTextFormat: protocol.InsertTextFormatPlainText,
	}
}

// withReplace gives the items the edit that replaces the word at the
// cursor, as the directive's items have.
func withReplace(items []protocol.CompletionItem, rng protocol.Range) []protocol.CompletionItem {
	for i := range items {
		items[i].TextEdit = &protocol.TextEdit{Range: rng, NewText: items[i].InsertText}
		items[i].InsertText = ""
	}
	return items
}
