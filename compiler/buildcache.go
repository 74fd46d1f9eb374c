package compiler

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/accls/accls/compiler/runtime"
)

// The runtime (accrt.c, ~2000 lines) is the same for every program: Build
// compiles it once per runtime text, C compiler and options into the user's
// cache directory (os.UserCacheDir()/accls/rt/accrt-HASH.o) and links that
// object. On a miss the runtime object and the host program compile in
// parallel, then link. Any problem with the cache falls back to the one
// command of BuildArgs. ACCLS_NO_RT_CACHE=1 turns the cache off.

// runtimeObjectArgs is the command that compiles the runtime of f into obj.
func runtimeObjectArgs(f *Files, obj string, opts Options) []string {
	args := strings.Fields(CCommand(opts))
	args = append(args, "-O2", "-D_OPENACC=202211", "-I", f.Dir)
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	return append(args, "-c", filepath.Join(f.Dir, runtime.Source), "-o", obj)
}

// runtimeObjectPath is where the cached runtime object for f and opts lives
// ("" when there is no cache directory).
func runtimeObjectPath(f *Files, opts Options) string {
	if perfEnvOn("ACCLS_NO_RT_CACHE") {
		return ""
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := buildKey(f, opts, runtimeObjectArgs(f, "", opts))
	if key == "" {
		return ""
	}
	return filepath.Join(dir, "accls", "rt", "accrt-"+key+".o")
}

// buildKey identifies a cached build of f's runtime: the command args
// (without the translation's directory), the C compiler (its resolved path
// and modification time) and the runtime's text, plus extra (another
// source compiled with it); "" when the compiler or the runtime cannot be
// read.
func buildKey(f *Files, opts Options, args []string, extra ...string) string {
	h := sha256.New()
	for _, x := range extra {
		h.Write([]byte(x))
	}
	for _, a := range args {
		if strings.HasPrefix(a, f.Dir) {
			continue // the translation's directory: not part of the identity
		}
		h.Write([]byte(a + "\x00"))
	}
	// the compiler's identity: its resolved path and version banner
	cc := strings.Fields(CCommand(opts))
	if len(cc) == 0 {
		return ""
	}
	if p, err := exec.LookPath(cc[0]); err == nil {
		h.Write([]byte(p))
		if st, err := os.Stat(p); err == nil {
			h.Write([]byte(st.ModTime().String()))
		}
	}
	for _, name := range f.Runtime {
		b, err := os.ReadFile(name)
		if err != nil {
			return ""
		}
		h.Write([]byte(filepath.Base(name) + "\x00"))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]

}

// buildCached builds with the cached runtime object; ok is false when the
// cache cannot be used (the caller then builds the plain way).
func buildCached(ctx context.Context, f *Files, exe, srcDir string, opts Options) (ok bool, err error) {
	obj := runtimeObjectPath(f, opts)
	if obj == "" {
		return false, nil
	}
	var rtErr error
	var wg sync.WaitGroup
	if _, err := os.Stat(obj); err != nil {
		if os.MkdirAll(filepath.Dir(obj), 0o755) != nil {
			return false, nil
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			tf, err := os.CreateTemp(filepath.Dir(obj), "accrt-*.o.tmp")
			if err != nil {
				rtErr = err
				return
			}
			tmp := tf.Name()
			tf.Close()
			if _, err := runCC(ctx, runtimeObjectArgs(f, tmp, opts)); err != nil {
				os.Remove(tmp)
				rtErr = err
				return
			}
			if err := os.Rename(tmp, obj); err != nil {
				rtErr = err
			}
		}()
	}
	// the host files: compile only (-c), while the runtime compiles
	var hostObjs []string
	var compile []string
	var out string
	for _, u := range f.units() {
		hostObj := strings.TrimSuffix(u.Host, ".c") + ".o"
		hostObjs = append(hostObjs, hostObj)
		compile = append(compileFlags(f, srcDir, opts), "-c", u.Host, "-o", hostObj)
		if out, err = runCC(ctx, compile); err != nil {
			break
		}
	}
	wg.Wait()
	if err != nil {
		// the user's code does not compile: the messages, as the plain build gives them
		return true, &BuildError{Args: compile, Output: out, Err: err}
	}
	if rtErr != nil {
		return false, nil
	}
	link := append(strings.Fields(CCommand(opts)), hostObjs...)
	link = append(link, obj, "-o", exe)
	link = append(link, runtime.LinkFlags()...)
	if callsOpenMP(f) {
		link = append(link, "-lgomp")
	}
	link = append(link, "-lm")
	if out, err := runCC(ctx, link); err != nil {
		return true, &BuildError{Args: link, Output: out, Err: err}
	}
	return true, nil
}

func runCC(ctx context.Context, args []string) (string, error) {
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}
