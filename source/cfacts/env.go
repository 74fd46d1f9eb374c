package cfacts

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"modernc.org/cc/v4"
)

// env is what a Parser sets up once: the cc/v4 configuration of the host
// compiler and the include search paths.
type env struct {
	cfg      *cc.Config
	note     string   // set when the host compiler is missing: system headers are unavailable
	userDirs []string // Options.IncludePaths
	sysDirs  []string // the compiler's system include directories
	defines  string   // C source of the predefined macros of every document
	cppArgs  []string // the same as -D options, for the host preprocessor
	id       string   // identifies compiler and options in prelude cache keys
}

// newConfigMu serializes cc.NewConfig, which reads $CC: a Parser with its
// own Options.CC sets the variable for the duration of the call.
var newConfigMu sync.Mutex

// noCompilerForTest makes newEnv behave as if no C compiler were installed.
var noCompilerForTest bool

func newEnv(opts Options) *env {
	e := &env{}
	for _, d := range opts.IncludePaths {
		if d != "" {
			e.userDirs = append(e.userDirs, filepath.Clean(d))
		}
	}
	var defs strings.Builder
	defs.WriteString("#define _OPENACC 202211\n")
	for _, d := range opts.Defines {
		d = strings.TrimPrefix(strings.TrimSpace(d), "-D")
		if d == "" {
			continue
		}
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		fmt.Fprintf(&defs, "#undef %s\n#define %s %s\n", name, name, val)
		e.cppArgs = append(e.cppArgs, "-D"+name+"="+val)
	}
	e.defines = defs.String()

	cfg, err := hostConfig(opts.CC)
	if err != nil {
		e.note = fmt.Sprintf("no C compiler found (%v): system headers are not available and their #include lines are ignored", err)
		cfg = fallbackConfig()
	}
	e.sysDirs = cfg.SysIncludePaths
	// The document's own directory first (""), then the user's include
	// directories, then the system ones.
	c := *cfg
	c.IncludePaths = append(append([]string{""}, e.userDirs...), cfg.IncludePaths...)
	c.SysIncludePaths = append(append([]string(nil), e.userDirs...), cfg.SysIncludePaths...)
	e.cfg = &c
	// cc/v4 fills a private field of the Config on its first use (the
	// keyword table): do that use here, once, so that concurrent parses
	// only read the Config.
	cc.Parse(e.cfg, []cc.Source{{Name: "<warm-up>", Value: ""}})
	sum := sha256.New()
	fmt.Fprintf(sum, "accls-prelude-v1\x00%s\x00%s\x00%q\x00%q\x00", cfg.CC, cfg.Predefined, e.userDirs, opts.Defines)
	e.id = hex.EncodeToString(sum.Sum(nil))
	return e
}

// hostConfig runs cc.NewConfig for the compiler named by name (the default
// search when empty: $CC, cc, gcc).
func hostConfig(name string) (*cc.Config, error) {
	if noCompilerForTest {
		return nil, errors.New("disabled for a test")
	}
	newConfigMu.Lock()
	defer newConfigMu.Unlock()
	if name != "" {
		if _, err := exec.LookPath(name); err == nil {
			old, had := os.LookupEnv("CC")
			os.Setenv("CC", name)
			defer func() {
				if had {
					os.Setenv("CC", old)
				} else {
					os.Unsetenv("CC")
				}
			}()
		}
	}
	cfg, err := cc.NewConfig(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// fallbackConfig is a configuration for when no C compiler can be run: the
// ABI of the host and a minimal set of predefined macros. Documents still
// parse; only their system headers are missing.
func fallbackConfig() *cc.Config {
	abi, err := cc.NewABI(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		abi, _ = cc.NewABI("linux", "amd64")
	}
	predef := `#define __STDC__ 1
#define __STDC_VERSION__ 201710L
#define __STDC_HOSTED__ 1
#define __CHAR_BIT__ 8
#define __SIZE_TYPE__ long unsigned int
#define __PTRDIFF_TYPE__ long int
#define __WCHAR_TYPE__ int
#define __WINT_TYPE__ unsigned int
#define __INTMAX_TYPE__ long int
#define __UINTMAX_TYPE__ long unsigned int
#define __INT8_TYPE__ signed char
#define __INT16_TYPE__ short int
#define __INT32_TYPE__ int
#define __INT64_TYPE__ long int
#define __UINT8_TYPE__ unsigned char
#define __UINT16_TYPE__ short unsigned int
#define __UINT32_TYPE__ unsigned int
#define __UINT64_TYPE__ long unsigned int
#define __INTPTR_TYPE__ long int
#define __UINTPTR_TYPE__ long unsigned int
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR32_TYPE__ unsigned int
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 8
#define __SIZEOF_POINTER__ 8
#define __LP64__ 1
#define __x86_64__ 1
#define __linux__ 1
#define __GNUC__ 4
`
	return &cc.Config{ABI: abi, Predefined: predef, IncludePaths: []string{""}}
}

// An include is one #include line of the document.
type include struct {
	span   span32 // from '#' to the end of the line (newline excluded)
	name   string
	angled bool
	path   string // where it resolves, "" when it does not
	system bool   // it resolves into a system include directory
}

// resolve finds the header an #include line names, the way the host
// compiler would: "name" in the document's directory first, then in the
// user's directories, then in the system ones.
func (e *env) resolve(inc *include, docDir string) {
	try := func(dir string) bool {
		p := filepath.Join(dir, inc.name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			inc.path = p
			return true
		}
		return false
	}
	if filepath.IsAbs(inc.name) {
		if try("") {
			inc.system = e.isSysPath(inc.path)
		}
		return
	}
	if !inc.angled && docDir != "" && try(docDir) {
		return
	}
	for _, d := range e.userDirs {
		if try(d) {
			return
		}
	}
	for _, d := range e.sysDirs {
		if try(d) {
			inc.system = true
			return
		}
	}
}

func (e *env) isSysPath(p string) bool {
	for _, d := range e.sysDirs {
		if strings.HasPrefix(p, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// preludeCache holds flattened system includes in memory, by key, and on disk.
type preludeCache struct {
	dir string // "" when there is no usable cache directory

	mu      sync.Mutex
	entries map[string]*preludeEntry
	dropped map[string][]droppedHeader // by key: the headers left out of a prelude
}

type preludeEntry struct {
	done chan struct{}
	text string
	err  error
	at   time.Time // when err was set

	ixOnce sync.Once
	ix     *preludeIndex // see prune.go

	dropped []droppedHeader // includes the compiler could not preprocess
}

// retryAfter is how long a failure to make a prelude is remembered: a later
// parse (after the user installs a header, say) tries again.
const retryAfter = 10 * time.Second

// maxPreludes bounds the in-memory cache; beyond it the oldest keys are
// dropped (they stay on disk).
const maxPreludes = 32

// get returns the prelude for input (the include lines and the feature
// macros of a document), making it with the host compiler when neither the
// memory nor the disk cache has it. The compiler runs on its own time limit,
// not ctx's: a cancelled parse still leaves the prelude for the next one.
func (pc *preludeCache) get(ctx context.Context, e *env, input string) (*preludeEntry, error) {
	sum := sha256.Sum256([]byte(e.id + "\x00" + input))
	key := hex.EncodeToString(sum[:16])
	pc.mu.Lock()
	if pc.entries == nil {
		pc.entries = map[string]*preludeEntry{}
		pc.dropped = map[string][]droppedHeader{}
	}
	ent, ok := pc.entries[key]
	if ok {
		select {
		case <-ent.done:
			if ent.err != nil && time.Since(ent.at) > retryAfter {
				ok = false
			}
		default:
		}
	}
	if !ok {
		if len(pc.entries) >= maxPreludes {
			for k, v := range pc.entries {
				select {
				case <-v.done:
					delete(pc.entries, k)
				default:
				}
				if len(pc.entries) < maxPreludes {
					break
				}
			}
		}
		ent = &preludeEntry{done: make(chan struct{})}
		pc.entries[key] = ent
	}
	pc.mu.Unlock()
	if ok {
		select {
		case <-ent.done:
			return ent, ent.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	ent.text, ent.err = pc.load(e, key, input)
	pc.mu.Lock()
	ent.dropped = pc.dropped[key]
	pc.mu.Unlock()
	ent.at = time.Now()
	close(ent.done)
	return ent, ent.err
}

func (pc *preludeCache) load(e *env, key, input string) (string, error) {
	var file string
	if pc.dir != "" {
		file = filepath.Join(pc.dir, "prelude-"+key+".h")
		if b, err := os.ReadFile(file); err == nil {
			now := time.Now()
			os.Chtimes(file, now, now) // recently used: prunePreludes keeps it
			return string(b), nil
		}
	}
	text, dropped, err := flatten(e, input)
	if err != nil {
		return "", err
	}
	if len(dropped) > 0 {
		// Not cached on disk: the notes would be lost.
		pc.mu.Lock()
		pc.dropped[key] = dropped
		pc.mu.Unlock()
		return text, nil
	}
	if file != "" {
		if err := os.MkdirAll(pc.dir, 0o755); err == nil {
			if f, err := os.CreateTemp(pc.dir, "prelude-*.tmp"); err == nil {
				_, werr := f.WriteString(text)
				cerr := f.Close()
				if werr == nil && cerr == nil {
					os.Rename(f.Name(), file)
					prunePreludes(pc.dir, maxPreludeFiles)
				} else {
					os.Remove(f.Name())
				}
			}
		}
	}
	return text, nil
}

// flatten preprocesses input with the host compiler (`cc -E -dD`) and
// returns the result without the compiler's predefined macros and without
// line markers: declarations and macro definitions of the system headers.
// An #include that makes the compiler fail (a header that refuses to be
// included directly, say) is left out and reported in dropped.
func flatten(e *env, input string) (text string, dropped []droppedHeader, err error) {
	if e.note != "" {
		return "", nil, errors.New("no C compiler")
	}
	lines := strings.SplitAfter(input, "\n")
	for range 8 {
		out, msg, err := runCPP(e, strings.Join(lines, ""))
		if err == nil {
			return stripMarkers(out), dropped, nil
		}
		// "In file included from <stdin>:3:" or "<stdin>:3:10: fatal error"
		n := stdinLine(msg)
		if n < 1 || n > len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[n-1]), "#include") {
			return "", dropped, fmt.Errorf("%s -E: %v: %s", e.cfg.CC, err, firstLine(msg))
		}
		var inc include
		if parseHeaderName([]byte(strings.TrimSpace(lines[n-1])[len("#include"):]), &inc) {
			dropped = append(dropped, droppedHeader{inc.name, errorLine(msg)})
		}
		lines[n-1] = "\n"
	}
	return "", dropped, errors.New("too many headers fail")
}

// droppedHeader is a system header that the host compiler could not
// preprocess.
type droppedHeader struct{ name, msg string }

func runCPP(e *env, input string) (out []byte, msg string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	args := []string{"-E", "-dD", "-x", "c"}
	for _, d := range e.userDirs {
		args = append(args, "-I", d)
	}
	args = append(args, e.cppArgs...)
	args = append(args, "-")
	cmd := exec.CommandContext(ctx, e.cfg.CC, args...)
	cmd.Stdin = strings.NewReader(input)
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	return stdout.Bytes(), stderr.String(), err
}

// stdinLine finds the line of the compiler's input that an error message
// comes from.
func stdinLine(msg string) int {
	for _, l := range strings.Split(msg, "\n") {
		i := strings.Index(l, "<stdin>:")
		if i < 0 {
			continue
		}
		rest := l[i+len("<stdin>:"):]
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if n, err := strconv.Atoi(rest[:j]); err == nil {
			return n
		}
	}
	return -1
}

// errorLine is the first line of msg that says "error".
func errorLine(msg string) string {
	for _, l := range strings.Split(msg, "\n") {
		if i := strings.Index(l, "error: "); i >= 0 {
			return strings.TrimSpace(l[i+len("error: "):])
		}
	}
	return firstLine(msg)
}

// stripMarkers drops line markers and what comes from <built-in> and
// <command-line> (the predefined macros, which cfg.Predefined already has).
func stripMarkers(out []byte) string {
	var b strings.Builder
	b.Grow(len(out))
	skip := false
	for len(out) > 0 {
		line := out
		if i := bytes.IndexByte(out, '\n'); i >= 0 {
			line, out = out[:i], out[i+1:]
		} else {
			out = nil
		}
		if len(line) > 2 && line[0] == '#' && line[1] == ' ' && line[2] >= '0' && line[2] <= '9' {
			// # 12 "file" flags
			q := bytes.IndexByte(line, '"')
			if q > 0 {
				name := line[q:]
				if e := bytes.IndexByte(name[1:], '"'); e >= 0 {
					name = name[1 : e+1]
				}
				skip = name[0] == '<' && (string(name) == "<built-in>" || string(name) == "<command-line>")
			}
			continue
		}
		if skip {
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// maxPreludeFiles bounds the preludes kept on disk. A prelude is keyed by
// the include lines of a document, the compiler, the include directories
// and the macros: a new project, a new set of headers or a new directory
// on the include path is a new file, and a disk cache that only grows would
// collect them for good.
const maxPreludeFiles = 128

// prunePreludes removes the least recently used preludes of dir beyond max
// (a read touches its file), and the half-written ones an interrupted
// process left (older than an hour).
func prunePreludes(dir string, max int) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type prelude struct {
		path string
		used time.Time
	}
	var ps []prelude
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, "prelude-") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		switch {
		case strings.HasSuffix(name, ".h"):
			ps = append(ps, prelude{filepath.Join(dir, name), info.ModTime()})
		case strings.HasSuffix(name, ".tmp") && time.Since(info.ModTime()) > time.Hour:
			os.Remove(filepath.Join(dir, name))
		}
	}
	if len(ps) <= max {
		return
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].used.After(ps[j].used) })
	for _, p := range ps[max:] {
		os.Remove(p.path)
	}
}

// defaultCacheDir is os.UserCacheDir()/accls, or "" when there is none.
func defaultCacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "accls")
}
