package compiler

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The kernel build server: the prebuild driver (kernelprebuild.go) run as
// a process that stays, so that the builds after the first find the
// OpenCL platforms started and the device compiler loaded.
//
// Why: most of a cold clBuildProgram on PoCL is fixed cost. On the 2-core
// container (PoCL 3.1), real1k's 45 kernels build in 1.44–1.48 s in a
// fresh process and in 0.71–0.87 s in one that has built another program
// before; on the H100's host (PoCL 5, 16 cores) 1.14–1.34 s against
// 0.39–0.43 s (bench/README.md, translation time). An edit-build-run cycle
// builds changed kernels every time: the server turns the fixed part into
// a one-time cost, like gopls's daemon or Gradle's.
//
// How: the server listens on a Unix socket in a private directory
// (os.TempDir()/accls-UID, mode 0700), named by a hash of the driver's
// path (which already keys the runtime's text, the C compiler and its
// options) and of the environment the driver would get (prebuildEnv: the
// device selection, ACCLS_CL_OPTIONS, POCL_* and CUDA_* cache settings,
// library paths…): a build never goes to a server started with other
// settings. The first build starts it (a session of its own, no standard
// streams, the working directory "/": a relative path in the environment
// would not mean the same there, so use absolute ones) and waits for its
// socket. It builds
// one program at a time; a request that finds it building is answered
// "busy" and builds in a process of its own, as without a server, so that
// parallel builds do not wait for each other. It leaves after
// ACCLS_KERNEL_SERVER_IDLE seconds without a request (default 300; 0: no
// server, every prebuild in a process of its own), or when its socket is
// removed or replaced. It only builds kernels: nothing of the user's
// program runs in it, and its answers are never read back into a build
// (the OpenCL driver's cache is what the run finds, as with the one-shot
// prebuild). Any failure to reach it falls back to the one-shot prebuild.

// kernelServerIdle is ACCLS_KERNEL_SERVER_IDLE in seconds, 0 when there is
// to be no server.
func kernelServerIdle() float64 {
	v := strings.TrimSpace(os.Getenv("ACCLS_KERNEL_SERVER_IDLE"))
	if v == "" {
		return 300
	}
	s, err := strconv.ParseFloat(v, 64)
	if err != nil || s <= 0 {
		return 0
	}
	return s
}

// volatileEnv are variables a shell changes from one command to the next
// and that mean nothing to an OpenCL driver: they do not make another
// server.
var volatileEnv = map[string]bool{"PWD": true, "OLDPWD": true, "SHLVL": true, "_": true}

// kernelServerSocket is the socket of the server for driver and env, ""
// when no private directory can be had for it.
func kernelServerSocket(driver string, env []string) string {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("accls-%d", os.Getuid()))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	// the directory must be ours and private: another user's socket there
	// would be asked to build our kernels
	fi, err := os.Lstat(dir)
	st, ok := fi.Sys().(*syscall.Stat_t)
	if err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 || !ok || int(st.Uid) != os.Getuid() {
		return ""
	}
	var keep []string
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); !volatileEnv[k] {
			keep = append(keep, kv)
		}
	}
	sort.Strings(keep)
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", driver)
	for _, kv := range keep {
		fmt.Fprintf(h, "%s\x00", kv)
	}
	sock := filepath.Join(dir, "kb-"+hex.EncodeToString(h.Sum(nil))[:20]+".sock")
	if len(sock) >= 104 { // sockaddr_un's sun_path, less its terminator
		return ""
	}
	return sock
}

// serverPrebuild asks the kernel build server of driver and opts to build
// the kernels file cl, starting the server when none answers. It returns
// the server's answer ("ok N PID" or "fail N PID": built or not, N the
// builds it has served) and true when the server took the build, false
// when the build is to be done without it (no server, busy, unreachable,
// or gone during the build).
func serverPrebuild(ctx context.Context, driver, cl string, opts Options) (string, bool) {
	idle := kernelServerIdle()
	if idle == 0 {
		return "", false
	}
	env := prebuildEnv(opts)
	sock := kernelServerSocket(driver, env)
	if sock == "" {
		return "", false
	}
	conn, err := dialKernelServer(sock)
	if err != nil {
		exited, err := startKernelServer(driver, sock, idle, env)
		if err != nil {
			return "", false
		}
		// it listens before it starts OpenCL: milliseconds. It exits at
		// once when it cannot listen, or when another server answers
		// there (two builds started one each): then one more try.
		conn, err = dialKernelServer(sock)
		for wait := 5 * time.Millisecond; err != nil && wait < 2*time.Second; wait *= 2 {
			select {
			case <-ctx.Done():
				return "", false
			case <-exited:
				conn, err = dialKernelServer(sock)
				wait = 2 * time.Second
				continue
			case <-time.After(wait):
			}
			conn, err = dialKernelServer(sock)
		}
		if err != nil {
			return "", false
		}
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	if _, err := fmt.Fprintf(conn, "build %s\n", cl); err != nil {
		return "", false
	}
	answer, err := bufio.NewReader(conn).ReadString('\n')
	answer = strings.TrimSuffix(answer, "\n")
	if err != nil || !(strings.HasPrefix(answer, "ok ") || strings.HasPrefix(answer, "fail ")) {
		return answer, false
	}
	return answer, true
}

func dialKernelServer(sock string) (net.Conn, error) {
	return net.DialTimeout("unix", sock, time.Second)
}

// startKernelServer starts the server of driver on sock, in a session of
// its own so that it outlives this process and no terminal signal reaches
// it; exited is closed when it leaves (its status is collected then).
func startKernelServer(driver, sock string, idle float64, env []string) (exited <-chan struct{}, err error) {
	cmd := exec.Command(driver, "--serve", sock, strconv.FormatFloat(idle, 'f', -1, 64))
	cmd.Env = env
	cmd.Dir = "/"
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() {
		cmd.Wait()
		close(done)
	}()
	return done, nil
}

// stopKernelServer asks the server on sock to leave once its builds are
// done (for tests and tools; servers leave by themselves when idle).
func stopKernelServer(sock string) error {
	conn, err := dialKernelServer(sock)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintf(conn, "quit\n"); err != nil {
		return err
	}
	answer, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || answer != "bye\n" {
		return fmt.Errorf("kernel build server on %s: answer %q (%v)", sock, answer, err)
	}
	return nil
}
