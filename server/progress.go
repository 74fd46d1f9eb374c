package server

// Work done progress ($/progress) for long requests, and its cancellation
// (window/workDoneProgress/cancel).

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.lsp.dev/protocol"
)

func init() {
	notifications["window/workDoneProgress/cancel"] = progressCancel
}

// progress reports one piece of work on a token; a nil *progress reports
// nothing.
type progress struct {
	s     *server
	token protocol.ProgressToken
	key   string
}

// startProgress begins progress on the client's token, or else on a token
// the server creates (when the client takes window/workDoneProgress/create);
// nil when there is none. cancel is called when the client cancels the
// progress.
func (s *server) startProgress(ctx context.Context, token *protocol.ProgressToken, id, title, message string, cancel context.CancelFunc) *progress {
	var tok protocol.ProgressToken
	switch {
	case token != nil:
		tok = *token
	default:
		s.ext.mu.Lock()
		ok := s.ext.workDoneProgress
		s.ext.mu.Unlock()
		if !ok {
			return nil
		}
		tok = *protocol.NewProgressToken("accls-" + id)
		cctx, ccancel := context.WithTimeout(ctx, 5*time.Second)
		_, err := s.conn.Call(cctx, "window/workDoneProgress/create", &protocol.WorkDoneProgressCreateParams{Token: tok}, nil)
		ccancel()
		if err != nil {
			s.log.Debug("window/workDoneProgress/create", "error", err)
			return nil
		}
	}
	p := &progress{s: s, token: tok, key: tokenKey(tok)}
	s.ext.mu.Lock()
	s.ext.progress[p.key] = cancel
	s.ext.mu.Unlock()
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Cancellable: true, Message: message})
	return p
}

// report sends a report with message.
func (p *progress) report(message string) {
	if p == nil {
		return
	}
	p.send(&protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Cancellable: true, Message: message})
}

// end ends the progress with message.
func (p *progress) end(message string) {
	if p == nil {
		return
	}
	p.s.ext.mu.Lock()
	delete(p.s.ext.progress, p.key)
	p.s.ext.mu.Unlock()
	p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: message})
}

func (p *progress) send(value any) {
	if err := p.s.conn.Notify(p.s.ctx, "$/progress", &protocol.ProgressParams{Token: p.token, Value: value}); err != nil {
		p.s.log.Warn("sending $/progress", "error", err)
	}
}

// tokenKey is a token's JSON, which tells a number from a string.
func tokenKey(t protocol.ProgressToken) string {
	b, err := json.Marshal(&t)
	if err != nil {
		return fmt.Sprint(t)
	}
	return string(b)
}

// progressCancel handles window/workDoneProgress/cancel.
func progressCancel(_ context.Context, s *server, params []byte) error {
	var p struct {
		Token json.RawMessage `json:"token"`
	}
	if err := decodeParams(params, &p); err != nil {
		return err
	}
	var tok protocol.ProgressToken
	if err := json.Unmarshal(p.Token, &tok); err != nil {
		return fmt.Errorf("bad progress token %s: %v", p.Token, err)
	}
	s.ext.mu.Lock()
	cancel := s.ext.progress[tokenKey(tok)]
	s.ext.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return nil
}
