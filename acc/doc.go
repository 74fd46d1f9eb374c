// Package acc is the OpenACC 3.3 language as data — directives, clauses, their
// rules and documentation — together with the directive scanner that finds and
// parses every `#pragma acc` of a C document without ever failing.
package acc
