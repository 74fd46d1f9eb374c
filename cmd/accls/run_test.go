package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunKernelCrash: a kernel that writes through a NULL pointer (a data
// clause on a pointer the program left NULL) crashes the program on PoCL,
// which runs kernels in the program's threads. The runtime names the
// kernel, `accls run` says how the program ended, and the exit status is
// the signal's (128 + 11), as a shell reports it.
func TestRunKernelCrash(t *testing.T) {
	needBuildAndCPU(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "nullwrite.c")
	if err := os.WriteFile(src, []byte(`#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	int n = 1000;
	float *a = argc > 5 ? malloc(sizeof(float) * n) : NULL;
#pragma acc parallel loop copy(a[0:n])
	for (int i = 0; i < n; i++)
		a[i] = 2.0f * i;
	printf("not reached\n");
	return 0;
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := runProgram([]string{src, "--device", "cpu"}, strings.NewReader(""), &stdout, &stderr)
	if code != 128+11 {
		t.Errorf("exit %d, want %d (SIGSEGV)\nstdout: %s\nstderr: %s", code, 128+11, stdout.String(), stderr.String())
	}
	for _, want := range []string{
		"accls runtime: SIGSEGV (an invalid memory access) in a kernel running on the CPU device (PoCL): the last kernel launched was 'main_L7' (",
		"accls: nullwrite.c was killed by SIGSEGV (segmentation fault)",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
}
