package main

import (
	"context"
	"errors"
	"log/slog"
	"os"

	"github.com/accls/accls/server"
)

// runServe speaks LSP on stdin/stdout. stdout carries the protocol only: the
// log goes to stderr.
func runServe(args []string) int {
	if len(args) > 0 {
		errorf("serve takes no arguments")
		return 2
	}
	level := slog.LevelInfo
	if os.Getenv("ACCLS_DEBUG") != "" {
		level = slog.LevelDebug
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(logger)
	err := server.ServeWith(context.Background(), os.Stdin, os.Stdout, server.Options{Version: version, Logger: logger})
	switch {
	case err == nil:
		return 0
	case errors.Is(err, server.ErrExitWithoutShutdown):
		return 1 // as LSP asks
	default:
		errorf("serve: %v", err)
		return 1
	}
}
