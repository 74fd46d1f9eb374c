// Package hover explains the OpenACC word under the cursor — a directive, a
// clause (or an alias spelling of one), a modifier, a reduction operator or an
// argument keyword — as markdown, from the acc tables and the scanned directive.
package hover
