package server

import (
	"context"

	"github.com/accls/accls/source/cfacts"
)

// cParser is the C front end as the semantic pipeline uses it
// (*cfacts.Parser, safe for concurrent use); unit tests put a fake in its
// place.
type cParser interface {
	// Parse parses text, the content of the file at path ("" when the
	// document is not a file), reusing prev, the last File of the same
	// document, for the functions whose current text does not parse.
	Parse(ctx context.Context, path string, text []byte, prev *cfacts.File) (*cfacts.File, error)
}

// newCParser makes the C front end for the given options. Its prelude cache
// (the flattened system headers) lives as long as the parser: one per
// configuration per server.
func newCParser(o cOptions) cParser {
	return cfacts.NewParser(cfacts.Options{IncludePaths: o.IncludePaths, Defines: o.Defines, CC: o.CC})
}
