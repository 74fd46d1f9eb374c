//go:build unix

package server

import (
	"errors"
	"syscall"
)

// processExists reports whether a process of id pid runs (one of another
// user's counts: signal 0 is refused with EPERM, not ESRCH).
func processExists(pid int) bool {
	return !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
