package server

// accls/run (command accls.run, code lens "▶ Run"): translate the current
// text of a document, build it with the runtime, run it on the selected
// device with its output streamed in accls/runOutput, and answer a summary
// with the runtime's profile. $/progress reports the phases; $/cancelRequest
// and window/workDoneProgress/cancel kill the program's process group (or
// the C compiler's) and the temporary directory goes. Nothing runs unless
// the client asks. See docs/lsp-extensions.md.

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/compiler"
	"github.com/accls/accls/device"
)

func init() {
	requests[methodRun] = runRequest
}

// Limits of a run.
var (
	// maxRunOutput is the most output streamed to the client per run.
	maxRunOutput int64 = 4 << 20
	// maxStderrKept is how much of the program's stderr is kept to find
	// OpenCL build errors in.
	maxStderrKept = 256 << 10
)

// Diagnostic sources of runs.
const (
	sourceBuild     = "accls-build"
	sourceTranslate = "accls-translate"
	sourceRun       = "accls-run"
)

func runRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p RunParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	return s.run(ctx, &p)
}

// run is accls/run.
func (s *server) run(ctx context.Context, p *RunParams) (*RunResult, error) {
	uri := string(p.TextDocument.URI)
	if uri == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "accls/run needs textDocument.uri")
	}
	// The text: the open document's (unsaved edits included), else the file's.
	snap := s.docs.snapshot(uri)
	var text []byte
	var file *acc.File
	switch {
	case snap != nil && snap.cxx:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is C++: accls compiles C only", displayName(uri))
	case snap != nil && snap.file != nil && !snap.truncated:
		text, file = snap.text, snap.file
	case snap != nil:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is binary or too large to run", displayName(uri))
	default:
		path := uriPath(uri)
		if path == "" {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not open and not a file", uri)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "cannot read %s: %v", path, err)
		}
		text, file = b, acc.Scan(b)
	}

	id := p.RunID
	if id == "" {
		id = s.ext.nextRunID()
	}
	res := &RunResult{RunID: id, Kernels: []KernelProfile{}}
	st := s.toolSettingsFor(ctx, uri)
	sel := s.ext.deviceSelector(st)
	if p.Device != nil {
		sel = strings.TrimSpace(*p.Device)
	}
	res.Device = sel
	args := st.Args
	if p.Args != nil {
		args = p.Args
	}
	timeout := st.Timeout
	if p.TimeoutSeconds != nil {
		timeout = 0
		if *p.TimeoutSeconds > 0 {
			timeout = time.Duration(*p.TimeoutSeconds * float64(time.Second))
		}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var progressCancelled atomic.Bool
	pr := s.startProgress(ctx, p.WorkDoneToken, id, "accls run "+displayName(uri), "translate", func() {
		progressCancelled.Store(true)
		cancel()
	})
	defer func() { pr.end(res.Message) }()
	cancelled := func() (*RunResult, error) {
		res.Outcome, res.Message = outcomeCancelled, "cancelled"
		if ctx.Err() != nil {
			return nil, ctx.Err() // $/cancelRequest: the dispatcher answers RequestCancelled
		}
		return res, nil
	}

	// Translate: the document, and the files of its program (program.go).
	o := s.translateOptionsFor(uri, st)
	o.hostCode = compiler.IsHostSelector(sel)
	o.others, o.parsed = s.programFiles(runCtx, o, text)
	for _, src := range o.others {
		res.Files = append(res.Files, filepath.Base(src.Path))
	}
	if len(res.Files) > 0 {
		verb := "define"
		if len(res.Files) == 1 {
			verb = "defines"
		}
		s.runOutput(id, device.Stderr, []byte(fmt.Sprintf("accls: %s calls functions that %s %s: built with it\n",
			displayName(uri), strings.Join(res.Files, ", "), verb)))
	}
	started := time.Now()
	tr := s.translateText(runCtx, o, text, file)
	var others []*compiler.Result
	if len(tr.errors) == 0 && tr.host != "" && runCtx.Err() == nil {
		var err error
		if others, err = s.translateOthers(runCtx, o, text); err != nil {
			tr.message, tr.host = err.Error(), ""
		}
	}
	res.TranslateMs = ms(time.Since(started))
	if runCtx.Err() != nil {
		return cancelled()
	}
	if len(tr.errors) > 0 || tr.host == "" {
		res.Outcome = outcomeTranslateFailed
		var diags []protocol.Diagnostic
		if snap != nil {
			for _, e := range tr.errors {
				diags = append(diags, runDiagnostic(snap.doc.Range(e.span), e.msg, sourceTranslate))
			}
		}
		res.Diagnostics = s.publishRunDiagnostics(ctx, snap, diags)
		switch {
		case len(tr.errors) > 0:
			e := tr.errors[0]
			res.Message = fmt.Sprintf("cannot translate %s:%d: %s", displayName(uri), lineOf(text, e.span.Start)+1, e.msg)
			if len(tr.errors) > 1 {
				res.Message += fmt.Sprintf(" (and %d more)", len(tr.errors)-1)
			}
		default:
			res.Message = "cannot translate: " + tr.message
		}
		s.runOutput(id, device.Stderr, []byte("accls: "+res.Message+"\n"))
		return res, nil
	}

	// Build.
	pr.report("build")
	dir, err := os.MkdirTemp("", "accls-run-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	br, err := s.buildProgram(runCtx, tr, others, o, dir)
	if runCtx.Err() != nil || errors.Is(err, context.Canceled) {
		return cancelled()
	}
	if err != nil {
		res.Outcome, res.Message = outcomeBuildFailed, err.Error()
		s.runOutput(id, device.Stderr, []byte("accls: "+res.Message+"\n"))
		return res, nil
	}
	res.BuildMs = ms(br.elapsed)
	if br.failed {
		res.Outcome = outcomeBuildFailed
		msgs := buildErrors(br.output)
		res.Diagnostics = s.publishRunDiagnostics(ctx, snap, s.buildDiagnostics(snap, o, tr, msgs))
		res.Message = "the build failed"
		if len(msgs) > 0 {
			res.Message += ": " + msgs[0].msg
		}
		s.runOutput(id, device.Stderr, []byte(br.output))
		return res, nil
	}

	// Run.
	label := sel
	if label == "" {
		label = "the default device"
	}
	pr.report("run on " + label)
	workDir := dir
	if path := uriPath(uri); path != "" {
		if fi, err := os.Stat(filepath.Dir(path)); err == nil && fi.IsDir() {
			workDir = filepath.Dir(path)
		}
	}
	var errMu sync.Mutex
	var stderrKept []byte
	rr, err := device.Run(runCtx, device.RunSpec{
		Path: br.exe, Args: args, Dir: workDir, Device: sel,
		ProfilePath: filepath.Join(dir, "profile.txt"),
		Timeout:     timeout,
		MaxOutput:   maxRunOutput,
		Output: func(stream device.Stream, b []byte) {
			if stream == device.Stderr {
				errMu.Lock()
				if len(stderrKept) < maxStderrKept {
					stderrKept = append(stderrKept, b[:min(len(b), maxStderrKept-len(stderrKept))]...)
				}
				errMu.Unlock()
			}
			s.runOutput(id, stream, b)
		},
	})
	if err != nil {
		res.Outcome, res.Message = outcomeStartFailed, fmt.Sprintf("cannot start the program: %v", err)
		return res, nil
	}
	if rr.OutputDropped {
		res.OutputDropped = true
		s.runOutput(id, device.Stderr, []byte(fmt.Sprintf("\naccls: more than %d MiB of output; the rest was dropped\n", maxRunOutput>>20)))
	}
	res.WallMs = ms(rr.Wall)
	if prof := rr.Profile; prof != nil {
		res.Profile = true
		res.DeviceName = prof.Device
		for _, k := range prof.Kernels {
			res.Kernels = append(res.Kernels, KernelProfile{Name: k.Name, Launches: k.Launches, TotalMs: k.TotalMs})
		}
		res.Transfers = TransferProfile{
			H2DCount: prof.H2D.Count, H2DBytes: prof.H2D.Bytes, H2DMs: prof.H2D.Ms,
			D2HCount: prof.D2H.Count, D2HBytes: prof.D2H.Bytes, D2HMs: prof.D2H.Ms,
		}
		if prof.Builds > 0 {
			res.ProgramBuilds = &BuildProfile{Count: prof.Builds, Ms: prof.BuildMs}
		}
	} else if rr.ProfileErr != nil {
		s.log.Warn("reading the runtime's profile", "error", rr.ProfileErr)
	}
	if res.DeviceName == "" && compiler.IsHostSelector(sel) {
		res.DeviceName = "the host" // (no OpenCL device, no profile)
	}
	on := ""
	if res.DeviceName != "" {
		on = " on " + res.DeviceName
	}
	errMu.Lock()
	kept := string(stderrKept)
	errMu.Unlock()
	switch {
	case rr.Cancelled:
		return cancelled()
	case rr.TimedOut:
		res.Outcome, res.Signal = outcomeTimedOut, rr.Signal
		res.Message = fmt.Sprintf("killed at the time limit of %g s", timeout.Seconds())
	case rr.Signal != "":
		res.Outcome, res.Signal = outcomeSignaled, rr.Signal
		res.Message = fmt.Sprintf("killed by %s after %s%s", rr.Signal, fmtMs(res.WallMs), on)
		// A kernel that crashed on PoCL: the runtime named it (accrt.c,
		// on_kernel_crash); its construct gets the diagnostic.
		if msg := runtimeMessage(kept); msg != "" {
			res.Message += ": " + msg
			if con := tr.constructOfKernel(crashedKernel(msg)); con != nil && snap != nil {
				d := runDiagnostic(snap.doc.Range(con.dir.NameSpan), fmt.Sprintf("this construct's kernel crashed%s: %s", on, msg), sourceRun)
				res.Diagnostics = s.publishRunDiagnostics(ctx, snap, []protocol.Diagnostic{d})
			}
		}
	default:
		code := rr.ExitCode
		res.Outcome, res.ExitCode = outcomeExited, &code
		res.Message = fmt.Sprintf("exit %d in %s%s", code, fmtMs(res.WallMs), on)
		switch {
		case code != 0 && strings.Contains(kept, "accls runtime:") && (strings.Contains(kept, "CL_BUILD_PROGRAM_FAILURE") || strings.Contains(kept, "failed to build")):
			// The OpenCL build of the kernels failed at run time; the runtime
			// mapped its log back to the source through #line.
			msgs := buildErrors(kept)
			res.Outcome = outcomeBuildFailed
			res.Diagnostics = s.publishRunDiagnostics(ctx, snap, s.buildDiagnostics(snap, o, tr, msgs))
			res.Message = "the OpenCL build of the kernels failed" + on
			if len(msgs) > 0 {
				res.Message += ": " + msgs[0].msg
			}
		case code != 0:
			// The runtime's own message says why (no device, an OpenCL error).
			if msg := runtimeMessage(kept); msg != "" {
				res.Message += ": " + msg
			}
		}
	}
	return res, nil
}

// runtimeMessage is the first message of the accls runtime in a run's
// standard error, without its prefix ("" when none).
func runtimeMessage(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if msg, ok := strings.CutPrefix(l, "accls runtime: "); ok {
			return msg
		}
	}
	return ""
}

// crashedKernel is the kernel a runtime message names as the one that
// crashed ("the last kernel launched was 'main_L12'"), "" when none.
func crashedKernel(msg string) string {
	_, rest, ok := strings.Cut(msg, "the last kernel launched was '")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "'")
	return name
}

// constructOfKernel is the construct of the translation that has the kernel
// called name (its variants included: NAME_stride, NAME_gpu), nil when none.
func (tr *xTranslation) constructOfKernel(name string) *xConstruct {
	if tr == nil || name == "" {
		return nil
	}
	for i := range tr.constructs {
		for _, k := range tr.constructs[i].kernels {
			if (k.name == name || strings.HasPrefix(name, k.name+"_")) && tr.constructs[i].dir != nil {
				return &tr.constructs[i]
			}
		}
	}
	return nil
}

// runOutput sends accls/runOutput.
func (s *server) runOutput(id string, stream device.Stream, b []byte) {
	if len(b) == 0 {
		return
	}
	if err := s.conn.Notify(s.ctx, methodRunOutput, &RunOutputParams{RunID: id, Stream: stream.String(), Text: string(b)}); err != nil {
		s.log.Warn("sending accls/runOutput", "error", err)
	}
}

// buildDiagnostics places build errors: at the source line when the message
// names the document (directly or through #line), else at the first
// construct (or the start of the document) with the generated file's place
// in the message.
func (s *server) buildDiagnostics(snap *snapshot, o translateOptions, tr *xTranslation, msgs []buildMessage) []protocol.Diagnostic {
	if snap == nil {
		return nil
	}
	doc := snap.doc
	base := filepath.Base(o.path)
	var diags []protocol.Diagnostic
	type placed struct {
		line int
		msg  string
	}
	seen := map[placed]bool{}
	for _, m := range msgs {
		if m.line > 0 && filepath.Base(m.file) == base && m.line <= doc.LineCount() {
			// A kernel's statements may be written more than once (the
			// straight-line and the grid-stride paths of a loop): one
			// diagnostic per line and message.
			if seen[placed{m.line, m.msg}] {
				continue
			}
			seen[placed{m.line, m.msg}] = true
			start := doc.LineStart(m.line - 1)
			end := doc.LineEnd(m.line - 1)
			// From the first non-blank of the line to its end: the column is
			// the generated code's (re-indented, expressions rewritten).
			from := start
			for from < end && (snap.text[from] == ' ' || snap.text[from] == '\t') {
				from++
			}
			diags = append(diags, runDiagnostic(doc.Range(acc.Span{Start: from, End: end}), m.msg, sourceBuild))
			continue
		}
		at := acc.Span{}
		for _, c := range tr.constructs {
			if c.kind == "compute" {
				at = c.dir.Span
				break
			}
		}
		msg := m.msg
		if m.file != "" {
			msg = fmt.Sprintf("in the generated code (%s:%d): %s", filepath.Base(m.file), m.line, m.msg)
		}
		diags = append(diags, runDiagnostic(doc.Range(at), msg, sourceBuild))
	}
	return diags
}

func runDiagnostic(rng protocol.Range, msg, source string) protocol.Diagnostic {
	return protocol.Diagnostic{Range: rng, Severity: protocol.DiagnosticSeverityError, Source: source, Message: msg}
}

// publishRunDiagnostics publishes diags with the document's current
// diagnostics, when snap is still its current snapshot (they go with the
// next change). It returns how many were published.
func (s *server) publishRunDiagnostics(ctx context.Context, snap *snapshot, diags []protocol.Diagnostic) int {
	if snap == nil || len(diags) == 0 {
		return 0
	}
	// Let a pending semantic run of this version publish first: it would
	// replace these.
	s.lastModel(ctx, snap, 3*time.Second)
	e := s.docs.get(snap.uri)
	if e == nil {
		return 0
	}
	e.sem.mu.Lock()
	defer e.sem.mu.Unlock()
	if s.docs.snapshot(snap.uri) != snap {
		return 0
	}
	all := s.merged(snap.uri, snap, e.sem.res)
	all = append(all, diags...)
	v := snap.doc.Version()
	s.publish(snap.uri, &v, all)
	return len(diags)
}

// ms converts a duration to milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// fmtMs is a duration in ms for messages: "12.3 ms", "1.23 s".
func fmtMs(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.2f s", v/1000)
	}
	return fmt.Sprintf("%.1f ms", v)
}

// lineOf returns the 0-based line of byte offset off in text.
func lineOf(text []byte, off int) int {
	n := 0
	for i := 0; i < off && i < len(text); i++ {
		if text[i] == '\n' {
			n++
		}
	}
	return n
}
