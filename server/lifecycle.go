package server

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// triggerCharacters start completion inside a directive: after a blank (the
// next clause), an opening parenthesis (arguments), a colon (after a
// modifier), a comma (the next argument), and `.` and `->` (a member of a
// struct in a clause).
var triggerCharacters = []string{" ", "(", ":", ",", ".", ">"}

// initialize answers the initialize request with what the server really
// does, nothing more.
func (s *server) initialize(params []byte) (any, error) {
	var p struct {
		ClientInfo *struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"clientInfo"`
		RootURI               string          `json:"rootUri"`
		RootPath              string          `json:"rootPath"`
		InitializationOptions json.RawMessage `json:"initializationOptions"`
		WorkspaceFolders      []struct {
			URI string `json:"uri"`
		} `json:"workspaceFolders"`
		Capabilities struct {
			Workspace struct {
				InlayHint struct {
					RefreshSupport bool `json:"refreshSupport"`
				} `json:"inlayHint"`
			} `json:"workspace"`
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
	root := uriPath(p.RootURI)
	if root == "" && len(p.WorkspaceFolders) > 0 {
		root = uriPath(p.WorkspaceFolders[0].URI)
	}
	if root == "" {
		root = p.RootPath
	}
	st, delay, _ := parseSettings(p.InitializationOptions)
	sm := s.sem
	sm.mu.Lock()
	sm.settings, sm.root, sm.db = st, root, loadCompileDB(root)
	sm.refresh = p.Capabilities.Workspace.InlayHint.RefreshSupport
	if delay != nil {
		sm.delay = time.Duration(*delay) * time.Millisecond
		if *delay < 0 {
			sm.delay = -1
		}
	}
	sm.mu.Unlock()
	s.initExtensions(params)
	if p.ClientInfo != nil {
		s.log.Info("initialize", "client", p.ClientInfo.Name, "clientVersion", p.ClientInfo.Version)
	}
	return &initializeResult{
		Capabilities: serverCapabilities{
			ServerCapabilities: protocol.ServerCapabilities{
				TextDocumentSync: &protocol.TextDocumentSyncOptions{
					OpenClose: true,
					Change:    protocol.TextDocumentSyncKindIncremental,
					Save:      &protocol.SaveOptions{},
				},
				HoverProvider: true,
				CompletionProvider: &protocol.CompletionOptions{
					TriggerCharacters: triggerCharacters,
				},
				DocumentSymbolProvider: true,
				CodeActionProvider: &protocol.CodeActionOptions{
					CodeActionKinds: codeActionKinds,
				},
				// The protocol extensions (lsp_ext.go).
				CodeLensProvider:       &protocol.CodeLensOptions{},
				ExecuteCommandProvider: &protocol.ExecuteCommandOptions{Commands: commands},
				Experimental:           extensionCapabilities(),
			},
			// Advertised whatever the client declares: a client without
			// inlay hints never asks.
			InlayHintProvider: true,
		},
		ServerInfo: &protocol.ServerInfo{Name: "accls", Version: s.version},
	}, nil
}

// initializeResult and serverCapabilities add the LSP 3.17 capabilities that
// protocol v0.12 lacks.
type (
	initializeResult struct {
		Capabilities serverCapabilities   `json:"capabilities"`
		ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
	}
	serverCapabilities struct {
		protocol.ServerCapabilities
		InlayHintProvider bool `json:"inlayHintProvider,omitempty"`
	}
)

func init() {
	notifications["initialized"] = func(context.Context, *server, []byte) error { return nil }
	notifications["workspace/didChangeConfiguration"] = didChangeConfiguration
}

// didChangeConfiguration takes new settings ({"settings": {"accls": {…}}});
// the C front end is made again and every open document analysed again.
// Settings without an "accls" section (or none at all: a pull-model client)
// leave everything as it is.
func didChangeConfiguration(_ context.Context, s *server, params []byte) error {
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := decodeParams(params, &p); err != nil {
		return err
	}
	s.configurationChanged(p.Settings)
	st, _, ok := parseSettings(p.Settings)
	if !ok {
		return nil
	}
	sm := s.sem
	sm.mu.Lock()
	if st.CC == sm.settings.CC && slices.Equal(st.IncludePaths, sm.settings.IncludePaths) && slices.Equal(st.Defines, sm.settings.Defines) {
		sm.mu.Unlock()
		return nil
	}
	sm.settings = st
	sm.db = loadCompileDB(sm.root)
	sm.parsers = map[string]cParser{}
	sm.warned = false
	sm.mu.Unlock()
	s.rerunAll()
	return nil
}

// clientSnippets reports whether the client takes snippets in completions.
func (s *server) clientSnippets() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snippets
}
