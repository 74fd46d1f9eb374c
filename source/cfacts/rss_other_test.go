//go:build !linux

package cfacts

func peakRSS() float64 { return 0 }
