package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

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
	// A client that stops the server with a signal (an editor closing its
	// window) still gets the session's temporary directories removed:
	// ServeWith returns, and cleans up, when the context ends.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer stop()
	err := server.ServeWith(ctx, os.Stdin, os.Stdout, server.Options{Version: version, Logger: logger})
	switch {
	case err == nil:
		return 0
	case ctx.Err() != nil:
		logger.Info("stopped by a signal")
		return 1
	case errors.Is(err, server.ErrExitWithoutShutdown):
		return 1 // as LSP asks
	default:
		errorf("serve: %v", err)
		return 1
	}
}
