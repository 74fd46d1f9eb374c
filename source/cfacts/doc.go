// Package cfacts is accls's C front end: it parses a document with
// modernc.org/cc/v4 (system headers from a cached prelude, stub headers for
// missing includes, recovery from syntax errors one function at a time) into a
// small tree of functions, statements, expressions, variables and types with
// exact byte spans, which the analysis and the compiler read.
//
// # Use
//
//	p := cfacts.NewParser(cfacts.Options{IncludePaths: dirs, Defines: []string{"N=1024"}})
//	f, err := p.Parse(ctx, path, text, prev) // prev: the last File of this document, or nil
//
// NewParser is cheap; the first Parse reads the host compiler's
// configuration (cc.NewConfig, once per Parser). A Parser is safe for
// concurrent use. Parse returns an error only when ctx is done (checked
// before each parse round; one cc/v4 parse is not interruptible). Everything
// else is in the File: a missing C compiler, missing headers and code that
// could not be parsed become Notes, and the File has whatever facts could be
// had (with no compiler: the document without its system headers).
//
// Walk, WalkExpr and StmtExprs visit the tree; File.FuncAt, File.StmtAt,
// File.VarAt and ExprAt find what is at an offset; File.Dump prints it.
//
// # The text cc/v4 sees
//
// The document with bytes replaced by spaces, never newlines, so that every
// offset cc/v4 reports is one of the document (prepare.go):
//   - OpenACC directives (`#pragma acc` lines with their continuations, and
//     `_Pragma("acc ...")`, as acc.Scan finds them) are blanked: cc/v4 would
//     only ignore them, and blanking keeps their half-typed forms (an open
//     parenthesis, an unterminated string) from disturbing the C parse.
//     Other pragmas are left to cc/v4, which ignores them.
//   - #include lines that resolve to a system directory are blanked; their
//     content comes from the prelude (below). #include lines that resolve
//     nowhere are blanked and noted once ("header 'x.h' not found; parsed
//     without it"). Headers found next to the document or in
//     Options.IncludePaths stay: cc/v4 reads them.
//   - #line markers are blanked (positions stay the document's).
//   - Error recovery blanks more (below), and a function left unclosed at
//     the end of the text gets its closing braces after the end.
//
// After the document cc/v4 parses "int __accls_eof;": cc/v4 v4.31.0 loops
// forever on a pointer declarator at the end of its input (see
// eofSentinel).
//
// Positions come from cc/v4 tokens as byte offsets. A token produced by a
// macro expansion has the position of the macro invocation; its span is the
// whole invocation (`SWAP(a, b)`, with its arguments), so every node of an
// expansion spans the invocation.
//
// # Prelude
//
// The system #include lines of a document, with the feature-test macros
// (#define _GNU_SOURCE ...) that precede them, are preprocessed once by the
// host compiler (`cc -E -dD`) into a prelude: declarations and macro
// definitions, no line markers, no predefined macros. Preludes are cached in
// memory (per Parser) and on disk (Options.CacheDir, keyed by the include
// lines, the compiler, its predefined macros and the options; the disk
// keeps the 128 most recently used, prunePreludes). An include path is part
// of the key, so a directory that changes from run to run makes a new
// prelude each time: the tools put the runtime's headers in a directory of
// the cache whose path depends only on their text (runtime.CachedDir). An
// include the compiler cannot preprocess is left out with a note. When no prelude
// can be made, cc/v4 reads the system headers itself (slower).
//
// Each document gets a pruned prelude: all macro definitions, and only the
// declarations that declare a name the document (or its user headers)
// mentions, transitively (prune.go). That makes a small file's parse 5 to 8
// times faster. TestPruneSame checks that the facts are the same as with
// the whole prelude.
//
// # Type checking
//
// cc.Translate discards the AST when the type checker reports any error,
// and an editor's text always has some (an identifier of a missing header).
// cfacts calls the checker itself through go:linkname (check.go), pinned to
// cc/v4 v4.31.0 and tested by TestTypeCheckLinkname: nodes it cannot type
// get no Type (Expr.Type nil), identifiers it cannot resolve no Var.
//
// # Error recovery
//
// cc/v4 has no error recovery: one syntax error and there is no AST. cfacts
// removes the text around each error and parses again (recover.go), at
// most 10 parses per document, the first six repairing only the earliest
// error (later ones are often its cascade):
//
//  1. With a header missing, an unknown identifier used as a type (`mytype
//     x;`, `f(mytype a)`, `(mytype)p`) becomes `typedef int mytype;` in a
//     stub, with a note.
//  2. In a function body, the statement around the error is blanked and a
//     ';' left in its place, so that `for (...) <broken>;` stays a loop;
//     a declaration with a broken initializer keeps its declarator (`int t
//     = n * ;` still declares t). Func.Holes lists what was removed; the rest
//     of the function is current.
//  3. After four statements of one function, or when the statement cannot be
//     delimited, the whole body is blanked (the braces stay): the function
//     keeps its signature and its body is the previous File's, shifted by
//     the move of its '{' (Func.Stale, File.Stale). Without a previous
//     version, Body is nil and a note says so.
//  4. At file scope, the lines of a declaration before the error line go
//     first (a half-typed declaration running into the next one), then the
//     whole declaration. A function definition removed whole (its header is
//     being edited) comes back from the previous File, stale: by name, or,
//     when the name is broken too, the missing function whose body has the
//     same length.
//
// Before the first parse, unbalanced braces are mended: a function left open
// at the end of the text gets its closing braces appended; one left open
// before the next function (a `}` or a declaration in column 0 tells where
// it ends) gets them in the blanks before it, or, without room, its body is
// emptied. A comment left open at the end makes the functions after it stale
// rather than gone. `#if 0` groups are skipped.
//
// # Incremental parse
//
// Parse with prev, when the edit from prev's text lies inside one function
// body, re-parses that function alone (incremental.go): cc/v4 gets the text
// before the function with the other bodies and the blank lines removed
// (cc/v4 spends ~10 µs on each blank line), the function, and the
// preprocessor lines after it; the File is prev's, with the functions and
// globals before the function shared, those after it shifted copies, and
// the function new. Error recovery inside that function works as in a full
// parse (the same earliest error, the same repairs). Everything else is a
// full parse: an edit at file scope, on a preprocessor line or on a brace
// that ends a function, a prev that needed stubs or repairs outside that
// function, an error elsewhere. TestIncrementalSame (random edits of every
// test program) and TestIncrementalCases check that the result is the full
// parse's. An edit inside a function of the 10k-line benchmark file costs
// ~27 ms instead of ~190 ms for the full parse, 86 ms instead of ~790 ms at
// 50k lines (BenchmarkParseEdit10k/50k, BenchmarkParse10k/50k; 2-core
// machine).
//
// # Conventions of the model
//
//   - Parentheses have no node: the inner expression's span covers them.
//   - Expr.Type is the type cc/v4 gives the expression, after array-to-
//     pointer decay (an array variable used as a value has a pointer type);
//     Var.Type is the declared type.
//   - ExprOther's Op tells what it is: "{}" an initializer list (Args: its
//     items), "(){}" a compound literal (Args: its items), "({})" a
//     statement expression (Args: the expressions of its expression
//     statements), "_Generic" (X: the selected association), "_Alignof",
//     "__real__", "__imag__" (X: the operand), "&&" a label address.
//   - StmtCase of a GNU case range `case lo ... hi` has Expr = lo.
//   - Type names are spelled as C declares them ("float *restrict",
//     "double [100]", "int (*)[4]", "struct point", typedef names as written).
//     cc/v4 keeps const in its types but not restrict: Restrict comes from
//     the declarator's pointer qualifiers.
//   - File.Decls has the functions the document declares or defines, and
//     those of the headers that the document can name (FromHeader, empty
//     spans): with the pruned prelude, header functions the document never
//     mentions are absent.
//   - Variables declared outside the document (stderr, a user header's
//     globals) have FromHeader set and empty spans; they are not in Globals.
package cfacts
