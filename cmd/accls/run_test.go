package main

import (
	"bytes"
	"os"
	"os/exec"
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

// TestRunOnHost: --device host runs each compute construct's own C code on
// the host: acc_on_device(acc_device_host) is true in the construct, the
// runtime says acc_device_host, and no OpenCL device is initialized
// (ACCLS_VERBOSE names none).
func TestRunOnHost(t *testing.T) {
	needBuildAndCPU(t)
	t.Setenv("ACCLS_VERBOSE", "1")
	dir := t.TempDir()
	src := filepath.Join(dir, "onhost.c")
	if err := os.WriteFile(src, []byte(`#include <stdio.h>
#include <openacc.h>
int main(void)
{
	int a[100];
	long s = 0;
	for (int i = 0; i < 100; i++)
		a[i] = i;
#pragma acc parallel loop copyin(a) reduction(+:s)
	for (int i = 0; i < 100; i++)
		s += a[i] * acc_on_device(acc_device_host);
	printf("%ld %d\n", s, acc_get_device_type() == acc_device_host);
	return 0;
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runProgram([]string{src, "--device", "host"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout.String(), stderr.String())
	}
	if got := stdout.String(); got != "4950 1\n" {
		t.Errorf("stdout %q, want the host's sum and acc_device_host", got)
	}
	if strings.Contains(stderr.String(), "accls runtime: device") {
		t.Errorf("an OpenCL device was initialized:\n%s", stderr.String())
	}
}

// TestRunOnHostWithoutHostCode: accls run builds the constructs' own code
// when the environment makes the host the device (ACC_DEVICE_TYPE=host); a
// program that accls build made without it (no --host-code, no mention of
// the host device) stops with a message there.
func TestRunOnHostWithoutHostCode(t *testing.T) {
	needBuildAndCPU(t)
	t.Setenv("ACCLS_DEVICE", "")
	dir := t.TempDir()
	src := filepath.Join(dir, "devonly.c")
	if err := os.WriteFile(src, []byte(`#include <stdio.h>
int main(void)
{
	float a[64];
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 64; i++)
		a[i] = i;
	printf("%g\n", a[63]);
	return 0;
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := build([]string{src, "-o", filepath.Join(dir, "out")}, &stdout, &stderr); code != 0 {
		t.Fatalf("accls build: exit %d\n%s", code, stderr.String())
	}
	t.Setenv("ACC_DEVICE_TYPE", "host")
	stdout.Reset()
	stderr.Reset()
	if code := runProgram([]string{src}, strings.NewReader(""), &stdout, &stderr); code != 0 || stdout.String() != "63\n" {
		t.Errorf("accls run with ACC_DEVICE_TYPE=host: exit %d, stdout %q\nstderr: %s", code, stdout.String(), stderr.String())
	}
	out, err := exec.Command(filepath.Join(dir, "out", "devonly")).CombinedOutput()
	want := "built without the host code of its compute constructs (at " + src + ":5): build it with `accls run --device host`, or `accls build --host-code`"
	if err == nil || !strings.Contains(string(out), want) {
		t.Errorf("the program accls build made, with ACC_DEVICE_TYPE=host: %v, want %q\n%s", err, want, out)
	}
}

// TestRunLinksOpenMP: a program that times itself with omp_get_wtime (many
// OpenACC programs do) links: the build adds gcc's libgomp when the host
// code calls the OpenMP runtime.
func TestRunLinksOpenMP(t *testing.T) {
	needBuildAndCPU(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "timed.c")
	if err := os.WriteFile(src, []byte(`#include <stdio.h>
#include <omp.h>
int main(void)
{
	int a[64];
	double t0 = omp_get_wtime();
#pragma acc parallel loop copyout(a)
	for (int i = 0; i < 64; i++)
		a[i] = 2 * i;
	double t = omp_get_wtime() - t0;
	printf("%d %d\n", a[63], t >= 0);
	return 0;
}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := runProgram([]string{src}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout.String(), stderr.String())
	}
	if got := stdout.String(); got != "126 1\n" {
		t.Errorf("stdout %q, want \"126 1\\n\"", got)
	}
}
