package server

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/codeactions"
	"github.com/accls/accls/diagnostics"
)

// textDocument/codeAction: quick fixes for the diagnostics of the request's
// context (from the fixes their data field carries, or else from the
// document's current analysis), fix-all (source.fixAll.openacc: every safe
// fix of the document) and refactorings (refactor.rewrite: split/join of
// combined constructs from the text; making implicit data clauses explicit
// and wrapping compute constructs in a data region from the model of the
// last semantic run, when it is of the current text), filtered by
// context.only.

func init() {
	requests["textDocument/codeAction"] = codeActionRequest
}

// refactorWait bounds how long the refactorings wait for a pending semantic
// run of the document (those that read the C code need its model).
var refactorWait = 300 * time.Millisecond

// codeActionKinds are advertised in the server's capabilities.
var codeActionKinds = func() []protocol.CodeActionKind {
	var out []protocol.CodeActionKind
	for _, k := range codeactions.Kinds {
		out = append(out, protocol.CodeActionKind(k))
	}
	return out
}()

type codeActionParams struct {
	TextDocument textDocumentID `json:"textDocument"`
	Range        protocol.Range `json:"range"`
	Context      struct {
		Diagnostics []json.RawMessage `json:"diagnostics"`
		Only        []string          `json:"only"`
	} `json:"context"`
}

// contextDiagnostic is a diagnostic of the request's context, as far as
// code actions read it.
type contextDiagnostic struct {
	Range   protocol.Range    `json:"range"`
	Code    any               `json:"code"`
	Source  string            `json:"source"`
	Message string            `json:"message"`
	Data    *diagnostics.Data `json:"data"`
}

func codeActionRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p codeActionParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	snap := r.snap
	if snap == nil || snap.file == nil {
		return nil, nil
	}
	only := make([]codeactions.Kind, len(p.Context.Only))
	for i, k := range p.Context.Only {
		only[i] = codeactions.Kind(k)
	}
	uri := protocol.DocumentURI(snap.uri)
	rng := snap.doc.Span(p.Range)
	rng.Start, rng.End = min(rng.Start, len(snap.text)), min(rng.End, len(snap.text))
	current := s.currentDiagnostics(ctx, snap)
	out := []protocol.CodeAction{}

	anySafe := false
	if codeactions.KindQuickFix.Within(only) {
		var fixes []protocol.CodeAction
		fixes, anySafe = quickFixes(snap, uri, p.Context.Diagnostics, current, rng, s.clientSnippetEdits())
		out = append(out, fixes...)
		// Moving a misplaced clause to the enclosing compute construct needs
		// the model; wait for it only when a clause of this directive is
		// misplaced (code actions come with every cursor move).
		if codeactions.WantsMoveClause(snap.text, snap.file, current, rng) {
			if res := s.lastModel(ctx, snap, refactorWait); res != nil && res.model != nil && string(res.text) == string(snap.text) {
				for _, a := range codeactions.MoveClauseFixes(res.model, rng) {
					out = append(out, protocol.CodeAction{Title: a.Title, Kind: protocol.CodeActionKind(a.Kind),
						IsPreferred: a.Preferred, Edit: workspaceEdit(snap, uri, a.Edits)})
				}
			}
		}
	}
	if codeactions.KindFixAll.Within(only) && (len(only) > 0 || anySafe) {
		check := func(text []byte) []analysis.Diagnostic {
			if string(text) == string(snap.text) {
				return current
			}
			return codeactions.CheckDirectives(text)
		}
		_, edits, applied, err := codeactions.FixAll(snap.text, check)
		if err != nil {
			s.log.Warn("fix-all", "uri", snap.uri, "error", err)
		} else if len(edits) > 0 {
			title := "Fix all safe OpenACC problems"
			if len(applied) > 1 {
				title = fmt.Sprintf("%s (%d)", title, len(applied))
			}
			out = append(out, protocol.CodeAction{Title: title, Kind: protocol.CodeActionKind(codeactions.KindFixAll),
				Edit: workspaceEdit(snap, uri, edits)})
		}
	}
	if codeactions.KindRefactorRewrite.Within(only) {
		actions := codeactions.Refactorings(snap.text, snap.file, rng)
		// Those that read the C code need the model of this very text.
		if res := s.lastModel(ctx, snap, refactorWait); res != nil && res.model != nil && string(res.text) == string(snap.text) {
			actions = append(actions, codeactions.ModelRefactorings(res.model, rng)...)
		}
		for _, a := range actions {
			out = append(out, protocol.CodeAction{Title: a.Title, Kind: protocol.CodeActionKind(a.Kind),
				IsPreferred: a.Preferred, Edit: workspaceEdit(snap, uri, a.Edits)})
		}
	}
	return out, nil
}

// currentDiagnostics are the analysis diagnostics of snap's text: the
// directive-level ones and those of the last semantic run that still apply
// to it.
func (s *server) currentDiagnostics(ctx context.Context, snap *snapshot) []analysis.Diagnostic {
	ds := snap.dirDiags
	if sem := carried(s.lastModel(ctx, snap, 0), snap.text); len(sem) > 0 {
		ds = append(append([]analysis.Diagnostic(nil), ds...), sem...)
	}
	return ds
}

// quickFixes returns the quick fixes for the context's diagnostics: those
// their data carries (the edits as published), or else the fixes of the
// same diagnostic in the current analysis. Without context diagnostics the
// current diagnostics overlapping rng are used. safe reports whether one of
// the fixes is one that fix-all applies.
func quickFixes(snap *snapshot, uri protocol.DocumentURI, raw []json.RawMessage, current []analysis.Diagnostic,
	rng acc.Span, snippetEdits bool) (out []protocol.CodeAction, safe bool) {
	action := func(title string, preferred bool, echo []protocol.Diagnostic, edits []diagnostics.Edit) protocol.CodeAction {
		return fixAction(snap, uri, title, preferred, echo, edits, snippetEdits)
	}
	ours := 0
	for _, msg := range raw {
		var cd contextDiagnostic
		if json.Unmarshal(msg, &cd) != nil || cd.Source != diagnostics.Source {
			continue
		}
		ours++
		var echo protocol.Diagnostic
		if json.Unmarshal(msg, &echo) != nil {
			continue
		}
		match := matchDiagnostic(snap, current, cd)
		if cd.Data != nil && len(cd.Data.Fixes) > 0 {
			for i, f := range cd.Data.Fixes {
				if match != nil && i < len(match.Fixes) && match.Fixes[i].Title == f.Title && match.Fixes[i].Safe {
					safe = true
				}
				out = append(out, action(f.Title, f.IsPreferred, []protocol.Diagnostic{echo}, f.Edits))
			}
			continue
		}
		if match == nil {
			continue
		}
		for _, f := range match.Fixes {
			safe = safe || f.Safe
			out = append(out, action(f.Title, f.Preferred, []protocol.Diagnostic{echo}, lspEdits(snap, f.Edits)))
		}
	}
	if ours > 0 {
		return out, safe
	}
	for _, a := range codeactions.QuickFixes(current, rng) {
		safe = safe || a.Safe
		pd := diagnostics.Convert(snap.doc, uri, []analysis.Diagnostic{*a.Diagnostic})
		out = append(out, action(a.Title, a.Preferred, pd, lspEdits(snap, a.Edits)))
	}
	return out, safe
}

// matchDiagnostic finds the current diagnostic that cd is: same range, rule
// and message.
func matchDiagnostic(snap *snapshot, current []analysis.Diagnostic, cd contextDiagnostic) *analysis.Diagnostic {
	code, _ := cd.Code.(string)
	span := snap.doc.Span(cd.Range)
	for i := range current {
		d := &current[i]
		if d.Span == span && d.Rule == code && d.Message == cd.Message {
			return d
		}
	}
	return nil
}

// workspaceEdit converts byte-span edits of snap's text to an LSP edit.
func workspaceEdit(snap *snapshot, uri protocol.DocumentURI, edits []analysis.TextEdit) *protocol.WorkspaceEdit {
	tes := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		tes[i] = protocol.TextEdit{Range: snap.doc.Range(e.Span), NewText: e.NewText}
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: tes}}
}

// lspEdits converts byte-span edits of snap's text to the edits of a fix.
func lspEdits(snap *snapshot, edits []analysis.TextEdit) []diagnostics.Edit {
	out := make([]diagnostics.Edit, len(edits))
	for i, e := range edits {
		out[i] = diagnostics.Edit{TextEdit: protocol.TextEdit{Range: snap.doc.Range(e.Span), NewText: e.NewText}, Snippet: e.Snippet}
	}
	return out
}

// SnippetEditArgs is the argument of the client command
// accls.applySnippetEdit (docs/lsp-extensions.md): replace Range of the
// document with Snippet, LSP snippet syntax, letting the user fill in its
// placeholders.
type SnippetEditArgs struct {
	TextDocument protocol.VersionedTextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                           `json:"range"`
	Snippet      string                                   `json:"snippet"`
}

// fixAction is the code action of one quick fix. A fix whose only edit asks
// the user for text (it has a snippet) is, for clients that declare the
// command (capabilities.experimental.accls.snippetEdits), the command
// accls.applySnippetEdit, which they run locally: LSP 3.16 code actions
// carry no snippets. Other clients get the plain edit with the
// placeholders' default text.
func fixAction(snap *snapshot, uri protocol.DocumentURI, title string, preferred bool, echo []protocol.Diagnostic,
	edits []diagnostics.Edit, snippetEdits bool) protocol.CodeAction {
	a := protocol.CodeAction{Title: title, Kind: protocol.QuickFix, Diagnostics: echo, IsPreferred: preferred}
	if snippetEdits && len(edits) == 1 && edits[0].Snippet != "" {
		a.Command = &protocol.Command{Title: title, Command: commandApplySnippetEdit, Arguments: []any{SnippetEditArgs{
			TextDocument: protocol.VersionedTextDocumentIdentifier{
				TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri}, Version: snap.doc.Version()},
			Range: edits[0].Range, Snippet: edits[0].Snippet,
		}}}
		return a
	}
	tes := make([]protocol.TextEdit, len(edits))
	for i, e := range edits {
		tes[i] = e.TextEdit
	}
	a.Edit = &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: tes}}
	return a
}
