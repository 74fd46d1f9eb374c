#!/usr/bin/env bash
# The VS Code extension's tests: builds the extension and packages its .vsix
# (with the linux-x64 accls binary), tests the TextMate grammar, then runs the
# end-to-end test: code-server 4.100.3 (VS Code 1.100, from npm) on 127.0.0.1
# with the .vsix installed, driven in Debian's Chromium by playwright-core.
# Screenshots go to out/screenshots/ (ACCLS_ARTIFACTS).
# Usage: bash scripts/vscode-test.sh   (installs what is missing first)
set -euo pipefail
source "$(dirname "$0")/setup.sh"
accls_setup
accls_npm_setup
cd "$accls_root"

echo "== VS Code extension: build and package out/accls-linux-x64.vsix"
t0=$SECONDS
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! npm run package >"$log" 2>&1; then
	cat "$log" >&2
	exit 1
fi
grep -h "Packaged:" "$log" || true
echo "(packaged in $((SECONDS - t0)) s)"

echo "== VS Code extension: grammar and end-to-end tests in code-server (screenshots: ${ACCLS_ARTIFACTS:-out/screenshots})"
t0=$SECONDS
ACCLS_VSIX=out/accls-linux-x64.vsix node --test --test-concurrency=1 --test-reporter=tap \
	vscode-extension/test/grammar.test.mjs vscode-extension/test/e2e.test.mjs
echo "(VS Code tests took $((SECONDS - t0)) s)"
