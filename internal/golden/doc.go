// Package golden provides golden files and cursor markers for accls's data-driven tests.
package golden
