//go:build !unix

package server

// processExists reports whether a process of id pid runs; without a way to
// tell, every process is taken to run (nothing stale is removed).
func processExists(pid int) bool { return true }
