package server

// The transcript commands for code actions (README.md):
//
//	codeaction NAME RANGE [only=KIND,KIND…]
//	apply N
//
// codeaction sends textDocument/codeAction with, as context, the
// diagnostics of NAME's last publishDiagnostics that overlap RANGE (what an
// editor sends: data included) and context.only when given. apply applies
// the edit of the N-th action (1-based) of the last codeaction response to
// the runner's own copy of the document, converting the LSP positions to
// byte offsets itself (UTF-16, independently of the server), sends the
// result as one full didChange and shows the new text.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// codeActionState is what the code action commands keep per transcript.
type codeActionState struct {
	texts   map[string]string // the documents' text as the runner sent them
	uri     string            // of the last codeaction request
	actions []json.RawMessage // its response
}

type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}

// track follows the text of the documents through the notifications the
// runner sends.
func (ca *codeActionState) track(method string, params any) {
	if method != "textDocument/didOpen" && method != "textDocument/didChange" {
		return
	}
	if ca.texts == nil {
		ca.texts = map[string]string{}
	}
	b, err := json.Marshal(params)
	if err != nil {
		return
	}
	var p struct {
		TextDocument struct {
			URI  string `json:"uri"`
			Text string `json:"text"`
		} `json:"textDocument"`
		ContentChanges []struct {
			Range *lspRange `json:"range"`
			Text  string    `json:"text"`
		} `json:"contentChanges"`
	}
	if json.Unmarshal(b, &p) != nil {
		return
	}
	uri := p.TextDocument.URI
	if method == "textDocument/didOpen" {
		ca.texts[uri] = p.TextDocument.Text
		return
	}
	text, ok := ca.texts[uri]
	if !ok {
		return
	}
	for _, c := range p.ContentChanges {
		if c.Range == nil {
			text = c.Text
			continue
		}
		s, e := utf16Offset(text, c.Range.Start), utf16Offset(text, c.Range.End)
		text = text[:s] + c.Text + text[e:]
	}
	ca.texts[uri] = text
}

// utf16Offset converts an LSP position (UTF-16 columns) to a byte offset
// of text; past the end of a line it is the line's end.
func utf16Offset(text string, p lspPos) int {
	off := 0
	for l := 0; l < p.Line; l++ {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	units := 0
	for off < len(text) && text[off] != '\n' && text[off] != '\r' && units < p.Character {
		r, size := utf8.DecodeRuneInString(text[off:])
		units += len(utf16.Encode([]rune{r}))
		off += size
	}
	return off
}

// codeActionStep runs the codeaction and apply commands.
func (tr *transcript) codeActionStep(where, cmd string, args []string, from int) {
	t := tr.t
	t.Helper()
	switch cmd {
	case "codeaction":
		if len(args) < 2 {
			t.Fatalf("%s: codeaction NAME RANGE [only=KIND,…]", where)
		}
		uri := transcriptRoot + args[0]
		rng := parseRange(t, where, args[1])
		params := map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"range":        rng,
		}
		ctxt := map[string]any{"diagnostics": tr.diagnosticsIn(uri, rng)}
		for _, a := range args[2:] {
			kinds, ok := strings.CutPrefix(a, "only=")
			if !ok {
				t.Fatalf("%s: unknown codeaction argument %q", where, a)
			}
			ctxt["only"] = strings.Split(kinds, ",")
		}
		params["context"] = ctxt
		var result []json.RawMessage
		tr.conn.Call(context.Background(), "textDocument/codeAction", params, &result)
		tr.ca.uri, tr.ca.actions = uri, result
	case "apply":
		if len(args) < 1 {
			t.Fatalf("%s: apply N", where)
		}
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > len(tr.ca.actions) {
			t.Fatalf("%s: no action %s (the last codeaction returned %d)", where, args[0], len(tr.ca.actions))
		}
		var action struct {
			Title string `json:"title"`
			Edit  struct {
				Changes map[string][]struct {
					Range   lspRange `json:"range"`
					NewText string   `json:"newText"`
				} `json:"changes"`
			} `json:"edit"`
		}
		if err := json.Unmarshal(tr.ca.actions[n-1], &action); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		uri := tr.ca.uri
		text, ok := tr.ca.texts[uri]
		if !ok {
			t.Fatalf("%s: %s is not open", where, uri)
		}
		for u := range action.Edit.Changes {
			if u != uri {
				t.Fatalf("%s: the action edits %s", where, u)
			}
		}
		// Applied last first; the edits must not overlap.
		edits := action.Edit.Changes[uri]
		type span struct {
			s, e int
			text string
		}
		var spans []span
		for _, e := range edits {
			spans = append(spans, span{utf16Offset(text, e.Range.Start), utf16Offset(text, e.Range.End), e.NewText})
		}
		slices.SortStableFunc(spans, func(a, b span) int { return a.s - b.s })
		for i := 1; i < len(spans); i++ {
			if spans[i].s < spans[i-1].e {
				t.Fatalf("%s: the action's edits overlap", where)
			}
		}
		for i := len(spans) - 1; i >= 0; i-- {
			text = text[:spans[i].s] + spans[i].text + text[spans[i].e:]
		}
		tr.didChange(from, uri, map[string]any{"text": text})
		tr.flush(false)
		fmt.Fprintf(&tr.out, "= %s after %q:\n", strings.TrimPrefix(uri, transcriptRoot), action.Title)
		for _, l := range strings.SplitAfter(text, "\n") {
			if l != "" {
				tr.out.WriteString("| " + strings.TrimSuffix(l, "\n") + "\n")
			}
		}
	}
}

// diagnosticsIn returns the diagnostics of the last publishDiagnostics of
// uri that overlap rng (a map of the runner's parseRange form).
func (tr *transcript) diagnosticsIn(uri string, rng map[string]any) []json.RawMessage {
	b, _ := json.Marshal(rng)
	var r lspRange
	json.Unmarshal(b, &r)
	tr.rec.mu.Lock()
	defer tr.rec.mu.Unlock()
	out := []json.RawMessage{}
	for i := len(tr.rec.msgs) - 1; i >= 0; i-- {
		m := tr.rec.msgs[i]
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p struct {
			URI         string            `json:"uri"`
			Diagnostics []json.RawMessage `json:"diagnostics"`
		}
		if json.Unmarshal(m.Params, &p) != nil || p.URI != uri {
			continue
		}
		for _, d := range p.Diagnostics {
			var dr struct {
				Range lspRange `json:"range"`
			}
			if json.Unmarshal(d, &dr) == nil && rangesOverlap(dr.Range, r) {
				out = append(out, d)
			}
		}
		return out
	}
	return out
}

func posLess(a, b lspPos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// rangesOverlap: the ranges share a position (touching counts, as editors
// offer the fixes of a diagnostic the cursor is at either end of).
func rangesOverlap(a, b lspRange) bool {
	return !posLess(a.End, b.Start) && !posLess(b.End, a.Start)
}
