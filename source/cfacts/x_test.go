package cfacts

import (
	"context"
	"testing"
)

func BenchmarkTinyNoInclude(b *testing.B) {
	p := sharedParser(b)
	text := []byte("int f(int x) { return x; }\n")
	p.Parse(context.Background(), "t.c", text, nil)
	b.ReportAllocs()
	for range b.N {
		p.Parse(context.Background(), "t.c", text, nil)
	}
}
func BenchmarkTinyStdio(b *testing.B) {
	p := sharedParser(b)
	text := []byte("#include <stdio.h>\n#include <stdlib.h>\n#include <math.h>\nint f(int x) { return x; }\n")
	p.Parse(context.Background(), "t.c", text, nil)
	b.ReportAllocs()
	for range b.N {
		p.Parse(context.Background(), "t.c", text, nil)
	}
}
