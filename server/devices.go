package server

// accls/devices and accls/selectDevice (command accls.selectDevice): the
// OpenCL platforms and devices, and the session's device for runs.
//
// The server never loads libOpenCL itself: it runs `accls devices --json`
// (its own executable) and reads the answer. A missing library, an empty
// ICD directory, a driver that crashes or hangs in its initialization: each
// is an error string in the result, and the server goes on.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"go.lsp.dev/jsonrpc2"

	"github.com/accls/accls/compiler"
	"github.com/accls/accls/device"
)

func init() {
	requests[methodDevices] = devicesRequest
	requests[methodSelectDevice] = selectDeviceRequest
}

// deviceListTimeout bounds the listing child process (some drivers take
// seconds to initialize).
var deviceListTimeout = 30 * time.Second

// deviceListing is what `accls devices --json` prints (cmd/accls/devices.go).
type deviceListing struct {
	Platforms []device.Platform `json:"platforms"`
	Devices   []device.Device   `json:"devices"`
	Error     string            `json:"error,omitempty"`
	Kind      string            `json:"kind,omitempty"`
}

// listDevices runs the listing child process; it is a variable for tests.
var listDevices = func(ctx context.Context) *deviceListing {
	exe, err := os.Executable()
	if err != nil {
		return &deviceListing{Error: "cannot list OpenCL devices: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(ctx, deviceListTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "devices", "--json")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var l deviceListing
	if err := json.Unmarshal(stdout.Bytes(), &l); err != nil {
		why := strings.TrimSpace(stderr.String())
		switch {
		case ctx.Err() == context.DeadlineExceeded:
			why = fmt.Sprintf("listing the OpenCL devices took more than %v (a driver hangs in its initialization?)", deviceListTimeout)
		case runErr != nil && why != "":
			why = fmt.Sprintf("listing the OpenCL devices failed (%v): %s", runErr, firstLine(why))
		case runErr != nil:
			why = fmt.Sprintf("listing the OpenCL devices failed (%v; a driver crashed in its initialization?)", runErr)
		default:
			why = "listing the OpenCL devices gave no answer"
		}
		return &deviceListing{Error: why}
	}
	return &l
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// deviceList returns the session's listing, made once (or again when
// refresh is set).
func (s *server) deviceList(ctx context.Context, refresh bool) *deviceListing {
	x := s.ext
	x.mu.Lock()
	l := x.devices
	x.mu.Unlock()
	if l != nil && !refresh {
		return l
	}
	l = listDevices(ctx)
	if l.Platforms == nil {
		l.Platforms = []device.Platform{}
	}
	if l.Devices == nil {
		l.Devices = []device.Device{}
	}
	if ctx.Err() != nil {
		return l // not cached: cancelled
	}
	x.mu.Lock()
	x.devices = l
	x.mu.Unlock()
	return l
}

// devicesResult is the answer of accls/devices for listing l and selector sel.
func devicesResult(l *deviceListing, sel string) *DevicesResult {
	res := &DevicesResult{Platforms: []Platform{}, Devices: []Device{}, Selected: sel, Error: l.Error}
	for _, p := range l.Platforms {
		res.Platforms = append(res.Platforms, Platform(p))
	}
	for _, d := range l.Devices {
		res.Devices = append(res.Devices, Device{
			Selector: d.Selector, Index: d.Index, PlatformIndex: d.PlatformIndex, DeviceIndex: d.DeviceIndex,
			Platform: d.Platform, Name: d.Name, Vendor: d.Vendor, Type: d.Type, Version: d.Version,
			DriverVersion: d.DriverVersion, ComputeUnits: d.ComputeUnits, GlobalMemBytes: d.GlobalMemBytes,
			LocalMemBytes: d.LocalMemBytes, MaxAllocBytes: d.MaxAllocBytes, MaxWorkGroupSize: d.MaxWorkGroupSize,
			MaxClockMHz: d.MaxClockMHz, FP64: d.FP64, Available: d.Available,
		})
	}
	if l.Error == "" && !compiler.IsHostSelector(sel) {
		if i := device.Select(l.Devices, sel); i >= 0 {
			res.SelectedIndex = &i
		}
	}
	return res
}

func devicesRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p DevicesParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	return s.devices(ctx, p)
}

func (s *server) devices(ctx context.Context, p DevicesParams) (*DevicesResult, error) {
	l := s.deviceList(ctx, p.Refresh)
	st := s.toolSettingsFor(ctx, "")
	return devicesResult(l, s.ext.deviceSelector(st)), nil
}

func selectDeviceRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p SelectDeviceParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	return s.selectDevice(ctx, p)
}

// selectDevice stores p.Device as the session's selection (see
// docs/lsp-extensions.md).
func (s *server) selectDevice(ctx context.Context, p SelectDeviceParams) (*DevicesResult, error) {
	if p.Device == nil {
		return s.devices(ctx, DevicesParams{})
	}
	sel := strings.TrimSpace(*p.Device)
	l := s.deviceList(ctx, false)
	if sel != "" && !compiler.IsHostSelector(sel) && l.Error == "" && device.Select(l.Devices, sel) < 0 {
		var avail []string
		for _, d := range l.Devices {
			avail = append(avail, d.Describe())
		}
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "no OpenCL device matches %q (available: %s)", sel, strings.Join(avail, ", "))
	}
	x := s.ext
	x.mu.Lock()
	if sel == "" {
		x.selected = nil
	} else {
		x.selected = &sel
	}
	x.mu.Unlock()
	st := s.toolSettingsFor(ctx, "")
	return devicesResult(l, x.deviceSelector(st)), nil
}
