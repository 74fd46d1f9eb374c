package compiler_test

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accls/accls/compiler"
)

// TestStructLayout: the C front end does not see `packed` (attribute or
// pragma), so the device declares such a struct with natural alignment;
// the host build must then fail with accls's layout message on the
// directive's line, and a natural struct must build.
func TestStructLayout(t *testing.T) {
	cc := compiler.CCommand(compiler.Options{})
	if _, err := exec.LookPath(strings.Fields(cc)[0]); err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	const natural = `struct pt { char c; double d; struct { short s[3]; float f; } in; };
void f(int n, struct pt *p)
{
#pragma acc parallel loop copy(p[0:n])
	for (int i = 0; i < n; i++)
		p[i].in.f = (float)p[i].d;
}
int main(void) { return 0; }
`
	for _, tc := range []struct {
		name, src string
		want      string // in the build error; "" for a build that succeeds
	}{
		{"natural", natural, ""},
		{"packed attribute", strings.Replace(natural, "struct pt {", "struct __attribute__((packed)) pt {", 1), "prog.c:4:"},
		{"pack pragma", "#pragma pack(push, 2)\n" + strings.Replace(natural, "void f", "#pragma pack(pop)\nvoid f", 1), "prog.c:6:"},
		{"packed inner struct", strings.Replace(natural, "struct { short", "struct __attribute__((packed)) { short", 1), "prog.c:4:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := compiler.Translate(context.Background(), "prog.c", []byte(tc.src), options(t), "")
			if err != nil {
				t.Fatalf("translate: %v", err)
			}
			dir := t.TempDir()
			files, err := compiler.WriteFiles(res, dir)
			if err != nil {
				t.Fatal(err)
			}
			err = compiler.Build(context.Background(), files, filepath.Join(dir, "prog"), dir, compiler.Options{})
			var be *compiler.BuildError
			switch {
			case err != nil && (strings.Contains(err.Error(), "lOpenCL") || strings.Contains(err.Error(), "CL/cl.h")):
				t.Skipf("no OpenCL development files: %v", err)
			case tc.want == "" && err != nil:
				t.Fatalf("build: %v", err)
			case tc.want == "":
			case !errors.As(err, &be):
				t.Fatalf("want a build error, got %v", err)
			case !strings.Contains(be.Output, "packed or aligned structs are not supported on the device") || !strings.Contains(be.Output, tc.want):
				t.Errorf("the build error does not give the layout message at %s:\n%s", tc.want, be.Output)
			}
		})
	}
}
