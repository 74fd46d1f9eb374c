package main

import (
	"context"
	"os"

	"github.com/accls/accls/server"
)

func runServe(args []string) int {
	if err := server.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		errorf("serve: %v", err)
		return 1
	}
	return 0
}
