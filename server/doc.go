// Package server is the thin LSP layer of accls: it owns the JSON-RPC
// connection, the open documents and one handler per method, and turns the
// results of the packages below it into protocol messages.
package server
