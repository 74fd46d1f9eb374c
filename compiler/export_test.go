package compiler

import (
	"context"
	"os"
	"path/filepath"
)

// KernelServerBuild builds f's kernels through the kernel build server,
// as Build's prebuild does (kernelserver.go), compiling the prebuild
// driver first when it is not cached. It returns the server's answer, its
// socket, and whether it took the build.
func KernelServerBuild(ctx context.Context, f *Files, opts Options) (answer, sock string, served bool) {
	driver := prebuildDriverPath(f, opts)
	if driver == "" {
		return "", "", false
	}
	if _, err := os.Stat(driver); err != nil && !buildPrebuildDriver(ctx, f, driver, opts) {
		return "", "", false
	}
	cl, err := filepath.Abs(f.CL)
	if err != nil {
		return "", "", false
	}
	sock = kernelServerSocket(driver, prebuildEnv(opts))
	answer, served = serverPrebuild(ctx, driver, cl, opts)
	return answer, sock, served
}

// StopKernelServer asks the server on sock to leave.
var StopKernelServer = stopKernelServer
