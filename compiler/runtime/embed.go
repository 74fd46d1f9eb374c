package runtime

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
)

//go:embed c/accrt.h c/accrt.c c/openacc.h c/accrt_gen.h
var embedded embed.FS

// files is the c/ folder of the package: Go refuses .c files in a package
// directory that does not use cgo, so the C sources live one level down.
var files = mustSub(embedded, "c")

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err)
	}
	return s
}

// names are the runtime's files, headers first.
var names = []string{"accrt.h", "accrt_gen.h", "openacc.h", "accrt.c"}

// FS returns the runtime's files (accrt.h, openacc.h, accrt.c) at its root.
func FS() fs.FS { return files }

// Files returns a fresh map from file name to contents.
func Files() map[string][]byte {
	m := make(map[string][]byte, len(names))
	for _, n := range names {
		b, err := fs.ReadFile(files, n)
		if err != nil {
			panic(err) // embedded: cannot happen
		}
		m[n] = b
	}
	return m
}

// WriteTo writes the runtime's files into dir (created if missing) and returns
// their paths, headers first. Compile the .c file with the program and link
// with LinkFlags; add dir to the include path.
func WriteTo(dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, n := range names {
		b, _ := fs.ReadFile(files, n)
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// Source is the name of the runtime's C source among Files.
const Source = "accrt.c"

// LinkFlags are the linker flags a program using the runtime needs.
func LinkFlags() []string { return []string{"-lOpenCL"} }

// HeadersDir returns a directory with the runtime's files for a C front
// end's include path (openacc.h): CachedDir, else a temporary directory
// that remove deletes (for the cached one remove does nothing).
func HeadersDir() (dir string, remove func(), err error) {
	if dir := CachedDir(); dir != "" {
		return dir, func() {}, nil
	}
	dir, err = os.MkdirTemp("", "accls-rt-")
	if err != nil {
		return "", func() {}, err
	}
	if _, err := WriteTo(dir); err != nil {
		os.RemoveAll(dir)
		return "", func() {}, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// CachedDir returns a directory holding the runtime's files that keeps its
// path while the runtime keeps its text: os.UserCacheDir()/accls/
// rt-src-HASH, written on first use (and again when a file there no longer
// matches). A C front end whose include path names it finds its prelude of
// system headers in the disk cache from one process to the next; a fresh
// temporary directory is a new include path, hence a new prelude, for every
// `accls run` and every editor session (source/cfacts, env.go). "" when
// there is no usable cache directory: the caller writes the files into a
// temporary one.
func CachedDir() string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	dir := filepath.Join(base, "accls", "rt-src-"+filesHash())
	if holdsRuntime(dir) {
		return dir
	}
	// Written beside it and renamed, so that a concurrent process never
	// reads half a header; the loser of a race keeps the winner's copy.
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return ""
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "rt-src-*.tmp")
	if err != nil {
		return ""
	}
	defer os.RemoveAll(tmp)
	if _, err := WriteTo(tmp); err != nil {
		return ""
	}
	if err := os.Rename(tmp, dir); err != nil {
		if holdsRuntime(dir) {
			return dir // another process wrote it meanwhile
		}
		os.RemoveAll(dir) // a copy that no longer matches (edited by hand)
		if err := os.Rename(tmp, dir); err != nil && !holdsRuntime(dir) {
			return ""
		}
	}
	if !holdsRuntime(dir) {
		return ""
	}
	return dir
}

// holdsRuntime reports whether dir holds exactly the runtime's files.
func holdsRuntime(dir string) bool {
	for _, n := range names {
		want, _ := fs.ReadFile(files, n)
		got, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || !bytes.Equal(got, want) {
			return false
		}
	}
	return true
}

// filesHash identifies the runtime's text (the embedded files never change
// in a process: computed once).
var filesHash = sync.OnceValue(func() string {
	h := sha256.New()
	for _, n := range names {
		b, _ := fs.ReadFile(files, n)
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
})
