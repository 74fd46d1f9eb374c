package server

// accls/kernels (command accls.showKernels, code lens "Show kernels"): the
// OpenCL kernels, the data plan and the kernel ↔ source line maps of the
// construct at a position, or of every construct, for the current text of
// an open document (unsaved edits included). One translation per document
// version and settings is kept, so moving the cursor costs a lookup. The
// translation has the program's other files (program.go), as a Run does, so
// that a kernel calling a routine of ops.c shows it: an edit or save of a
// file that may be one of them (programStamp) makes a new one.

import (
	"context"
	"sort"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

func init() {
	requests[methodKernels] = kernelsRequest
}

// previewCache holds the last translation of each open document.
type previewCache struct {
	mu sync.Mutex
	m  map[string]*previewEntry // by URI
}

type previewEntry struct {
	snap *snapshot
	key  string // translateOptions.key()
	// stamp is programStamp's when made.
	stamp string
	done  chan struct{} // closed when tr is set
	tr    *xTranslation
}

func (c *previewCache) clear() {
	c.mu.Lock()
	c.m = nil
	c.mu.Unlock()
}

func kernelsRequest(ctx context.Context, s *server, r *request) (any, error) {
	var p KernelsParams
	if err := decodeParams(r.params, &p); err != nil {
		return nil, err
	}
	return s.kernels(ctx, &p)
}

// kernels is accls/kernels.
func (s *server) kernels(ctx context.Context, p *KernelsParams) (*KernelsResult, error) {
	uri := string(p.TextDocument.URI)
	if uri == "" {
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, "accls/kernels needs textDocument.uri")
	}
	res := &KernelsResult{URI: uri, Constructs: []ConstructPreview{}}
	snap := s.docs.snapshot(uri)
	switch {
	case snap == nil:
		res.Message = "the document is not open"
		return res, nil
	case snap.binary:
		res.Message = "the document is binary"
		return res, nil
	case snap.truncated:
		res.Message = "the document is too large to translate"
		return res, nil
	case snap.cxx:
		res.Message = "the document is C++: accls translates C only"
		return res, nil
	}
	res.Version = snap.doc.Version()
	tr, err := s.previewTranslation(ctx, snap)
	if err != nil {
		return nil, err
	}
	all := previewConstructs(snap, tr)
	res.Message = tr.message
	if p.Position == nil {
		res.Constructs = all
		return res, nil
	}
	res.Constructs = constructsAt(snap, tr, all, snap.doc.Offset(*p.Position))
	return res, nil
}

// previewTranslation returns the translation of snap, made once per
// version and settings (concurrent requests share it).
func (s *server) previewTranslation(ctx context.Context, snap *snapshot) (*xTranslation, error) {
	s.ext.mu.Lock()
	st := s.ext.settings
	s.ext.mu.Unlock()
	o := s.translateOptionsFor(snap.uri, st)
	key := o.key()
	stamp := s.programStamp(o.path)
	c := &s.ext.preview
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]*previewEntry{}
	}
	e := c.m[snap.uri]
	if e == nil || e.snap != snap || e.key != key || e.stamp != stamp {
		e = &previewEntry{snap: snap, key: key, stamp: stamp, done: make(chan struct{})}
		c.m[snap.uri] = e
		for u := range c.m { // forget closed documents
			if s.docs.snapshot(u) == nil {
				delete(c.m, u)
			}
		}
		go func() {
			// Not cancelled with the request: the next request (a cursor
			// move) wants the same translation.
			tctx, cancel := context.WithTimeout(s.ctx, 2*time.Minute)
			defer cancel()
			o.others, o.parsed = s.programFiles(tctx, o, snap.text)
			tr := s.safeTranslate(tctx, o, snap)
			c.mu.Lock()
			e.tr = tr
			c.mu.Unlock()
			close(e.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-e.done:
		return e.tr, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// safeTranslate is translateText with a panic of the compiler turned into a
// message.
func (s *server) safeTranslate(ctx context.Context, o translateOptions, snap *snapshot) (tr *xTranslation) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic in the compiler", "uri", snap.uri, "panic", p)
			tr = &xTranslation{text: snap.text, message: "internal error in the compiler (see the server log)"}
		}
	}()
	return s.translateText(ctx, o, snap.text, snap.file)
}

// previewConstructs converts a translation's constructs for the client.
func previewConstructs(snap *snapshot, tr *xTranslation) []ConstructPreview {
	doc := snap.doc
	out := make([]ConstructPreview, 0, len(tr.constructs))
	for _, c := range tr.constructs {
		cp := ConstructPreview{
			Kind: c.kind, Function: c.function,
			Line:           int(doc.Position(c.dir.Span.Start).Line),
			Range:          doc.Range(c.span),
			DirectiveRange: doc.Range(c.dir.Span),
			Kernels:        []KernelPreview{},
			DataPlan:       []DataTransfer{},
			Children:       c.children,
		}
		cp.Directive = c.dir.Name
		if c.dir.Spec != nil {
			cp.Directive = c.dir.Spec.Name
		}
		for _, k := range c.kernels {
			kp := KernelPreview{Name: k.name, Source: k.source, Launch: k.launch, Serial: k.serial, LineMap: []LineMapping{}}
			for i, l := range k.lines {
				if l > 0 {
					kp.LineMap = append(kp.LineMap, LineMapping{KernelLine: i, SourceLine: l - 1})
				}
			}
			cp.Kernels = append(cp.Kernels, kp)
		}
		for _, r := range c.routines {
			rp := RoutinePreview{Name: r.name, Function: r.function, Level: r.level, Implicit: r.implicit,
				URI: protocol.DocumentURI(snap.uri), Line: r.line - 1, Source: r.source, LineMap: []LineMapping{}}
			if r.path != "" {
				rp.URI = uri.File(r.path)
			}
			for i, l := range r.lines {
				if l > 0 {
					rp.LineMap = append(rp.LineMap, LineMapping{KernelLine: i, SourceLine: l - 1})
				}
			}
			cp.Routines = append(cp.Routines, rp)
		}
		for _, t := range c.plan {
			dt := DataTransfer{
				Variable: t.variable, Bounds: t.bounds, Bytes: t.bytes, BytesExpr: t.bytesExpr,
				Action: t.action, Direction: t.direction, When: t.when, At: doc.Range(t.at),
				Clause: t.clause, Implicit: t.implicit, Present: t.present, Reason: t.reason,
			}
			if t.presentFrom != nil {
				r := doc.Range(*t.presentFrom)
				dt.PresentFrom = &r
			}
			cp.DataPlan = append(cp.DataPlan, dt)
		}
		if c.err != nil {
			cp.Error = &PreviewError{Range: doc.Range(c.err.span), Message: c.err.msg}
		}
		out = append(out, cp)
	}
	return out
}

// constructsAt returns the innermost construct whose range contains off,
// with the constructs inside it (children indices renumbered); none when
// off is outside every construct.
func constructsAt(snap *snapshot, tr *xTranslation, all []ConstructPreview, off int) []ConstructPreview {
	best := -1
	for i, c := range tr.constructs {
		if c.span.Start <= off && off <= c.span.End {
			if best < 0 || c.span.End-c.span.Start < tr.constructs[best].span.End-tr.constructs[best].span.Start {
				best = i
			}
		}
	}
	if best < 0 {
		return []ConstructPreview{}
	}
	// The construct and its descendants, in source order.
	keep := map[int]bool{}
	var add func(i int)
	add = func(i int) {
		keep[i] = true
		for _, ch := range tr.constructs[i].children {
			add(ch)
		}
	}
	add(best)
	idx := make([]int, 0, len(keep))
	for i := range keep {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	renum := map[int]int{}
	for n, i := range idx {
		renum[i] = n
	}
	out := make([]ConstructPreview, 0, len(idx))
	for _, i := range idx {
		c := all[i]
		if len(c.Children) > 0 {
			ch := make([]int, 0, len(c.Children))
			for _, x := range c.Children {
				ch = append(ch, renum[x])
			}
			c.Children = ch
		}
		out = append(out, c)
	}
	return out
}
