package server

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/source/cfacts"
)

// gateParser parses with the real front end once; later parses wait for
// their context, so that the model of the first text stays the last one.
type gateParser struct {
	real cParser
	mu   sync.Mutex
	n    int
}

func (p *gateParser) Parse(ctx context.Context, path string, text []byte, prev *cfacts.File) (*cfacts.File, error) {
	p.mu.Lock()
	p.n++
	n := p.n
	p.mu.Unlock()
	if n == 1 {
		return p.real.Parse(ctx, path, text, prev)
	}
	<-ctx.Done()
	return nil, ctx.Err()
}

const modelText = `void scale(float *a, float s, int n)
{
#pragma acc data copy(a[0:n])
    {
#pragma acc parallel loop
        for (int i = 0; i < n; i++)
            a[i] *= s;
    }
}
`

// TestModelMovedOntoEdits: until the next semantic run ends, symbols, inlay
// hints and variable hover come from the last model, moved onto the current
// text.
func TestModelMovedOntoEdits(t *testing.T) {
	defer func(a, b, c time.Duration) { symbolWait, hintWait, varHoverWait = a, b, c }(symbolWait, hintWait, varHoverWait)
	symbolWait, hintWait, varHoverWait = 20*time.Millisecond, 20*time.Millisecond, 20*time.Millisecond

	p := &gateParser{real: newCParser(cOptions{})}
	c := startServerWith(t, Options{newParser: func(cOptions) cParser { return p }})
	c.initializeWith(map[string]any{"semanticDelayMs": 1}, nil)
	c.open(testURI, modelText, 1)
	c.diagnostics(testURI, 1)
	if st := c.waitSemantic(testURI); !st.Ran {
		t.Fatalf("no semantic run: %+v", st)
	}
	c.diagnostics(testURI, 1)

	// Two lines inserted at the top; the next run never ends.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": testURI, "version": 2},
		"contentChanges": []any{map[string]any{
			"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 0}},
			"text":  "/* scale */\n\n"}}})
	c.diagnostics(testURI, 2)
	doc := map[string]any{"uri": testURI}

	var syms []protocol.DocumentSymbol
	json.Unmarshal(c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc}).Result, &syms)
	if len(syms) != 1 || syms[0].Range.Start.Line != 2 || syms[0].SelectionRange.Start.Line != 2 ||
		len(syms[0].Children) != 1 || syms[0].Children[0].Range.Start.Line != 4 ||
		len(syms[0].Children[0].Children) != 1 || syms[0].Children[0].Children[0].Range.Start.Line != 6 {
		t.Errorf("symbols not moved: %+v", syms)
	}

	var hints []inlayHint
	whole := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 99, "character": 0}}
	json.Unmarshal(c.call("textDocument/inlayHint", map[string]any{"textDocument": doc, "range": whole}).Result, &hints)
	if len(hints) != 1 || hints[0].Position != (protocol.Position{Line: 6, Character: 25}) ||
		len(hints[0].Label) != 1 || hints[0].Label[0].Value != "firstprivate(n, s)" {
		t.Errorf("hints: %+v", hints)
	}

	hover := func(line, char int) string {
		m := c.call("textDocument/hover", map[string]any{"textDocument": doc, "position": map[string]any{"line": line, "character": char}})
		var h *protocol.Hover
		json.Unmarshal(m.Result, &h)
		if h == nil {
			return ""
		}
		return h.Contents.Value
	}
	if got := hover(8, 20); !strings.Contains(got, "`s` — implicit `firstprivate`") {
		t.Errorf("hover on s: %q", got)
	}
	if got := hover(4, 23); !strings.Contains(got, "`a` — explicit `copy`") {
		t.Errorf("hover on a in the clause: %q", got)
	}

	// A change inside the construct: its hint goes (its directive may have
	// changed), the function's symbol stays and takes in the edit.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": testURI, "version": 3},
		"contentChanges": []any{map[string]any{
			"range": map[string]any{"start": map[string]any{"line": 6, "character": 25}, "end": map[string]any{"line": 6, "character": 25}},
			"text":  " gang"}}})
	c.diagnostics(testURI, 3)
	hints = nil
	json.Unmarshal(c.call("textDocument/inlayHint", map[string]any{"textDocument": doc, "range": whole}).Result, &hints)
	if len(hints) != 0 {
		t.Errorf("hint on an edited directive: %+v", hints)
	}
	syms = nil
	json.Unmarshal(c.call("textDocument/documentSymbol", map[string]any{"textDocument": doc}).Result, &syms)
	if len(syms) != 1 || syms[0].Range.End.Line != 10 {
		t.Errorf("symbols after an edit inside: %+v", syms)
	}
}
