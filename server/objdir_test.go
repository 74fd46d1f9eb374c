//go:build unix

package server

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestRemoveStaleObjectDirs: the object directory of a server that no
// longer runs goes; those of running processes (this one, pid 1), names
// without a process id and other directories stay.
func TestRemoveStaleObjectDirs(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("cannot run a process to take a dead pid from:", err)
	}
	dead := cmd.Process.Pid
	if processExists(dead) {
		t.Skipf("pid %d was reused at once", dead)
	}
	dir := t.TempDir()
	names := []string{
		fmt.Sprintf("accls-obj-%d-123", dead),
		fmt.Sprintf("accls-obj-%d-456", os.Getpid()),
		"accls-obj-1-789",
		"accls-obj-4242",
		"accls-rt-1",
	}
	for _, n := range names {
		if err := os.Mkdir(filepath.Join(dir, n), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	removeStaleObjectDirs(dir)
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := names[1:]
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("left %v, want %v", left, want)
	}
}
