package compiler

import (
	"context"
	"strings"
	"testing"
)

// TestTranslateInternalError: a pass that panics (a bug of the compiler)
// gives an error that names the file and the pass, not a crash of the
// command or of the server's request.
func TestTranslateInternalError(t *testing.T) {
	saved := Passes
	defer func() { Passes = saved }()
	Passes = append(append([]Pass(nil), saved[:1]...), Pass{Name: "exploding", run: func(*compilation) error { panic("pass exploded") }})
	src := "void f(float *a) {\n#pragma acc parallel loop copy(a[0:4])\n  for (int i = 0; i < 4; i++) a[i] = 0;\n}\n"
	res, err := Translate(context.Background(), "boom.c", []byte(src), Options{}, "")
	if res != nil || err == nil || !strings.Contains(err.Error(), "boom.c: internal error of the compiler in pass exploding, please report it: pass exploded") {
		t.Fatalf("Translate = %v, %v", res, err)
	}
}
