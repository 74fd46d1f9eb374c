package server

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// triggerCharacters start completion inside a directive: after a blank (the
// next clause), an opening parenthesis (arguments), a colon (after a
// modifier) and a comma (the next argument).
var triggerCharacters = []string{" ", "(", ":", ","}

// initialize answers the initialize request with what the server really
// does, nothing more.
func (s *server) initialize(params []byte) (any, error) {
	var p struct {
		ClientInfo *struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"clientInfo"`
		Capabilities struct {
			TextDocument struct {
				Completion struct {
					CompletionItem struct {
						SnippetSupport bool `json:"snippetSupport"`
					} `json:"completionItem"`
				} `json:"completion"`
			} `json:"textDocument"`
		} `json:"capabilities"`
	}
	if len(params) > 0 {
		if err := json.Unmarshal(params, &p); err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid initialize params: %v", err)
		}
	}
	s.mu.Lock()
	s.snippets = p.Capabilities.TextDocument.Completion.CompletionItem.SnippetSupport
	s.mu.Unlock()
	if p.ClientInfo != nil {
		s.log.Info("initialize", "client", p.ClientInfo.Name, "clientVersion", p.ClientInfo.Version)
	}
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
				Save:      &protocol.SaveOptions{},
			},
			HoverProvider: true,
			CompletionProvider: &protocol.CompletionOptions{
				TriggerCharacters: triggerCharacters,
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "accls", Version: s.version},
	}, nil
}

func init() {
	notifications["initialized"] = func(context.Context, *server, []byte) error { return nil }
	notifications["workspace/didChangeConfiguration"] = func(context.Context, *server, []byte) error { return nil }
}

// clientSnippets reports whether the client takes snippets in completions.
func (s *server) clientSnippets() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snippets
}
