// Package source holds the text of open documents and converts between byte
// offsets and LSP positions (lines and UTF-16 code units).
package source
