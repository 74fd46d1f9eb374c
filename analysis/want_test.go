package analysis_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
)

// TestWant runs the directive checks over every testdata/src/*.c file and
// compares the diagnostics one-to-one with the file's `// want` comments:
//
//	#pragma acc loop copyin(a) // want "not allowed on 'loop'"
//	// want +1 "first regexp" "second regexp"
//
// Each regexp is matched against "message [rule-id]" of one diagnostic that
// starts on the annotated line (or on the line N below with +N).
func TestWant(t *testing.T) {
	files, _ := filepath.Glob("testdata/src/*.c")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			runWant(t, file, text)
		})
	}
}

type want struct {
	line int
	re   *regexp.Regexp
	met  bool
}

var wantComment = regexp.MustCompile(`//\s*want(\s+\+\d+)?((?:\s+"(?:[^"\\]|\\.)*")+)`)
var wantString = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func parseWants(t *testing.T, text []byte) []*want {
	var wants []*want
	for i, line := range strings.Split(string(text), "\n") {
		m := wantComment.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		target := i + 1
		if m[1] != "" {
			n, _ := strconv.Atoi(strings.TrimSpace(m[1])[1:])
			target += n
		}
		for _, q := range wantString.FindAllString(m[2], -1) {
			s, err := strconv.Unquote(q)
			if err != nil {
				// Not a valid Go string (`\[` is not an escape): take the
				// regexp as written between the quotes.
				s = q[1 : len(q)-1]
			}
			wants = append(wants, &want{line: target, re: regexp.MustCompile(s)})
		}
	}
	return wants
}

func runWant(t *testing.T, name string, text []byte) {
	t.Helper()
	runWantFunc(t, name, text, func(text []byte) []analysis.Diagnostic {
		return analysis.CheckDirectives(text, acc.Scan(text))
	})
}

// runWantFunc matches the diagnostics that diags reports for text against
// the text's `// want` comments.
func runWantFunc(t *testing.T, name string, text []byte, diags func([]byte) []analysis.Diagnostic) {
	t.Helper()
	wants := parseWants(t, text)
	for _, d := range diags(text) {
		line := 1 + bytes.Count(text[:d.Span.Start], []byte("\n"))
		got := fmt.Sprintf("%s [%s]", d.Message, d.Rule)
		matched := false
		for _, w := range wants {
			if !w.met && w.line == line && w.re.MatchString(got) {
				w.met, matched = true, true
				break
			}
		}
		if !matched {
			t.Errorf("%s:%d: unexpected diagnostic: %s", name, line, got)
		}
	}
	for _, w := range wants {
		if !w.met {
			t.Errorf("%s:%d: no diagnostic matched %q", name, w.line, w.re)
		}
	}
}

func check(src string) []analysis.Diagnostic {
	return analysis.CheckDirectives([]byte(src), acc.Scan([]byte(src)))
}
