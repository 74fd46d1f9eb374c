package server

import (
	"context"
	"time"
)

// slowRequest is accls/test/slow, a request slow enough to cancel: it waits
// for params.ms milliseconds (default 10 s) or until it is cancelled. Only
// test hooks register it: export_test.go for this package's tests and
// testhooks.go for binaries built with -tags accls_testhooks (the transcript
// tests'); ordinary builds never reach it.
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
