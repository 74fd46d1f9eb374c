package compiler

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/accls/accls/compiler/runtime"
)

// Kernel prebuild: the kernels are built for the device at build time, in
// parallel with the host C compiler, so that the program's first run finds
// the build in the device compiler's own cache and does not wait for it.
//
// Why: on PoCL a cold clBuildProgram costs 0.9–1.9 s (most of it fixed:
// clang on the OpenCL C headers, then linking PoCL's kernel library; a
// 1-kernel program 0.9–1.2 s, the 185-kernel gen1k 1.5–1.9 s on the
// 2-core container) and a warm one 60–100 ms, because
// PoCL keeps every build in its kernel cache (POCL_CACHE_DIR, by default
// ~/.cache/pocl/kcache) keyed by source, options and device. NVIDIA's
// OpenCL caches program builds too (~/.nv/ComputeCache; CUDA_CACHE_DISABLE=1
// turns it off). The build happens through the runtime itself, so the
// source, the options (-DACCLS_DEVICE_TYPE, -cl-fp32-correctly-rounded-
// divide-sqrt, ACCLS_CL_OPTIONS) and the device selection (ACCLS_DEVICE,
// or Options.Device) are exactly those of the run: a small driver
// (prebuildDriver) compiled with the runtime once per runtime text, C
// compiler and options (os.UserCacheDir()/accls/prebuild/driver-HASH; at
// -O0: its speed is the driver's, not the kernels', and it compiles in 0.3 s
// CPU instead of 1.4) calls accrt_program on the translation's .cl file.
//
// Tried and not kept (measured with PoCL 5 on 16 cores, real1k's 45
// kernels): starting the driver before the translation, so that the OpenCL
// platforms (NVIDIA's and PoCL's: 130–230 ms there) start while accls
// translates (70–130 ms), with or without a one-kernel warm-up build to
// load PoCL's compiler early. A build of real1k after the warm-up took
// 0.39–0.43 s instead of 1.14–1.34 s, but the warm-up itself 0.67–0.72 s;
// accls build was 0.05–0.2 s slower with the warm-up and no different
// without it (five alternating rounds each, bench/README.md).
//
// The prebuild is invisible to correctness: nothing of it is read back by
// accls; the OpenCL driver's cache answers only for the same source,
// options and device, and anything else builds at run time as before
// (TestKernelPrebuild). A failure (no OpenCL, a kernel that does not
// compile) is ignored here: the run reports it with the runtime's
// messages; a failed host build stops it. ACCLS_NO_KERNEL_PREBUILD=1 turns
// it off; a program without kernels has none.
//
// What it does not do: PoCL compiles each kernel's work-group function
// lazily at its first launch (about 90–150 ms CPU per kernel on the 2-core
// container: 30–40 ms work-group IR, 40–90 ms code generation and linking),
// specialized for the local size and the grid; that stays in the first run.
// Asking PoCL for CL_PROGRAM_BINARIES compiles every kernel (for a dynamic
// local size) and took 28 s for gen1k's 185 kernels, and a program created
// from that binary still compiles the specialized functions at launch
// (bench/README.md, translation time): so no binary is taken from PoCL.

// prebuildDriver is the C main of the prebuild. "DRIVER FILE.cl NAME"
// builds the kernels of FILE.cl once; "DRIVER --serve SOCKET IDLE" is the
// kernel build server (kernelserver.go): it answers requests on the Unix
// socket SOCKET, one line each, until it has been idle IDLE seconds:
//
//	build /ABS/FILE.cl   ->  "ok N PID" or "fail N PID" (N: builds served),
//	                          "busy" while another build runs
//	quit                 ->  "bye", then it exits once its builds are done
//
// anything else gets "error: ...". It exits also when SOCKET is removed or
// replaced; it removes SOCKET when it leaves, if it is still its own.
const prebuildDriver = `/* accls kernel prebuild (compiler/kernelprebuild.go, kernelserver.go):
 * builds a translated program's kernels with the runtime, so that the device
 * compiler's cache holds them when the program runs; once, or as a server
 * that keeps the OpenCL driver and its compiler loaded between builds. */
#include "accrt.h"
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long n;
	char *src = NULL;
	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (src = malloc((size_t)n + 1)) != NULL) {
		if (fread(src, 1, (size_t)n, f) == (size_t)n) {
			src[n] = '\0';
		} else {
			free(src);
			src = NULL;
		}
	}
	fclose(f);
	return src;
}

static int build_file(const char *path)
{
	char *src = read_file(path);
	int ok = src && accrt_prebuild(src);
	free(src);
	return ok;
}

/* ---- the server ---- */

static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;
static int active;          /* connections being answered */
static double last;         /* when the last one was answered */
static unsigned long served; /* builds */
static int quitting;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void reply(int fd, const char *s)
{
	size_t n = strlen(s);
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void *answer(void *arg)
{
	int fd = (int)(intptr_t)arg;
	char req[8192], out[96];
	size_t n = 0;
	char *nl = NULL;
	struct timeval tv = {10, 0}; /* a client that never finishes its line */
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	while (n < sizeof req - 1 && !nl) {
		ssize_t r = read(fd, req + n, sizeof req - 1 - n);
		if (r <= 0)
			break;
		req[n + (size_t)r] = '\0';
		nl = strchr(req + n, '\n');
		n += (size_t)r;
	}
	req[n] = '\0';
	if (!nl) {
		reply(fd, "error: a request is one line\n");
	} else {
		*nl = '\0';
		if (strcmp(req, "quit") == 0) {
			pthread_mutex_lock(&state_lock);
			quitting = 1;
			pthread_mutex_unlock(&state_lock);
			reply(fd, "bye\n");
		} else if (strncmp(req, "build /", 7) == 0) {
			if (pthread_mutex_trylock(&build_lock) != 0) {
				reply(fd, "busy\n");
			} else {
				int ok = build_file(req + 6);
				unsigned long k;
				pthread_mutex_unlock(&build_lock);
				pthread_mutex_lock(&state_lock);
				k = ++served;
				pthread_mutex_unlock(&state_lock);
				snprintf(out, sizeof out, "%s %lu %ld\n", ok ? "ok" : "fail", k, (long)getpid());
				reply(fd, out);
			}
		} else {
			reply(fd, "error: unknown request\n");
		}
	}
	close(fd);
	pthread_mutex_lock(&state_lock);
	active--;
	last = now_s();
	pthread_mutex_unlock(&state_lock);
	return NULL;
}

/* bind_socket binds fd to path, replacing a socket nobody listens on; 0
 * when another server answers there, -1 on failure. */
static int bind_socket(int fd, const char *path, struct sockaddr_un *a)
{
	int c;
	if (bind(fd, (struct sockaddr *)a, sizeof *a) == 0)
		return 1;
	if (errno != EADDRINUSE)
		return -1;
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	if (c >= 0 && connect(c, (struct sockaddr *)a, sizeof *a) == 0) {
		close(c);
		return 0;
	}
	if (c >= 0)
		close(c);
	unlink(path);
	return bind(fd, (struct sockaddr *)a, sizeof *a) == 0 ? 1 : -1;
}

static int serve(const char *path, double idle)
{
	struct sockaddr_un a;
	struct stat st, now;
	pthread_attr_t attr;
	int fd, b;
	if (strlen(path) >= sizeof a.sun_path || idle <= 0)
		return 2;
	memset(&a, 0, sizeof a);
	a.sun_family = AF_UNIX;
	strcpy(a.sun_path, path);
	signal(SIGPIPE, SIG_IGN);
	umask(077);
	fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (fd < 0 || (b = bind_socket(fd, path, &a)) < 0 || listen(fd, 64) != 0 || stat(path, &st) != 0)
		return 2;
	if (b == 0)
		return 0;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	last = now_s();
	for (;;) {
		struct pollfd p = {fd, POLLIN, 0};
		int stop;
		if (poll(&p, 1, 250) > 0 && (p.revents & POLLIN)) {
			int c = accept(fd, NULL, NULL);
			pthread_t t;
			if (c >= 0) {
				pthread_mutex_lock(&state_lock);
				active++;
				pthread_mutex_unlock(&state_lock);
				if (pthread_create(&t, &attr, answer, (void *)(intptr_t)c) != 0) {
					close(c);
					pthread_mutex_lock(&state_lock);
					active--;
					pthread_mutex_unlock(&state_lock);
				}
			}
		}
		if (stat(path, &now) != 0 || now.st_ino != st.st_ino || now.st_dev != st.st_dev)
			break; /* removed or replaced: no longer ours to remove */
		pthread_mutex_lock(&state_lock);
		stop = active == 0 && (quitting || now_s() - last >= idle);
		pthread_mutex_unlock(&state_lock);
		if (stop) {
			unlink(path);
			break;
		}
	}
	/* no exit handlers: the OpenCL drivers' teardown is not needed and
	 * has nothing to flush (the builds are in their caches already) */
	_exit(0);
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "--serve") == 0)
		return serve(argv[2], atof(argv[3]));
	if (argc != 3)
		return 2;
	return build_file(argv[1]) ? 0 : 1;
}
`

// startKernelPrebuild starts the prebuild of f's kernels; finish(failed)
// stops it when the host build failed, and waits for it.
func startKernelPrebuild(ctx context.Context, f *Files, opts Options) (finish func(failed bool)) {
	if perfEnvOn("ACCLS_NO_KERNEL_PREBUILD") || runsOnHost(opts) {
		return func(bool) {}
	}
	ctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, u := range f.units() { // each file's kernels are a program of their own
			kernelPrebuild(ctx, u, opts)
		}
	}()
	return func(failed bool) {
		if failed {
			stop()
		}
		<-done
		stop()
	}
}

// kernelPrebuild builds the kernels of f on the run's device. It returns
// when the build is done or has failed (failures are ignored, see above).
func kernelPrebuild(ctx context.Context, f *Files, opts Options) {
	cl, err := os.ReadFile(f.CL)
	if err != nil || !strings.Contains(string(cl), "__kernel") {
		return
	}
	driver := prebuildDriverPath(f, opts)
	if driver == "" {
		return
	}
	if _, err := os.Stat(driver); err != nil {
		if !buildPrebuildDriver(ctx, f, driver, opts) {
			return
		}
	}
	if cl, err := filepath.Abs(f.CL); err == nil {
		if _, served := serverPrebuild(ctx, driver, cl, opts); served {
			return
		}
	}
	cmd := exec.CommandContext(ctx, driver, f.CL, strings.TrimSuffix(filepath.Base(f.CL), ".cl")+".c")
	cmd.Env = prebuildEnv(opts)
	_ = cmd.Run() // the run reports what failed here
}

// prebuildDriverArgs compiles the driver src with the runtime of f into out.
func prebuildDriverArgs(f *Files, src, out string, opts Options) []string {
	args := strings.Fields(CCommand(opts))
	args = append(args, "-O0", "-D_OPENACC=202211", "-I", f.Dir)
	for _, d := range opts.Defines {
		args = append(args, "-D"+d)
	}
	args = append(args, src, filepath.Join(f.Dir, runtime.Source), "-o", out)
	args = append(args, runtime.LinkFlags()...)
	return append(args, "-lm", "-pthread")
}

// prebuildDriverPath is where the driver for f's runtime and opts is
// cached ("" when there is no cache directory): keyed like the runtime
// object (buildcache.go) by the command, the compiler and the runtime's
// text, and by the driver's source.
func prebuildDriverPath(f *Files, opts Options) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	key := buildKey(f, opts, prebuildDriverArgs(f, "", "", opts), prebuildDriver)
	if key == "" {
		return ""
	}
	return filepath.Join(dir, "accls", "prebuild", "driver-"+key)
}

// buildPrebuildDriver compiles the driver into the cache (under a
// temporary name, then renamed; nothing is left behind on failure).
func buildPrebuildDriver(ctx context.Context, f *Files, driver string, opts Options) bool {
	if os.MkdirAll(filepath.Dir(driver), 0o755) != nil {
		return false
	}
	src, err := os.CreateTemp(f.Dir, "accls-prebuild-*.c")
	if err != nil {
		return false
	}
	defer os.Remove(src.Name())
	_, err = src.WriteString(prebuildDriver)
	if cerr := src.Close(); err != nil || cerr != nil {
		return false
	}
	tf, err := os.CreateTemp(filepath.Dir(driver), "driver-*.tmp")
	if err != nil {
		return false
	}
	tmp := tf.Name()
	tf.Close()
	if _, err := runCC(ctx, prebuildDriverArgs(f, src.Name(), tmp, opts)); err != nil {
		os.Remove(tmp)
		return false
	}
	if err := os.Rename(tmp, driver); err != nil {
		os.Remove(tmp)
		return false
	}
	return true
}

// runsOnHost reports whether the run's device is the host, which has no
// kernels to build.
func runsOnHost(opts Options) bool { return RunsOnHost(opts.Device) }

// RunsOnHost reports whether a program run with device selector sel (""
// for the environment's) starts on the host: --device host, ACCLS_DEVICE=
// host, or ACC_DEVICE_TYPE=host without ACCLS_DEVICE (accrt.h
// accrt_on_host). accls run then builds it with its host code
// (Options.HostCode).
func RunsOnHost(sel string) bool {
	if sel == "" {
		sel = os.Getenv("ACCLS_DEVICE")
	}
	if sel == "" {
		sel = os.Getenv("ACC_DEVICE_TYPE")
	}
	return IsHostSelector(sel)
}

// IsHostSelector reports whether device selector sel names the host (any
// case), as the runtime reads ACCLS_DEVICE.
func IsHostSelector(sel string) bool { return strings.EqualFold(strings.TrimSpace(sel), "host") }

// prebuildEnv is the run's environment for the driver: the device the
// program will use, and none of the runtime's output switches (a profile
// file or build messages would be the driver's, not the program's).
func prebuildEnv(opts Options) []string {
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "ACCLS_PROFILE", "ACCLS_VERBOSE":
			continue
		case "ACCLS_DEVICE":
			if opts.Device != "" {
				continue
			}
		}
		env = append(env, kv)
	}
	if opts.Device != "" {
		env = append(env, "ACCLS_DEVICE="+opts.Device)
	}
	return env
}
