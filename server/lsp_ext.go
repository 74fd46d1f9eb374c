package server

// The protocol extensions of accls (docs/lsp-extensions.md is their
// documentation; keep both in step): the requests accls/kernels,
// accls/devices, accls/selectDevice and accls/run, the notification
// accls/runOutput, and the commands that mirror the requests.

import (
	"go.lsp.dev/protocol"
)

// Methods and commands.
const (
	methodKernels      = "accls/kernels"
	methodDevices      = "accls/devices"
	methodSelectDevice = "accls/selectDevice"
	methodRun          = "accls/run"
	methodRunOutput    = "accls/runOutput"

	commandShowKernels  = "accls.showKernels"
	commandRun          = "accls.run"
	commandSelectDevice = "accls.selectDevice"
	// commandApplySnippetEdit is a client command (not advertised in
	// executeCommandProvider): clients that run it say so with
	// capabilities.experimental.accls.snippetEdits.
	commandApplySnippetEdit = "accls.applySnippetEdit"
)

// commands are advertised in executeCommandProvider, in this order.
var commands = []string{commandShowKernels, commandRun, commandSelectDevice}

// experimentalCapabilities are advertised as capabilities.experimental.
type experimentalCapabilities struct {
	Accls struct {
		Kernels      bool `json:"kernels"`
		Devices      bool `json:"devices"`
		SelectDevice bool `json:"selectDevice"`
		Run          bool `json:"run"`
		RunOutput    bool `json:"runOutput"`
	} `json:"accls"`
}

// ---- accls/kernels ----

// KernelsParams are the params of accls/kernels (and the argument of
// accls.showKernels).
type KernelsParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Position     *protocol.Position              `json:"position,omitempty"`
}

// KernelsResult is the result of accls/kernels.
type KernelsResult struct {
	URI        string             `json:"uri"`
	Version    int32              `json:"version"`
	Constructs []ConstructPreview `json:"constructs"`
	Message    string             `json:"message,omitempty"`
}

// ConstructPreview is one construct's kernels and data plan.
type ConstructPreview struct {
	Kind           string          `json:"kind"` // "compute", "data", "enter data", "exit data", "update", "implicit data" (the transfers pass's)
	Directive      string          `json:"directive"`
	Function       string          `json:"function"`
	Line           int             `json:"line"`
	Range          protocol.Range  `json:"range"`
	DirectiveRange protocol.Range  `json:"directiveRange"`
	Kernels        []KernelPreview `json:"kernels"`
	// Routines are the routines the kernels call (and those call), as
	// OpenCL functions, in the order first called.
	Routines []RoutinePreview `json:"routines,omitempty"`
	DataPlan []DataTransfer   `json:"dataPlan"`
	Error    *PreviewError    `json:"error,omitempty"`
	Children []int            `json:"children,omitempty"`
}

// KernelPreview is one OpenCL kernel.
type KernelPreview struct {
	Name    string        `json:"name"`
	Source  string        `json:"source"`
	LineMap []LineMapping `json:"lineMap"`
	Launch  string        `json:"launch,omitempty"`
	Serial  bool          `json:"serial,omitempty"`
}

// RoutinePreview is a routine as the kernels' OpenCL program has it.
type RoutinePreview struct {
	Name     string               `json:"name"`     // its OpenCL name
	Function string               `json:"function"` // its C name
	Level    string               `json:"level"`    // "seq", "vector", "worker", "gang"
	Implicit bool                 `json:"implicit,omitempty"`
	URI      protocol.DocumentURI `json:"uri"`  // the file that defines it: the document or another file of its program
	Line     int                  `json:"line"` // the line of its name there, 0-based
	Source   string               `json:"source"`
	// LineMap maps routine lines to the document's lines (empty for
	// another file's routine).
	LineMap []LineMapping `json:"lineMap"`
}

// LineMapping maps a kernel line to a source line (both 0-based).
type LineMapping struct {
	KernelLine int `json:"kernelLine"`
	SourceLine int `json:"sourceLine"`
}

// DataTransfer is one step of a construct's data plan.
type DataTransfer struct {
	Variable    string          `json:"variable"`
	Bounds      string          `json:"bounds,omitempty"`
	Bytes       *int64          `json:"bytes,omitempty"`
	BytesExpr   string          `json:"bytesExpr,omitempty"`
	Action      string          `json:"action"`
	Direction   string          `json:"direction"` // "toDevice", "toHost", "none"
	When        string          `json:"when"`      // "entry", "exit", "here", "launch"
	At          protocol.Range  `json:"at"`
	Clause      string          `json:"clause,omitempty"`
	Implicit    bool            `json:"implicit,omitempty"`
	Present     bool            `json:"present,omitempty"`
	PresentFrom *protocol.Range `json:"presentFrom,omitempty"`
	Reason      string          `json:"reason,omitempty"`
}

// PreviewError is why a construct cannot be translated.
type PreviewError struct {
	Range   protocol.Range `json:"range"`
	Message string         `json:"message"`
}

// ---- accls/devices, accls/selectDevice ----

// DevicesParams are the params of accls/devices.
type DevicesParams struct {
	Refresh bool `json:"refresh,omitempty"`
}

// DevicesResult is the result of accls/devices and accls/selectDevice.
type DevicesResult struct {
	Platforms     []Platform `json:"platforms"`
	Devices       []Device   `json:"devices"`
	Selected      string     `json:"selected"`
	SelectedIndex *int       `json:"selectedIndex,omitempty"`
	Error         string     `json:"error,omitempty"`
}

// Platform is one OpenCL platform.
type Platform struct {
	Index   int    `json:"index"`
	Name    string `json:"name"`
	Vendor  string `json:"vendor"`
	Version string `json:"version"`
	Error   string `json:"error,omitempty"`
}

// Device is one OpenCL device.
type Device struct {
	Selector         string `json:"selector"`
	Index            int    `json:"index"`
	PlatformIndex    int    `json:"platformIndex"`
	DeviceIndex      int    `json:"deviceIndex"`
	Platform         string `json:"platform"`
	Name             string `json:"name"`
	Vendor           string `json:"vendor"`
	Type             string `json:"type"`
	Version          string `json:"version"`
	DriverVersion    string `json:"driverVersion"`
	ComputeUnits     uint32 `json:"computeUnits"`
	GlobalMemBytes   uint64 `json:"globalMemBytes"`
	LocalMemBytes    uint64 `json:"localMemBytes"`
	MaxAllocBytes    uint64 `json:"maxAllocBytes"`
	MaxWorkGroupSize uint64 `json:"maxWorkGroupSize"`
	MaxClockMHz      uint32 `json:"maxClockMHz"`
	FP64             bool   `json:"fp64"`
	Available        bool   `json:"available"`
}

// SelectDeviceParams are the params of accls/selectDevice.
type SelectDeviceParams struct {
	Device *string `json:"device,omitempty"`
}

// ---- accls/run, accls/runOutput ----

// RunParams are the params of accls/run (and the argument of accls.run).
type RunParams struct {
	TextDocument   protocol.TextDocumentIdentifier `json:"textDocument"`
	RunID          string                          `json:"runId,omitempty"`
	Device         *string                         `json:"device,omitempty"`
	Args           []string                        `json:"args,omitempty"`
	TimeoutSeconds *float64                        `json:"timeoutSeconds,omitempty"`
	WorkDoneToken  *protocol.ProgressToken         `json:"workDoneToken,omitempty"`
}

// RunOutputParams are the params of the accls/runOutput notification.
type RunOutputParams struct {
	RunID  string `json:"runId"`
	Stream string `json:"stream"`
	Text   string `json:"text"`
}

// RunResult is the result of accls/run.
type RunResult struct {
	RunID         string          `json:"runId"`
	Outcome       string          `json:"outcome"`
	ExitCode      *int            `json:"exitCode,omitempty"`
	Signal        string          `json:"signal,omitempty"`
	Message       string          `json:"message"`
	Device        string          `json:"device,omitempty"`
	DeviceName    string          `json:"deviceName,omitempty"`
	WallMs        float64         `json:"wallMs"`
	TranslateMs   float64         `json:"translateMs"`
	BuildMs       float64         `json:"buildMs"`
	Profile       bool            `json:"profile"`
	Kernels       []KernelProfile `json:"kernels"`
	Transfers     TransferProfile `json:"transfers"`
	ProgramBuilds *BuildProfile   `json:"programBuilds,omitempty"`
	Diagnostics   int             `json:"diagnostics,omitempty"`
	// Files are the program's other files built with the document: those
	// of its directory that define functions it calls (program.go).
	Files         []string `json:"files,omitempty"`
	OutputDropped bool     `json:"outputDropped,omitempty"`
}

// Outcomes of a run.
const (
	outcomeExited          = "exited"
	outcomeSignaled        = "signaled"
	outcomeTimedOut        = "timedOut"
	outcomeCancelled       = "cancelled"
	outcomeTranslateFailed = "translateFailed"
	outcomeBuildFailed     = "buildFailed"
	outcomeStartFailed     = "startFailed"
)

// KernelProfile is one kernel's launches and device time.
type KernelProfile struct {
	Name     string  `json:"name"`
	Launches int64   `json:"launches"`
	TotalMs  float64 `json:"totalMs"`
}

// TransferProfile sums the host↔device transfers.
type TransferProfile struct {
	H2DCount int64   `json:"h2dCount"`
	H2DBytes int64   `json:"h2dBytes"`
	H2DMs    float64 `json:"h2dMs"`
	D2HCount int64   `json:"d2hCount"`
	D2HBytes int64   `json:"d2hBytes"`
	D2HMs    float64 `json:"d2hMs"`
}

// BuildProfile is the runtime's OpenCL program builds.
type BuildProfile struct {
	Count int64   `json:"count"`
	Ms    float64 `json:"ms"`
}

// extensionCapabilities is capabilities.experimental.
func extensionCapabilities() *experimentalCapabilities {
	var c experimentalCapabilities
	c.Accls.Kernels = true
	c.Accls.Devices = true
	c.Accls.SelectDevice = true
	c.Accls.Run = true
	c.Accls.RunOutput = true
	return &c
}
