package server

// Session state of the protocol extensions (lsp_ext.go): the settings of
// previews and runs, the client capabilities they use, the device selection
// and list, the runs in flight and their progress tokens, the preview cache.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
)

// defaultRunTimeout is accls.run.timeoutSeconds when unset.
const defaultRunTimeout = 60 * time.Second

// toolSettings are the settings of previews and runs:
//
//	{"accls": {"device": "gpu", "cc": "gcc", "cflags": ["-O2"], "includePaths": ["inc"],
//	           "defines": ["N=10"], "fpContract": true, "cacheStage": false,
//	           "run": {"args": ["100"], "timeoutSeconds": 30}}}
//
// The keys may be given at the top level, and "run.args" /
// "run.timeoutSeconds" as dotted keys (VS Code's names).
type toolSettings struct {
	Device       string
	CC           string
	CFlags       []string
	IncludePaths []string
	Defines      []string
	FPContract   bool // compiler.Options.FPContract
	CacheStage   bool // compiler.Options.CacheStage
	Args         []string
	Timeout      time.Duration // 0: no limit
}

func defaultToolSettings() toolSettings {
	return toolSettings{Timeout: defaultRunTimeout}
}

// rawToolSettings is one level of the settings JSON.
type rawToolSettings struct {
	Device       *string   `json:"device"`
	CC           *string   `json:"cc"`
	CFlags       *[]string `json:"cflags"`
	IncludePaths *[]string `json:"includePaths"`
	Defines      *[]string `json:"defines"`
	FPContract   *bool     `json:"fpContract"`
	CacheStage   *bool     `json:"cacheStage"`
	Run          *struct {
		Args           *[]string `json:"args"`
		TimeoutSeconds *float64  `json:"timeoutSeconds"`
	} `json:"run"`
	RunArgs    *[]string `json:"run.args"`
	RunTimeout *float64  `json:"run.timeoutSeconds"`
}

// parseToolSettings decodes settings JSON ({"accls": {…}} or {…}); ok is
// false when it holds none of our keys. Keys that are absent get their
// defaults.
func parseToolSettings(b []byte) (toolSettings, bool) {
	st := defaultToolSettings()
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return st, false
	}
	var wrap struct {
		Accls json.RawMessage `json:"accls"`
	}
	if json.Unmarshal(b, &wrap) != nil {
		return st, false
	}
	if len(wrap.Accls) > 0 && bytes.TrimSpace(wrap.Accls)[0] == '{' {
		b = wrap.Accls
	}
	var r rawToolSettings
	if json.Unmarshal(b, &r) != nil {
		return st, false
	}
	ok := false
	set := func(dst *[]string, v *[]string) {
		if v != nil {
			*dst, ok = *v, true
		}
	}
	if r.Device != nil {
		st.Device, ok = strings.TrimSpace(*r.Device), true
	}
	if r.CC != nil {
		st.CC, ok = strings.TrimSpace(*r.CC), true
	}
	set(&st.CFlags, r.CFlags)
	set(&st.IncludePaths, r.IncludePaths)
	set(&st.Defines, r.Defines)
	if r.FPContract != nil {
		st.FPContract, ok = *r.FPContract, true
	}
	if r.CacheStage != nil {
		st.CacheStage, ok = *r.CacheStage, true
	}
	set(&st.Args, r.RunArgs)
	timeout := r.RunTimeout
	if r.Run != nil {
		set(&st.Args, r.Run.Args)
		if r.Run.TimeoutSeconds != nil {
			timeout = r.Run.TimeoutSeconds
		}
	}
	if timeout != nil {
		ok = true
		st.Timeout = 0
		if *timeout > 0 {
			st.Timeout = time.Duration(*timeout * float64(time.Second))
		}
	}
	return st, ok
}

// extensions is the session state of the extensions.
type extensions struct {
	mu sync.Mutex
	// settings from initializationOptions / didChangeConfiguration.
	settings toolSettings
	// Client capabilities.
	workDoneProgress bool // window.workDoneProgress
	configuration    bool // workspace.configuration
	snippetEdits     bool // experimental.accls.snippetEdits: the client runs accls.applySnippetEdit
	// selected is the session's device selector (accls/selectDevice); nil
	// when none was selected.
	selected *string
	// devices is the last listing (nil before the first).
	devices *deviceListing
	// runs counts the runs, for their ids.
	runs int
	// progress maps a progress token (its JSON) to the cancel function of
	// the work it reports.
	progress map[string]context.CancelFunc

	preview  previewCache
	program  programCache // what the search for a program's files learnt (program.go)
	compiler compilerState
}

func newExtensions() *extensions {
	return &extensions{settings: defaultToolSettings(), progress: map[string]context.CancelFunc{}}
}

// initExtensions reads what the extensions need from the initialize
// params: the client capabilities and the settings in
// initializationOptions.
func (s *server) initExtensions(params []byte) {
	var p struct {
		InitializationOptions json.RawMessage `json:"initializationOptions"`
		Capabilities          struct {
			Window struct {
				WorkDoneProgress bool `json:"workDoneProgress"`
			} `json:"window"`
			Workspace struct {
				Configuration bool `json:"configuration"`
			} `json:"workspace"`
			Experimental struct {
				Accls struct {
					SnippetEdits bool `json:"snippetEdits"`
				} `json:"accls"`
			} `json:"experimental"`
		} `json:"capabilities"`
	}
	if len(params) > 0 {
		json.Unmarshal(params, &p) // initialize already rejected bad JSON
	}
	x := s.ext
	x.mu.Lock()
	defer x.mu.Unlock()
	x.workDoneProgress = p.Capabilities.Window.WorkDoneProgress
	x.configuration = p.Capabilities.Workspace.Configuration
	x.snippetEdits = p.Capabilities.Experimental.Accls.SnippetEdits
	if st, ok := parseToolSettings(p.InitializationOptions); ok {
		x.settings = st
	}
}

// configurationChanged takes the settings of didChangeConfiguration
// ({"settings": …} already unwrapped).
func (s *server) configurationChanged(settings []byte) {
	if st, ok := parseToolSettings(settings); ok {
		s.ext.mu.Lock()
		s.ext.settings = st
		s.ext.mu.Unlock()
		s.ext.preview.clear()
	}
}

// toolSettingsFor returns the settings for work on the document uri: pulled
// with workspace/configuration when the client takes it (its answer wins),
// else those the client pushed.
func (s *server) toolSettingsFor(ctx context.Context, uri string) toolSettings {
	s.ext.mu.Lock()
	st, pull := s.ext.settings, s.ext.configuration
	s.ext.mu.Unlock()
	if !pull {
		return st
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	item := map[string]any{"section": "accls"}
	if uri != "" {
		item["scopeUri"] = uri
	}
	var res []json.RawMessage
	if _, err := s.conn.Call(ctx, "workspace/configuration", map[string]any{"items": []any{item}}, &res); err != nil {
		s.log.Debug("workspace/configuration", "error", err)
		return st
	}
	if len(res) == 1 {
		if pulled, ok := parseToolSettings(res[0]); ok {
			return pulled
		}
	}
	return st
}

// deviceSelector is the selector in effect for runs: the session's
// selection, else the setting.
func (x *extensions) deviceSelector(st toolSettings) string {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.selected != nil {
		return *x.selected
	}
	return st.Device
}

// nextRunID makes a run id.
func (x *extensions) nextRunID() string {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.runs++
	return fmt.Sprintf("run-%d", x.runs)
}

// clientSnippetEdits reports whether the client runs the command
// accls.applySnippetEdit (quick fixes that ask for text).
func (s *server) clientSnippetEdits() bool {
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	return s.ext.snippetEdits
}
