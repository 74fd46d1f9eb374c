package runtime

import (
	"embed"
	"io/fs"
	"os"
	"path/filepath"
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
