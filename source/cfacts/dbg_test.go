package cfacts

import (
	"context"
	"os"
	"strings"
	"testing"
)

func TestDebugOne(t *testing.T) {
	file := os.Getenv("DBG_FILE")
	if file == "" {
		t.Skip()
	}
	debugf = t.Logf
	defer func() { debugf = nil }()
	src, _ := os.ReadFile(file)
	var prev *File
	for _, v := range strings.Split(string(src), versionSep) {
		f, err := sharedParser(t).Parse(context.Background(), file, []byte(v), prev)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("----\n%s", f.Dump([]byte(v)))
		prev = f
	}
}
