//go:build linux

package cfacts

import "syscall"

// peakRSS is the peak resident set size of the process in MiB.
func peakRSS() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Maxrss) / 1024 // KiB on Linux
}
