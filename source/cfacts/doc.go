// Package cfacts is accls's C front end: it parses a document with
// modernc.org/cc/v4 (system headers from a cached prelude, stub headers for
// missing includes, recovery from syntax errors one function at a time) into a
// small tree of functions, statements, expressions, variables and types with
// exact byte spans, which the analysis and the compiler read.
package cfacts
