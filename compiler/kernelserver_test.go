//go:build unix

package compiler_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/accls/accls/compiler"
)

// TestKernelServer: the kernel build server (kernelserver.go) takes the
// builds of one device and environment one after another in one process
// (its answers count them and name its pid), and Build goes through it;
// a kernel that does not compile is answered "fail" and the server goes
// on; malformed requests get an error; a request that finds it building
// is answered "busy" (the build then happens in a process of its own);
// other build options get another server; a stale socket is replaced; it
// leaves when idle and when its socket is removed; ACCLS_KERNEL_SERVER_IDLE=0
// means no server.
func TestKernelServer(t *testing.T) {
	dir, pocl := poclTestEnv(t)
	t.Setenv("ACCLS_KERNEL_SERVER_IDLE", "120")
	ctx := context.Background()
	opts := options(t)
	var socks []string
	t.Cleanup(func() {
		for _, s := range socks {
			compiler.StopKernelServer(s)
		}
	})

	n := 0
	translated := func(factor string) *compiler.Files {
		t.Helper()
		n++
		src := filepath.Join(dir, fmt.Sprintf("k%d.c", n))
		text := `int a[64];
int main(void)
{
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 64; i++)
		a[i] = i * ` + factor + `;
	return a[1] != ` + factor + `;
}
`
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := compiler.Translate(ctx, src, []byte(text), opts, "")
		if err != nil {
			t.Fatalf("translate: %v", err)
		}
		files, err := compiler.WriteFiles(res, filepath.Join(dir, fmt.Sprintf("out%d", n)))
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	// serve asks the server to build f's kernels and checks its answer:
	// want "ok" or "fail", the builds it has served, and its pid (0: any,
	// which it returns).
	serve := func(f *compiler.Files, want string, count, pid int) (string, int) {
		t.Helper()
		answer, sock, served := compiler.KernelServerBuild(ctx, f, opts)
		if !served {
			t.Fatalf("the server did not take the build (answer %q, socket %q)", answer, sock)
		}
		if len(socks) == 0 || socks[len(socks)-1] != sock {
			socks = append(socks, sock)
		}
		var verdict string
		var k, p int
		if _, err := fmt.Sscanf(answer, "%s %d %d", &verdict, &k, &p); err != nil || verdict != want || k != count || (pid != 0 && p != pid) {
			t.Fatalf("answer %q, want %q after %d builds from pid %d", answer, want, count, pid)
		}
		return sock, p
	}
	programs := func() int { return poclPrograms(pocl) }

	// one process, builds in PoCL's cache
	sock, pid := serve(translated("3"), "ok", 1, 0)
	serve(translated("5"), "ok", 2, pid)
	if got := programs(); got != 2 {
		t.Fatalf("%d program builds in PoCL's cache after two served builds, want 2", got)
	}
	// Build's prebuild goes through it
	f := translated("9")
	if err := compiler.Build(ctx, f, filepath.Join(dir, "k"), dir, opts); err != nil {
		t.Fatalf("build: %v", err)
	}
	serve(translated("11"), "ok", 4, pid)

	// a kernel that does not compile: "fail", and the server goes on
	broken := *f
	broken.CL = filepath.Join(dir, "broken.cl")
	if err := os.WriteFile(broken.CL, []byte("__kernel void k(__global int *a) { a[0] = ; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	serve(&broken, "fail", 5, pid)
	serve(translated("13"), "ok", 6, pid)

	// malformed requests
	ask := func(req string, closeWrite bool) string {
		t.Helper()
		conn, err := net.Dial("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(time.Minute))
		conn.Write([]byte(req))
		if closeWrite {
			conn.(*net.UnixConn).CloseWrite()
		}
		answer, _ := bufio.NewReader(conn).ReadString('\n')
		return answer
	}
	for _, c := range []struct {
		req        string
		closeWrite bool
		want       string
	}{
		{"hello\n", false, "error: unknown request\n"},
		{"build relative/k.cl\n", false, "error: unknown request\n"},
		{"\x00\xff\xfe binary, no newline", true, "error: a request is one line\n"},
		{strings.Repeat("x", 20000) + "\n", false, "error: a request is one line\n"},
	} {
		if got := ask(c.req, c.closeWrite); got != c.want {
			t.Errorf("request %.40q: answer %q, want %q", c.req, got, c.want)
		}
	}

	// busy: a build that waits for its source (a FIFO nobody writes yet)
	// holds the server; a second request is answered at once
	fifo := filepath.Join(dir, "wait.cl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // a server still waiting for it could not leave
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
	})
	first := make(chan string, 1)
	go func() {
		for { // (until it holds the server: a probe below may hold it a moment)
			conn, err := net.Dial("unix", sock)
			if err != nil {
				first <- err.Error()
				return
			}
			fmt.Fprintf(conn, "build %s\n", fifo)
			answer, _ := bufio.NewReader(conn).ReadString('\n')
			conn.Close()
			if answer != "busy\n" {
				first <- answer
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	// the probe builds a file that is not there: a moment's work when the
	// server is free, "busy" once the FIFO's build holds it
	busy := ""
	probe := "build " + filepath.Join(dir, "no-such-file.cl") + "\n"
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if busy = ask(probe, false); busy == "busy\n" {
			break
		}
	}
	if busy != "busy\n" {
		t.Fatalf("a request while the server builds: answer %q, want \"busy\\n\"", busy)
	}
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	w.WriteString("__kernel void k(__global int *a) { a[0] = 1; }\n")
	w.Close()
	if got := <-first; !strings.HasPrefix(got, "fail ") && !strings.HasPrefix(got, "ok ") {
		t.Fatalf("the build that held the server: answer %q", got)
	}

	// other build options: another server
	t.Setenv("ACCLS_CL_OPTIONS", "-DACCLS_SERVER_TEST=1")
	other, pid2 := serve(translated("15"), "ok", 1, 0)
	if other == sock || pid2 == pid {
		t.Fatalf("ACCLS_CL_OPTIONS changed: same server (socket %s, pid %d)", other, pid2)
	}
	t.Setenv("ACCLS_CL_OPTIONS", "")

	// a stale socket (nobody listens) is replaced
	if err := compiler.StopKernelServer(sock); err != nil {
		t.Fatal(err)
	}
	waitGone(t, sock, pid)
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	l.(*net.UnixListener).SetUnlinkOnClose(false)
	l.Close()
	if _, err := os.Stat(sock); err != nil {
		t.Fatalf("the stale socket is not there: %v", err)
	}
	_, pid3 := serve(translated("17"), "ok", 1, 0)

	// a removed socket makes it leave
	os.Remove(sock)
	waitGone(t, "", pid3)

	// idle: it leaves by itself
	t.Setenv("ACCLS_KERNEL_SERVER_IDLE", "0.5")
	t.Setenv("ACCLS_CL_OPTIONS", "-DACCLS_SERVER_TEST=2")
	idle, pid4 := serve(translated("19"), "ok", 1, 0)
	waitGone(t, idle, pid4)

	// no server
	t.Setenv("ACCLS_KERNEL_SERVER_IDLE", "0")
	if answer, _, served := compiler.KernelServerBuild(ctx, translated("21"), opts); served {
		t.Fatalf("ACCLS_KERNEL_SERVER_IDLE=0: a server took the build (%q)", answer)
	}
}

// waitGone waits (a minute at most) for the server pid to exit and, when
// sock is not "", for its socket to be removed.
func waitGone(t *testing.T, sock string, pid int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		_, errSock := os.Stat(sock)
		_, errProc := os.Stat(fmt.Sprintf("/proc/%d", pid))
		if (sock == "" || os.IsNotExist(errSock)) && os.IsNotExist(errProc) {
			return
		}
	}
	t.Fatalf("kernel build server %d (socket %q) still there after a minute", pid, sock)
}
