// Package completion proposes what can be typed at the cursor in an OpenACC
// directive — directive names, the clauses the directive still accepts, and
// the fixed words inside clause arguments — from the acc tables, the scanned
// directive and the raw text before the cursor.
package completion
