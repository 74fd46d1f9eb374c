package golden

import (
	"bytes"
	"fmt"
)

// Marker is the cursor marker of accls's testdata files.
const Marker = "‸"

// Cursors removes every marker from src and returns the clean text and the
// byte offset in it of each marker, in order.
func Cursors(src []byte, marker string) (text []byte, offsets []int) {
	for {
		i := bytes.Index(src, []byte(marker))
		if i < 0 {
			return append(text, src...), offsets
		}
		text = append(text, src[:i]...)
		offsets = append(offsets, len(text))
		src = src[i+len(marker):]
	}
}

// Header names cursor n at byte offset off of text, as golden files show
// it: "=== n (line:column) " and the cursor's line with the marker put back.
func Header(n int, text []byte, off int, marker string) string {
	ls := bytes.LastIndexByte(text[:off], '\n') + 1
	le := bytes.IndexByte(text[off:], '\n')
	if le < 0 {
		le = len(text)
	} else {
		le += off
	}
	line := 1 + bytes.Count(text[:off], []byte("\n"))
	return fmt.Sprintf("=== %d (%d:%d) %s%s%s", n, line, off-ls+1, text[ls:off], marker, text[off:le])
}
