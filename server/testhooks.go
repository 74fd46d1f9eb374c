//go:build accls_testhooks

package server

import (
	"context"
	"encoding/json"
	"time"
)

// Built only with -tags accls_testhooks (the transcript tests build the
// binary so): a request that takes long, to test cancellation end to end.
func init() {
	requests["accls/test/slow"] = func(ctx context.Context, _ *server, r *request) (any, error) {
		var p struct {
			MS int `json:"ms"`
		}
		_ = json.Unmarshal(r.params, &p)
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
}
