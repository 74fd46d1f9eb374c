package server

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/hover"
)

// textDocument/inlayHint (LSP 3.17): after each compute construct's
// directive, the data clauses it gets implicitly (OpenACC 3.3 §2.6.2), as
// they would be written: ` copy(a[0:1024]) firstprivate(n)`. Each clause is
// a label part whose tooltip says why each variable gets it; the hint's
// textEdit inserts them (double-click makes them explicit). The hints come
// from the last semantic run (waiting a little for a pending one), moved onto
// the current text; a construct whose directive was edited since gets no
// hint until the next run, after which the server asks the client to
// refresh (when it can).

// hintWait bounds how long inlayHint waits for a pending semantic run.
var hintWait = time.Second

// Protocol v0.12 has no inlay hint types: the minimal ones of LSP 3.17.
type (
	inlayHintParams struct {
		TextDocument struct {
			URI string `json:"uri"`
		} `json:"textDocument"`
		Range protocol.Range `json:"range"`
	}
	inlayHint struct {
		Position     protocol.Position       `json:"position"`
		Label        []inlayHintLabelPart    `json:"label"`
		Kind         int                     `json:"kind,omitempty"` // 1 Type, 2 Parameter; none here
		TextEdits    []protocol.TextEdit     `json:"textEdits,omitempty"`
		Tooltip      *protocol.MarkupContent `json:"tooltip,omitempty"`
		PaddingLeft  bool                    `json:"paddingLeft,omitempty"`
		PaddingRight bool                    `json:"paddingRight,omitempty"`
	}
	inlayHintLabelPart struct {
		Value   string                  `json:"value"`
		Tooltip *protocol.MarkupContent `json:"tooltip,omitempty"`
	}
)

func init() {
	requests["textDocument/inlayHint"] = inlayHintRequest
}

func inlayHintRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p inlayHintParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	if r.snap == nil {
		return nil, nil
	}
	out := []inlayHint{}
	if r.snap.file == nil {
		return out, nil
	}
	res := s.lastModel(ctx, r.snap, hintWait)
	if res == nil || res.model == nil {
		return out, nil
	}
	m := diffTexts(res.text, r.snap.text)
	want := r.snap.doc.Span(p.Range)
	for _, f := range res.model.Funcs {
		for _, reg := range computeRegions(f.Regions, nil) {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			d := reg.Directive
			if d == nil {
				continue
			}
			// The directive must be as it was when the model was built.
			if _, ok := m.span(d.Span); !ok {
				continue
			}
			end, _ := m.end(directiveEnd(d))
			if end < want.Start || end > want.End {
				continue
			}
			if h, ok := implicitHint(res.model, reg, r.snap, end); ok {
				out = append(out, h)
			}
		}
	}
	return out, nil
}

// computeRegions appends the compute regions among rs and their
// descendants to out, in source order.
func computeRegions(rs []*analysis.Region, out []*analysis.Region) []*analysis.Region {
	for _, r := range rs {
		if r == nil {
			continue
		}
		if r.Kind == analysis.RegionCompute {
			out = append(out, r)
		}
		out = computeRegions(r.Children, out)
	}
	return out
}

// directiveEnd is the end of the last token of d proper: its name, paren
// argument or last clause (a trailing comment is not part of it).
func directiveEnd(d *acc.Directive) int {
	end := d.NameSpan.End
	if d.Paren != nil && d.Paren.Span.End > end {
		end = d.Paren.Span.End
	}
	for _, c := range d.Clauses {
		if c != nil && c.Span.End > end {
			end = c.Span.End
		}
	}
	if end == 0 {
		end = d.Span.End
	}
	return end
}

// attrOrder is the order in which the implicit clauses are listed.
var attrOrder = []analysis.Attr{
	analysis.AttrCopy, analysis.AttrCopyin, analysis.AttrCopyout, analysis.AttrCreate,
	analysis.AttrNoCreate, analysis.AttrPresent, analysis.AttrDeviceptr, analysis.AttrAttach,
	analysis.AttrFirstprivate, analysis.AttrPrivate, analysis.AttrReduction,
}

// implicitHint builds the hint of compute region reg, placed at offset at
// of the current text; ok is false when nothing is implicit.
func implicitHint(m *analysis.Model, reg *analysis.Region, snap *snapshot, at int) (inlayHint, bool) {
	attrs := analysis.DataAttributes(m, reg)
	byAttr := map[analysis.Attr][]analysis.VarAttr{}
	for _, a := range attrs {
		if a.Implicit && a.Var != nil && a.Attr != analysis.AttrNone && a.Attr != analysis.AttrDeclared {
			byAttr[a.Attr] = append(byAttr[a.Attr], a)
		}
	}
	if len(byAttr) == 0 {
		return inlayHint{}, false
	}
	pos := snap.doc.Position(at)
	h := inlayHint{Position: pos, PaddingLeft: true}
	var all []string
	for _, attr := range attrOrder {
		vs := byAttr[attr]
		if len(vs) == 0 {
			continue
		}
		items := make([]string, len(vs))
		var tip strings.Builder
		fmt.Fprintf(&tip, "Implicitly `%s` in this `%s` construct (OpenACC 3.3 §2.6.2):\n\n", hover.AttrClause(attr), reg.Directive.Name)
		for i, a := range vs {
			items[i] = a.Var.Name
			if a.Bounds != "" {
				items[i] = a.Bounds
			}
			fmt.Fprintf(&tip, "- `%s`", items[i])
			if a.Reason != "" {
				fmt.Fprintf(&tip, ": %s", strings.TrimSpace(a.Reason))
			}
			tip.WriteString("\n")
		}
		entry, exit := hover.Movement(attr)
		if entry != "" {
			fmt.Fprintf(&tip, "\nAt entry %s; at exit %s.\n", entry, exit)
		}
		clause := hover.AttrClause(attr) + "(" + strings.Join(items, ", ") + ")"
		all = append(all, clause)
		value := clause
		if len(h.Label) > 0 {
			value = " " + clause
		}
		h.Label = append(h.Label, inlayHintLabelPart{
			Value:   value,
			Tooltip: &protocol.MarkupContent{Kind: protocol.Markdown, Value: tip.String()},
		})
	}
	h.Tooltip = &protocol.MarkupContent{Kind: protocol.Markdown,
		Value: "Data clauses this construct gets implicitly: no clause names these variables. Double-click to write them out."}
	if reg.Directive.Form == acc.FormPragma {
		h.TextEdits = []protocol.TextEdit{{Range: protocol.Range{Start: pos, End: pos}, NewText: " " + strings.Join(all, " ")}}
	}
	return h, true
}
