package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// msg is any message from the server, decoded loosely.
type msg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	raw []byte
}

func (m *msg) String() string { return string(m.raw) }

// tclient is a bare LSP client for in-process tests: it writes frames and
// reads every message the server sends, so that malformed input and
// responses with id null can be tested.
type tclient struct {
	tb     testing.TB
	conn   net.Conn
	msgs   chan *msg
	stash  []*msg
	nextID int
	done   chan error // Serve's result
	log    *syncBuffer
	wmu    sync.Mutex
}

// syncBuffer collects the server's log.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

// startServer runs a server over an in-memory pipe.
func startServer(tb testing.TB) *tclient {
	return startServerWith(tb, Options{})
}

// startServerWith runs a server with options over an in-memory pipe; the
// version and the logger are the test's.
func startServerWith(tb testing.TB, opts Options) *tclient {
	cs, ss := net.Pipe()
	c := &tclient{tb: tb, conn: cs, msgs: make(chan *msg, 1024), done: make(chan error, 1), log: &syncBuffer{}}
	logger := slog.New(slog.NewTextHandler(c.log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	opts.Version, opts.Logger = "test", logger
	go func() {
		c.done <- ServeWith(context.Background(), ss, ss, opts)
		ss.Close()
	}()
	go c.readLoop()
	tb.Cleanup(func() {
		cs.Close()
		if tb.Failed() {
			tb.Logf("server log:\n%s", c.log.String())
		}
	})
	return c
}

func (c *tclient) readLoop() {
	defer close(c.msgs)
	r := bufio.NewReader(c.conn)
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		m := &msg{raw: body}
		if err := json.Unmarshal(body, m); err != nil {
			c.tb.Errorf("server sent bad JSON %q: %v", body, err)
			return
		}
		c.msgs <- m
	}
}

func (c *tclient) writeRaw(b []byte) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := c.conn.Write(b); err != nil {
		c.tb.Fatalf("write: %v", err)
	}
}

func frame(body []byte) []byte {
	return append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))), body...)
}

func (c *tclient) send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.tb.Fatal(err)
	}
	c.writeRaw(frame(b))
}

// request sends a request with a fresh numeric id and returns the id as JSON.
func (c *tclient) request(method string, params any) string {
	c.nextID++
	id := strconv.Itoa(c.nextID)
	c.requestID(json.RawMessage(id), method, params)
	return id
}

// requestID sends a request with the given JSON id.
func (c *tclient) requestID(id json.RawMessage, method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

func (c *tclient) notify(method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// await returns the first message (in arrival order, earlier unmatched ones
// included) for which match is true; other messages are kept for later.
func (c *tclient) await(what string, match func(*msg) bool) *msg {
	c.tb.Helper()
	for i, m := range c.stash {
		if match(m) {
			c.stash = append(c.stash[:i], c.stash[i+1:]...)
			return m
		}
	}
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.tb.Fatalf("connection closed while waiting for %s", what)
			}
			if match(m) {
				return m
			}
			c.stash = append(c.stash, m)
		case <-timeout:
			c.tb.Fatalf("timed out waiting for %s; got meanwhile: %v", what, c.stash)
		}
	}
}

// response waits for the response to id (JSON).
func (c *tclient) response(id string) *msg {
	c.tb.Helper()
	return c.await("response "+id, func(m *msg) bool { return m.Method == "" && string(m.ID) == id })
}

// call sends a request and waits for its response.
func (c *tclient) call(method string, params any) *msg {
	c.tb.Helper()
	return c.response(c.request(method, params))
}

// notification waits for a notification of the method.
func (c *tclient) notification(method string) *msg {
	c.tb.Helper()
	return c.await(method, func(m *msg) bool { return m.Method == method })
}

// noMessage checks that nothing arrives for a short while.
func (c *tclient) noMessage(d time.Duration) {
	c.tb.Helper()
	if len(c.stash) > 0 {
		c.tb.Fatalf("unexpected messages: %v", c.stash)
	}
	select {
	case m := <-c.msgs:
		c.tb.Fatalf("unexpected message: %s", m)
	case <-time.After(d):
	}
}

// initialize initializes the server with the semantic run off.
func (c *tclient) initialize() {
	c.tb.Helper()
	c.initializeWith(map[string]any{"semanticDelayMs": -1}, nil)
}

// initializeWith initializes the server with the given initializationOptions
// and client capabilities.
func (c *tclient) initializeWith(options, capabilities map[string]any) {
	c.tb.Helper()
	if capabilities == nil {
		capabilities = map[string]any{}
	}
	if m := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": capabilities,
		"initializationOptions": options}); m.Error != nil {
		c.tb.Fatalf("initialize: %s", m)
	}
	c.notify("initialized", map[string]any{})
}

// serveResult waits for Serve to return.
func (c *tclient) serveResult() error {
	c.tb.Helper()
	select {
	case err := <-c.done:
		return err
	case <-time.After(10 * time.Second):
		c.tb.Fatal("Serve did not return")
		return nil
	}
}

func (c *tclient) open(uri, text string, version int) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "c", "version": version, "text": text}})
}

// publishParams are the params of publishDiagnostics.
type publishParams struct {
	URI         string            `json:"uri"`
	Version     *int              `json:"version"`
	Diagnostics []json.RawMessage `json:"diagnostics"`
}

// diagnostics waits for the publishDiagnostics of uri at version (-1: the
// one without a version, sent at close).
func (c *tclient) diagnostics(uri string, version int) publishParams {
	c.tb.Helper()
	var p publishParams
	c.await(fmt.Sprintf("diagnostics of %s v%d", uri, version), func(m *msg) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var q publishParams
		if json.Unmarshal(m.Params, &q) != nil || q.URI != uri {
			return false
		}
		if (q.Version == nil) != (version < 0) || q.Version != nil && *q.Version != version {
			return false
		}
		p = q
		return true
	})
	return p
}
