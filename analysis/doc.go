// Package analysis runs the OpenACC checks over a scanned document and reports
// Diagnostics with SuggestedFixes, in the manner of go/analysis: each check is
// one entry of a table, one file per check family.
package analysis
