package acc

// Span is a half-open range [Start, End) of byte offsets into the document text.
// Every syntax node keeps the exact Span of the text it came from, so that
// diagnostics, hovers and edits can point at it; conversion to LSP's
// line/UTF-16 positions happens at the protocol edge (package source).
type Span struct {
	Start, End int
}

// Contains reports whether offset off lies inside s. An empty span contains
// its own start, so a cursor placed right after a token still finds it.
func (s Span) Contains(off int) bool {
	return s.Start <= off && (off < s.End || off == s.End)
}

// Len is the number of bytes the span covers.
func (s Span) Len() int { return s.End - s.Start }

// IsValid reports whether the span is well formed.
func (s Span) IsValid() bool { return 0 <= s.Start && s.Start <= s.End }
