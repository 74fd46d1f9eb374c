package server

import (
	"context"
	"sync"
	"time"
)

// snaps keeps the snapshots that accls/test/snapshot saw, by key.
var (
	snapMu sync.Mutex
	snaps  = map[int]*snapshot{}
)

// Methods that exist only in tests.
func init() {
	requests["accls/test/slow"] = slowRequest
	requests["accls/test/panic"] = func(context.Context, *server, *request) (any, error) {
		panic("test panic")
	}
	requests["accls/test/snapshot"] = func(_ context.Context, _ *server, r *request) (any, error) {
		snapMu.Lock()
		defer snapMu.Unlock()
		key := len(snaps) + 1
		snaps[key] = r.snap
		return key, nil
	}
}

// slowRequest waits for params.ms milliseconds (default 10 s) or until it
// is cancelled.
func slowRequest(ctx context.Context, _ *server, r *request) (any, error) {
	var p struct {
		MS int `json:"ms"`
	}
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	if p.MS == 0 {
		p.MS = 10000
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(time.Duration(p.MS) * time.Millisecond):
		return "done", nil
	}
}
