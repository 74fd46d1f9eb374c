package server

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"

	"go.lsp.dev/jsonrpc2"
)

// LSP error codes that jsonrpc2 v0.10 does not define.
const (
	codeRequestCancelled jsonrpc2.Code = -32800
)

// handle is the jsonrpc2 handler. It runs on the connection's read goroutine,
// so notifications are handled in order and a request sees every
// notification sent before it. It never returns an error: in jsonrpc2 v0.10
// that would close the connection.
func (s *server) handle(_ context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	switch req := req.(type) {
	case *jsonrpc2.Call:
		s.handleCall(reply, req)
	case *jsonrpc2.Notification:
		s.handleNotification(req)
	}
	return nil
}

func (s *server) handleCall(reply jsonrpc2.Replier, call *jsonrpc2.Call) {
	method := call.Method()
	send := func(result any, err error) {
		if err := reply(context.Background(), result, err); err != nil {
			s.log.Warn("writing a response", "method", method, "error", err)
		}
	}
	switch st := s.getState(); {
	case method == "initialize":
		if st != stateNew {
			send(nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize was already received"))
			return
		}
		// Handled here, before any other message is read.
		result, err := s.protect(method, func() (any, error) { return s.initialize(call.Params()) })
		if err == nil {
			s.setState(stateRunning)
		}
		send(result, err)
		return
	case st == stateNew:
		send(nil, jsonrpc2.NewError(jsonrpc2.ServerNotInitialized, "the server is not initialized"))
		return
	case st == stateShutdown:
		send(nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down"))
		return
	case method == "shutdown":
		s.setState(stateShutdown)
		send(nil, nil)
		return
	}
	h := requests[method]
	if h == nil {
		send(nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", method))
		return
	}
	r := &request{method: method, params: call.Params(), snap: s.docs.forParams(call.Params())}
	ctx, cancel := context.WithCancel(s.ctx)
	id := call.ID()
	s.mu.Lock()
	s.inflight[id] = cancel
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		result, err := s.protect(method, func() (any, error) { return h(ctx, s, r) })
		s.mu.Lock()
		delete(s.inflight, id)
		s.mu.Unlock()
		if ctx.Err() != nil {
			result, err = nil, jsonrpc2.NewError(codeRequestCancelled, "request cancelled")
		}
		send(result, err)
	}()
}

// protect runs f, turning a panic into an InternalError that is logged with
// its stack, and any error that is not a *jsonrpc2.Error into one.
func (s *server) protect(method string, f func() (any, error)) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in request handler", "method", method, "panic", p, "stack", string(debug.Stack()))
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", method, p)
		}
	}()
	result, err = f()
	if err != nil {
		if _, ok := err.(*jsonrpc2.Error); !ok {
			err = jsonrpc2.NewError(jsonrpc2.InternalError, err.Error())
		}
	}
	return result, err
}

func (s *server) handleNotification(n *jsonrpc2.Notification) {
	method := n.Method()
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in notification handler", "method", method, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	switch method {
	case "exit":
		s.exitOnce.Do(func() { close(s.exited) })
		return
	case "$/cancelRequest":
		s.cancelRequest(n.Params())
		return
	}
	if st := s.getState(); st != stateRunning {
		// Before initialize and after shutdown notifications are dropped.
		s.log.Debug("notification dropped", "method", method, "state", st)
		return
	}
	h := notifications[method]
	if h == nil {
		if !strings.HasPrefix(method, "$/") {
			s.log.Debug("unknown notification", "method", method)
		}
		return
	}
	if err := h(s.ctx, s, n.Params()); err != nil {
		s.log.Warn("notification failed", "method", method, "error", err)
	}
}

// cancelRequest handles $/cancelRequest, whose id is a number or a string.
func (s *server) cancelRequest(params []byte) {
	var p struct {
		ID *jsonrpc2.ID `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.ID == nil {
		s.log.Warn("bad $/cancelRequest", "params", string(params), "error", err)
		return
	}
	s.mu.Lock()
	cancel := s.inflight[*p.ID]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// decodeParams decodes a method's params, or returns an InvalidParams error.
func decodeParams(params []byte, v any) error {
	if len(params) == 0 {
		params = []byte("{}")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid params: %v", err)
	}
	return nil
}
