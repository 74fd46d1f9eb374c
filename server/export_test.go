package server

import (
	"context"
	"sync"
)

// snaps keeps the snapshots that accls/test/snapshot saw, by key.
var (
	snapMu sync.Mutex
	snaps  = map[int]*snapshot{}
)

// Methods that exist only in tests.
func init() {
	requests["accls/test/slow"] = slowRequest
	requests["accls/test/semanticWait"] = semanticWaitRequest
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
