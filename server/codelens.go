package server

// textDocument/codeLens: "Show kernels" above each compute construct
// (command accls.showKernels) and "▶ Run" above main (command accls.run).
// The lenses come from the directive scan of the request's snapshot (and,
// for main, the last C parse carried over to the current text, or a textual
// match while there is none): they never wait for the semantic run.

import (
	"context"
	"regexp"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
)

func init() {
	requests["textDocument/codeLens"] = codeLensRequest
}

// codeLens is protocol.CodeLens with a command whose arguments are ours.
type codeLens struct {
	Range   protocol.Range `json:"range"`
	Command *lensCommand   `json:"command,omitempty"`
}

type lensCommand struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

func codeLensRequest(_ context.Context, s *server, r *request) (any, error) {
	lenses := []codeLens{}
	snap := r.snap
	if snap == nil || snap.file == nil || snap.cxx {
		return lenses, nil // the compiler reads C
	}
	doc := protocol.TextDocumentIdentifier{URI: protocol.DocumentURI(snap.uri)}
	var main *codeLens
	if span, ok := s.mainFunction(snap); ok {
		rng := snap.doc.Range(span)
		main = &codeLens{Range: rng, Command: &lensCommand{
			Title: "▶ Run", Command: commandRun,
			Arguments: []any{RunParams{TextDocument: doc}},
		}}
	}
	for _, d := range snap.file.Directives {
		if !isComputeDirective(d) {
			continue
		}
		if main != nil && d.Span.Start > snap.doc.Offset(main.Range.Start) {
			lenses = append(lenses, *main)
			main = nil
		}
		start := snap.doc.Position(d.Span.Start)
		rng := snap.doc.Range(acc.Span{Start: d.Span.Start, End: d.Span.Start})
		lenses = append(lenses, codeLens{Range: rng, Command: &lensCommand{
			Title: "Show kernels", Command: commandShowKernels,
			Arguments: []any{KernelsParams{TextDocument: doc, Position: &start}},
		}})
	}
	if main != nil {
		lenses = append(lenses, *main)
	}
	return lenses, nil
}

// computeNames are the leaves that make a directive a compute construct.
var computeNames = map[string]bool{"parallel": true, "kernels": true, "serial": true}

// isComputeDirective reports whether d is a compute construct (parallel,
// kernels, serial or a combined form).
func isComputeDirective(d *acc.Directive) bool {
	if d.Spec == nil {
		return false
	}
	name := d.Spec.Name
	if len(d.Spec.Leaves) > 0 {
		name = d.Spec.Leaves[0]
	}
	return computeNames[name]
}

// mainDef matches the start of a definition of main at the start of a line:
// "int main(", "int\nmain (", "static int main(void)". It is the fallback
// while no C parse exists.
var mainDef = regexp.MustCompile(`(?m)^[ \t]*(?:(?:static|extern|signed|unsigned|int|void|long)[ \t\n]+)+(main)[ \t]*\(`)

// mainFunction returns the span of the line where main is defined (from the
// start of its declaration to its name) in snap's text.
func (s *server) mainFunction(snap *snapshot) (acc.Span, bool) {
	if e := s.docs.get(snap.uri); e != nil {
		e.sem.mu.Lock()
		res := e.sem.res
		e.sem.mu.Unlock()
		if res != nil && res.model != nil && res.model.C != nil {
			m := diffTexts(res.text, snap.text)
			for _, f := range res.model.C.Funcs {
				if f.Name != "main" || f.Body == nil {
					continue
				}
				sp := acc.Span{Start: f.Span.Start, End: f.NameSpan.End}
				if m.identical {
					return sp, true
				}
				if moved, ok := m.span(sp); ok {
					return moved, true
				}
			}
		}
	}
	loc := mainDef.FindSubmatchIndex(snap.text)
	if loc == nil {
		return acc.Span{}, false
	}
	start := loc[0]
	for start < loc[2] && (snap.text[start] == ' ' || snap.text[start] == '\t') {
		start++
	}
	return acc.Span{Start: start, End: loc[3]}, true
}
