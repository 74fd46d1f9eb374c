package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// defaultSemanticDelay is how long after the last change of a document the
// semantic run (C parse, region model, semantic checks) starts.
const defaultSemanticDelay = 200 * time.Millisecond

// settings are what the client configures, through initializationOptions
// and workspace/didChangeConfiguration, as
//
//	{"accls": {"includePaths": ["include"], "defines": ["N=1024"], "cc": "gcc"}}
//
// (the keys may also be given at the top level). initializationOptions also
// take "semanticDelayMs": the debounce of the semantic run in milliseconds
// (the longest: after quick runs it is shorter, see adaptiveDelay); a
// negative value turns the semantic run off (only directive-level results;
// the transcript tests use it to stay deterministic).
type settings struct {
	IncludePaths []string `json:"includePaths"`
	Defines      []string `json:"defines"`
	CC           string   `json:"cc"`
}

// rawSettings decodes both spellings: {"accls": {…}} and {…}.
type rawSettings struct {
	settings
	Accls           *settings `json:"accls"`
	SemanticDelayMs *int      `json:"semanticDelayMs"`
}

// parseSettings decodes settings JSON; ok is false when it holds no
// settings of ours (delay may still be set).
func parseSettings(b []byte) (s settings, delay *int, ok bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		return settings{}, nil, false
	}
	var r rawSettings
	var keys map[string]json.RawMessage
	if json.Unmarshal(b, &r) != nil || json.Unmarshal(b, &keys) != nil {
		return settings{}, nil, false
	}
	s = r.settings
	if r.Accls != nil {
		s = *r.Accls
	}
	_, ok1 := keys["accls"]
	_, ok2 := keys["includePaths"]
	_, ok3 := keys["defines"]
	_, ok4 := keys["cc"]
	return s, r.SemanticDelayMs, ok1 || ok2 || ok3 || ok4
}

// cOptions are the options of the C front end for one document: the
// client's settings first, then what the compilation database of the
// workspace says (-I and -D flags of compile_flags.txt or
// compile_commands.json, as clangd reads them).
type cOptions struct {
	IncludePaths []string
	Defines      []string
	CC           string
}

// key identifies options, to share one parser among the documents that use
// the same.
func (o cOptions) key() string {
	return strings.Join(o.IncludePaths, "\x00") + "\x01" + strings.Join(o.Defines, "\x00") + "\x01" + o.CC
}

// compileDB is the compilation database found in the workspace root: the
// flags of compile_flags.txt (for every file), or those of
// compile_commands.json by file.
type compileDB struct {
	all    *cFlags            // compile_flags.txt
	byFile map[string]*cFlags // compile_commands.json, by absolute clean path
	byDir  map[string]*cFlags // the first entry of each directory, for files not listed
}

// cFlags are the -I and -D flags of one command line.
type cFlags struct {
	includes, defines []string
}

// loadCompileDB reads compile_flags.txt or compile_commands.json from root
// (compile_commands.json also from root/build). A missing or unreadable
// database gives nil.
func loadCompileDB(root string) *compileDB {
	if root == "" {
		return nil
	}
	for _, p := range []string{filepath.Join(root, "compile_commands.json"), filepath.Join(root, "build", "compile_commands.json")} {
		if b, err := os.ReadFile(p); err == nil {
			if db := parseCompileCommands(b); db != nil {
				return db
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(root, "compile_flags.txt")); err == nil {
		var args []string
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" {
				args = append(args, l)
			}
		}
		return &compileDB{all: flagsOf(args, root)}
	}
	return nil
}

func parseCompileCommands(b []byte) *compileDB {
	var entries []struct {
		Directory string   `json:"directory"`
		File      string   `json:"file"`
		Command   string   `json:"command"`
		Arguments []string `json:"arguments"`
	}
	if json.Unmarshal(b, &entries) != nil {
		return nil
	}
	db := &compileDB{byFile: map[string]*cFlags{}, byDir: map[string]*cFlags{}}
	for _, e := range entries {
		args := e.Arguments
		if len(args) == 0 {
			args = splitCommand(e.Command)
		}
		f := flagsOf(args, e.Directory)
		file := e.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(e.Directory, file)
		}
		file = filepath.Clean(file)
		db.byFile[file] = f
		if _, ok := db.byDir[filepath.Dir(file)]; !ok {
			db.byDir[filepath.Dir(file)] = f
		}
	}
	return db
}

// flagsOf picks the -I and -D flags (joined or separate: -Idir, -I dir)
// out of a command line; relative include directories are made absolute
// against dir.
func flagsOf(args []string, dir string) *cFlags {
	f := &cFlags{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		for _, opt := range []string{"-I", "-D", "-isystem", "-iquote"} {
			v, ok := strings.CutPrefix(a, opt)
			if !ok {
				continue
			}
			if v == "" {
				if i+1 >= len(args) {
					break
				}
				i++
				v = args[i]
			}
			if opt == "-D" {
				f.defines = append(f.defines, v)
			} else {
				if !filepath.IsAbs(v) && dir != "" {
					v = filepath.Join(dir, v)
				}
				f.includes = append(f.includes, v)
			}
			break
		}
	}
	return f
}

// splitCommand splits a shell command line at blanks, honouring quotes and
// backslashes, well enough for compile commands.
func splitCommand(s string) []string {
	var args []string
	var cur strings.Builder
	inArg := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' && i+1 < len(s) {
				i++
				cur.WriteByte(s[i])
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inArg = c, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inArg = true
		case c == ' ' || c == '\t' || c == '\n':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}

// compileDB is the workspace's compilation database, nil when it has none.
func (s *server) compileDB() *compileDB {
	s.sem.mu.Lock()
	defer s.sem.mu.Unlock()
	return s.sem.db
}

// flagsFor returns the database's flags for the file at path ("" for a
// document that is not a file).
func (db *compileDB) flagsFor(path string) *cFlags {
	if db == nil {
		return nil
	}
	if db.all != nil {
		return db.all
	}
	if path == "" {
		return nil
	}
	path = filepath.Clean(path)
	if f := db.byFile[path]; f != nil {
		return f
	}
	return db.byDir[filepath.Dir(path)]
}

// optionsFor combines the settings and the database's flags for a document.
func optionsFor(st settings, root string, db *compileDB, path string) cOptions {
	o := cOptions{CC: st.CC}
	for _, p := range st.IncludePaths {
		if !filepath.IsAbs(p) && root != "" {
			p = filepath.Join(root, p)
		}
		o.IncludePaths = append(o.IncludePaths, p)
	}
	o.Defines = append(o.Defines, st.Defines...)
	if f := db.flagsFor(path); f != nil {
		for _, p := range f.includes {
			if !slices.Contains(o.IncludePaths, p) {
				o.IncludePaths = append(o.IncludePaths, p)
			}
		}
		o.Defines = append(o.Defines, f.defines...)
	}
	return o
}

// uriPath is the file system path of a file: URI, "" for other schemes.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}
