#!/usr/bin/env bash
# Runs every test: vet, unit and data-driven tests, server transcripts through a
# real client, a short fuzz run of the directive parser, and the demo checks.
# Usage: bash scripts/test.sh
set -euo pipefail
source "$(dirname "$0")/setup.sh"
accls_setup
# setup installed PoCL: the OpenCL tests must run, not skip.
export ACCLS_REQUIRE_OPENCL="${ACCLS_REQUIRE_OPENCL:-1}"
# The builds under test start kernel build servers (compiler/kernelserver.go)
# that would otherwise stay five minutes after the last test.
export ACCLS_KERNEL_SERVER_IDLE="${ACCLS_KERNEL_SERVER_IDLE:-15}"

echo "== gofmt and go vet"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change: $unformatted" >&2
	exit 1
fi
go vet ./...

echo "== go test"
go test -count=1 ./...

# An execution count, not a duration: when a -fuzztime duration runs out on a
# loaded machine, go test can report "context deadline exceeded" as a failure.
echo "== fuzz the directive scanner (${ACCLS_FUZZTIME:=200000x})"
go test -run='^$' -fuzz=FuzzScan -fuzztime="$ACCLS_FUZZTIME" ./acc

echo "== accls check on the examples"
go build -o bin/accls ./cmd/accls
bin/accls check examples/jacobi.c examples/dot.c

# --- Neovim plugin (editors/nvim): headless Neovim drives the real server ---
echo "== Neovim plugin tests (scripts/nvim-test.sh)"
ACCLS_BIN="$PWD/bin/accls" bash scripts/nvim-test.sh
# --- end of the Neovim plugin tests ---

# --- VS Code extension (vscode-extension/): .vsix, grammar, e2e in code-server ---
echo "== VS Code extension tests (scripts/vscode-test.sh)"
bash scripts/vscode-test.sh
# --- end of the VS Code extension tests ---

# Reaching this line means every suite above passed (set -e stops at the first failure).
# The five suites: go test, fuzz, example checks, Neovim, VS Code.
echo "suites: 5 passed, 0 failed"
