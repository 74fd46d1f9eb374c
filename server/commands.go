package server

// workspace/executeCommand: the commands that mirror the extension requests
// (lsp_ext.go). Each takes one argument, the params of its request
// (accls.selectDevice also none, or a string), and answers the request's
// result.

import (
	"context"
	"encoding/json"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

func init() {
	requests["workspace/executeCommand"] = executeCommandRequest
}

func executeCommandRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p struct {
		Command       string                  `json:"command"`
		Arguments     []json.RawMessage       `json:"arguments"`
		WorkDoneToken *protocol.ProgressToken `json:"workDoneToken"`
	}
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	var arg []byte
	if len(p.Arguments) > 0 {
		arg = p.Arguments[0]
	}
	if len(p.Arguments) > 1 {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes one argument, got %d", p.Command, len(p.Arguments))
	}
	switch p.Command {
	case commandShowKernels:
		var kp KernelsParams
		if err := decodeParams(arg, &kp); err != nil {
			return nil, err
		}
		return s.kernels(ctx, &kp)
	case commandRun:
		var rp RunParams
		if err := decodeParams(arg, &rp); err != nil {
			return nil, err
		}
		if rp.WorkDoneToken == nil {
			rp.WorkDoneToken = p.WorkDoneToken
		}
		return s.run(ctx, &rp)
	case commandSelectDevice:
		var sp SelectDeviceParams
		var str string
		if len(arg) > 0 && json.Unmarshal(arg, &str) == nil {
			sp.Device = &str
		} else if err := decodeParams(arg, &sp); err != nil {
			return nil, err
		}
		return s.selectDevice(ctx, sp)
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q (accls has %v)", p.Command, commands)
}
