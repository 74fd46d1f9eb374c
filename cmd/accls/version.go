package main

import (
	"fmt"
	"runtime/debug"
)

// version is set with -ldflags "-X main.version=…" by release builds.
var version = "devel"

func runVersion([]string) int {
	v := version
	if info, ok := debug.ReadBuildInfo(); ok && v == "devel" {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				v += "+" + s.Value[:12]
			}
		}
	}
	fmt.Printf("accls %s\n", v)
	return 0
}
