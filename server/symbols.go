package server

import (
	"context"
	"strings"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// textDocument/documentSymbol: the outline of a document. Functions are
// symbols of kind Function; inside them, nested as the region tree nests
// them, the constructs that shape the program's data and work:
//
//   - data constructs (data, host_data) are Namespace: a scope in which some
//     data lives on the device;
//   - compute constructs (parallel, serial, kernels and the combined
//     constructs) are Event: the points where work is launched on the
//     device (VS Code draws a lightning bolt).
//
// Loops, atomics and executable directives are left out (a deep outline of
// every `loop` is noise). The name is the directive name ("parallel loop"),
// the detail its clauses, shortened. The outline comes from the last
// semantic run (it waits a little for a pending one), moved onto the current
// text; before the first run, the data and compute directives are listed
// flat.

// symbolWait bounds how long documentSymbol waits for a pending semantic run.
var symbolWait = time.Second

func init() {
	requests["textDocument/documentSymbol"] = documentSymbolRequest
}

func documentSymbolRequest(ctx context.Context, s *server, r *request) (any, error) {
	if r.snap == nil {
		return nil, nil
	}
	out := []protocol.DocumentSymbol{}
	if r.snap.file == nil {
		return out, nil
	}
	res := s.lastModel(ctx, r.snap, symbolWait)
	if res == nil || res.model == nil || res.model.C == nil {
		return flatSymbols(r.snap), nil
	}
	b := &symbolBuilder{snap: r.snap, res: res, m: diffTexts(res.text, r.snap.text)}
	for _, f := range res.model.Funcs {
		if sym, ok := b.function(f); ok {
			out = append(out, sym)
		}
	}
	return out, nil
}

type symbolBuilder struct {
	snap *snapshot
	res  *semResult
	m    textMap
}

// rng converts a span of the model's text to a range of the current one.
func (b *symbolBuilder) rng(s acc.Span) (protocol.Range, bool) {
	ms, ok := b.m.clampSpan(s)
	if !ok {
		return protocol.Range{}, false
	}
	return b.snap.doc.Range(ms), true
}

func (b *symbolBuilder) function(f *analysis.FuncModel) (protocol.DocumentSymbol, bool) {
	fn := f.Func
	if fn == nil || fn.Name == "" {
		return protocol.DocumentSymbol{}, false
	}
	full, ok := b.rng(fn.Span)
	if !ok {
		return protocol.DocumentSymbol{}, false
	}
	sym := protocol.DocumentSymbol{
		Name:           fn.Name,
		Kind:           protocol.SymbolKindFunction,
		Range:          full,
		SelectionRange: b.selection(fn.NameSpan, full),
	}
	if fn.Result != nil && fn.Result.Name != "" {
		sym.Detail = fn.Result.Name
	}
	sym.Children = b.regions(f.Regions, full)
	return sym, true
}

// regions lists the data and compute constructs among rs, lifting those
// nested in regions that are not listed.
func (b *symbolBuilder) regions(rs []*analysis.Region, parent protocol.Range) []protocol.DocumentSymbol {
	var out []protocol.DocumentSymbol
	for _, r := range rs {
		if r == nil || r.Directive == nil {
			continue
		}
		kind, listed := regionSymbolKind(r)
		if !listed {
			out = append(out, b.regions(r.Children, parent)...)
			continue
		}
		span := r.Directive.Span
		if r.Stmt != nil && r.Stmt.Span.End > span.End {
			span.End = r.Stmt.Span.End
		}
		full, ok := b.rng(span)
		if !ok {
			continue
		}
		full = clampRange(full, parent)
		d := r.Directive
		sym := protocol.DocumentSymbol{
			Name:           directiveName(d),
			Detail:         clauseSummary(b.res.text, d),
			Kind:           kind,
			Range:          full,
			SelectionRange: b.selection(nameSpan(d), full),
		}
		sym.Children = b.regions(r.Children, full)
		out = append(out, sym)
	}
	return out
}

// selection is the range of s in the current text, or the start of full
// when s was edited; always inside full.
func (b *symbolBuilder) selection(s acc.Span, full protocol.Range) protocol.Range {
	ms, ok := b.m.span(s)
	if !ok {
		return protocol.Range{Start: full.Start, End: full.Start}
	}
	return clampRange(b.snap.doc.Range(ms), full)
}

func regionSymbolKind(r *analysis.Region) (protocol.SymbolKind, bool) {
	switch r.Kind {
	case analysis.RegionCompute:
		return protocol.SymbolKindEvent, true
	case analysis.RegionData:
		return protocol.SymbolKindNamespace, true
	}
	return 0, false
}

// flatSymbols lists the data and compute directives of a document without
// C facts, each covering its own line(s).
func flatSymbols(snap *snapshot) []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	for _, d := range snap.file.Directives {
		if d == nil || d.Spec == nil {
			continue
		}
		var kind protocol.SymbolKind
		switch {
		case d.Spec.IsCompute():
			kind = protocol.SymbolKindEvent
		case d.Spec.Name == "data" || d.Spec.Name == "host_data":
			kind = protocol.SymbolKindNamespace
		default:
			continue
		}
		full := snap.doc.Range(d.Span)
		out = append(out, protocol.DocumentSymbol{
			Name:           directiveName(d),
			Detail:         clauseSummary(snap.text, d),
			Kind:           kind,
			Range:          full,
			SelectionRange: clampRange(snap.doc.Range(nameSpan(d)), full),
		})
	}
	return out
}

func directiveName(d *acc.Directive) string {
	if d.Name != "" {
		return d.Name
	}
	return "acc"
}

func nameSpan(d *acc.Directive) acc.Span {
	if d.Name != "" {
		return d.NameSpan
	}
	return acc.Span{Start: d.Span.Start, End: d.Span.Start}
}

// maxDetail is the longest detail shown for a construct, in runes.
const maxDetail = 60

// clauseSummary is the clause list of d as written, blanks (continuations
// included) collapsed to one space, shortened to maxDetail runes.
func clauseSummary(text []byte, d *acc.Directive) string {
	var parts []string
	for _, c := range d.Clauses {
		if c == nil || !c.Span.IsValid() || c.Span.End > len(text) {
			continue
		}
		parts = append(parts, squeeze(string(text[c.Span.Start:c.Span.End])))
	}
	return shorten(strings.Join(parts, " "), maxDetail)
}

// squeeze removes backslash-newlines and collapses runs of blanks.
func squeeze(s string) string {
	s = strings.NewReplacer("\\\r\n", " ", "\\\n", " ", "\\\r", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimRight(string(r[:n-1]), " ,") + "…"
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// clampRange returns r cut down to lie inside outer.
func clampRange(r, outer protocol.Range) protocol.Range {
	if before(r.Start, outer.Start) {
		r.Start = outer.Start
	}
	if before(outer.End, r.End) {
		r.End = outer.End
	}
	if before(r.End, r.Start) {
		r.End = r.Start
	}
	if before(outer.End, r.Start) {
		r.Start, r.End = outer.End, outer.End
	}
	return r
}
