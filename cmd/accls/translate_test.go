package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFPContract: --fp-contract picks the kernels' FP_CONTRACT pragma (off
// by default) and rejects other values with exit status 2.
func TestFPContract(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "axpy.c")
	prog := "void axpy(int n, float a, float *x, float *y)\n{\n#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])\n\tfor (int i = 0; i < n; i++)\n\t\ty[i] = a * x[i] + y[i];\n}\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "#pragma OPENCL FP_CONTRACT OFF"},
		{[]string{"--fp-contract=off"}, "#pragma OPENCL FP_CONTRACT OFF"},
		{[]string{"--fp-contract=on"}, "#pragma OPENCL FP_CONTRACT ON"},
	} {
		out := filepath.Join(dir, strings.Join(append([]string{"out"}, tc.args...), ""))
		var stdout, stderr bytes.Buffer
		if code := translate(append([]string{src, "-o", out}, tc.args...), &stdout, &stderr); code != 0 {
			t.Fatalf("translate %v: exit %d: %s", tc.args, code, stderr.String())
		}
		cl, err := os.ReadFile(filepath.Join(out, "axpy.cl"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(cl), tc.want) {
			t.Errorf("translate %v: the kernels lack %q", tc.args, tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := translate([]string{src, "-o", filepath.Join(dir, "bad"), "--fp-contract=fast"}, &stdout, &stderr); code != 2 {
		t.Errorf("--fp-contract=fast: exit %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), "want on or off") {
		t.Errorf("--fp-contract=fast: message %q", stderr.String())
	}
}
