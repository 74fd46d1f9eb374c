//go:build !((linux || darwin || freebsd || netbsd) && !android && (amd64 || arm64))

package device

import "runtime"

func list() (*Listing, error) {
	return &Listing{}, &Error{Kind: ErrUnsupported, Detail: runtime.GOOS + "/" + runtime.GOARCH}
}

// Library is the OpenCL library that was loaded ("" before List or when none).
func Library() string { return "" }
