package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// ErrExitWithoutShutdown is returned by Serve when the client sent exit
// without shutdown first; LSP asks the server to exit with code 1 then.
var ErrExitWithoutShutdown = errors.New("exit without shutdown")

// Options configure a server.
type Options struct {
	// Version is reported in initialize's serverInfo.
	Version string
	// Logger receives the server's log; nil means slog.Default(). It must not
	// write to the protocol's output.
	Logger *slog.Logger

	// newParser replaces the C front end (tests).
	newParser func(cOptions) cParser
}

// Serve speaks LSP over the given reader/writer (stdin/stdout for `accls serve`)
// until the client sends exit or closes the stream.
func Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	return ServeWith(ctx, in, out, Options{})
}

// ServeWith is Serve with options. It returns nil when the client sends exit
// after shutdown (or closes the stream after shutdown),
// ErrExitWithoutShutdown when it sends exit without shutdown, and an error
// when the stream ends before shutdown or fails. Closing in (when it is an
// io.Closer) is how the server stops reading at exit.
func ServeWith(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Version == "" {
		opts.Version = "devel"
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	st := newStream(in, out, opts.Logger)
	conn := jsonrpc2.NewConn(st)
	s := newServer(ctx, conn, opts)
	conn.Go(ctx, s.handle)

	var err error
	select {
	case <-s.exited:
		if !s.isShutdown() {
			err = ErrExitWithoutShutdown
		}
	case <-conn.Done():
		if cerr := conn.Err(); cerr != nil && !errors.Is(cerr, io.EOF) && !errors.Is(cerr, io.ErrClosedPipe) {
			err = cerr
		} else if !s.isShutdown() {
			err = errors.New("the client closed the connection before shutdown")
		}
	case <-ctx.Done():
		err = ctx.Err()
	}
	cancel() // cancels the requests still running
	conn.Close()
	s.waitRequests(time.Second)
	s.cleanup()
	return err
}

// requestFunc handles one request. It runs on its own goroutine; ctx is
// cancelled by $/cancelRequest or when the server stops. A nil result is
// sent as JSON null.
type requestFunc func(ctx context.Context, s *server, r *request) (any, error)

// notificationFunc handles one notification. Notifications are handled one at
// a time, in the order they arrive, before the next message is read.
type notificationFunc func(ctx context.Context, s *server, params []byte) error

// request is what a request handler gets.
type request struct {
	method string
	params []byte
	// snap is the snapshot of the document named by params' textDocument.uri
	// as it was when the request arrived; nil when there is none or it is not
	// open.
	snap *snapshot
}

// requests and notifications are the method tables. Tests add methods to
// them in init functions.
var (
	requests      = map[string]requestFunc{}
	notifications = map[string]notificationFunc{}
)

type state int

const (
	stateNew state = iota
	stateRunning
	stateShutdown
)

// server is one LSP session.
type server struct {
	ctx     context.Context // cancelled when Serve returns
	conn    jsonrpc2.Conn
	log     *slog.Logger
	version string

	mu       sync.Mutex
	state    state
	inflight map[jsonrpc2.ID]context.CancelFunc
	snippets bool           // the client takes snippets in completion items
	wg       sync.WaitGroup // running requests

	exitOnce sync.Once
	exited   chan struct{}

	// cleanups run when Serve returns, after the requests (temporary
	// directories). They run in Serve itself: a goroutine waiting for ctx
	// would race with the process's exit and leave the directories behind.
	cleanupMu sync.Mutex
	cleanups  []func()
	cleanedUp bool

	docs documents
	sem  *semantics
	ext  *extensions // the protocol extensions' state (extensions.go)
}

func newServer(ctx context.Context, conn jsonrpc2.Conn, opts Options) *server {
	return &server{
		ctx:      ctx,
		conn:     conn,
		log:      opts.Logger,
		version:  opts.Version,
		inflight: map[jsonrpc2.ID]context.CancelFunc{},
		exited:   make(chan struct{}),
		docs:     documents{m: map[string]*docEntry{}},
		sem:      newSemantics(opts.newParser),
		ext:      newExtensions(),
	}
}

func (s *server) getState() state {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

func (s *server) setState(st state) {
	s.mu.Lock()
	s.state = st
	s.mu.Unlock()
}

func (s *server) isShutdown() bool { return s.getState() == stateShutdown }

// atExit registers f to run when Serve returns; after that, f runs at once.
func (s *server) atExit(f func()) {
	s.cleanupMu.Lock()
	if !s.cleanedUp {
		s.cleanups = append(s.cleanups, f)
		f = nil
	}
	s.cleanupMu.Unlock()
	if f != nil {
		f()
	}
}

// cleanup runs the functions atExit registered, last first.
func (s *server) cleanup() {
	s.cleanupMu.Lock()
	fs := s.cleanups
	s.cleanups, s.cleanedUp = nil, true
	s.cleanupMu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}

// waitRequests waits up to d for the running requests to finish.
func (s *server) waitRequests(d time.Duration) {
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		s.log.Warn("requests still running at exit")
	}
}
