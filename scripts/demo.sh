#!/usr/bin/env bash
# The main job: install what is missing, build accls, check the examples and
# run them. Usage: bash scripts/demo.sh
set -euo pipefail
source "$(dirname "$0")/setup.sh"
accls_setup

echo "== build"
mkdir -p bin
go build -o bin/accls ./cmd/accls
bin/accls version

echo "== accls check on the examples (expected: no diagnostics)"
bin/accls check examples/jacobi.c examples/dot.c
echo "ok: no OpenACC problems found"

echo "== accls check on examples/mistakes.c (expected: the mistakes it contains)"
if bin/accls check examples/mistakes.c; then
	echo "demo: expected diagnostics in examples/mistakes.c" >&2
	exit 1
fi

echo "== accls devices"
bin/accls devices

echo "== run the examples on the local PoCL device, and compare with plain C (pragmas ignored)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ex in jacobi dot; do
	gcc -O2 -o "$tmp/$ex" "examples/$ex.c" -lm
	"$tmp/$ex" >"$tmp/$ex.expected"
	echo "-- accls run examples/$ex.c --device cpu"
	ACCLS_PROFILE=1 bin/accls run "examples/$ex.c" --device cpu | tee "$tmp/$ex.out"
	if ! cmp -s "$tmp/$ex.expected" "$tmp/$ex.out"; then
		echo "demo: examples/$ex.c printed something else on the device than as plain C" >&2
		diff "$tmp/$ex.expected" "$tmp/$ex.out" >&2 || true
		exit 1
	fi
	echo "ok: same output as the plain C program"
done

# --- VS Code extension: build it and package the .vsix (tested by scripts/vscode-test.sh) ---
echo "== VS Code extension: out/accls-linux-x64.vsix (bundles bin/accls for linux-x64)"
accls_npm_setup
cd "$accls_root"
if ! npm run package >"$tmp/vsix.log" 2>&1; then
	cat "$tmp/vsix.log" >&2
	exit 1
fi
grep -h "Packaged:" "$tmp/vsix.log"
echo "install it: code --install-extension out/accls-linux-x64.vsix"
# --- end of the VS Code extension ---
