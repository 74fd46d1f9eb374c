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

echo "== the examples as plain C (pragmas ignored), for reference"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ex in jacobi dot; do
	gcc -O2 -o "$tmp/$ex" "examples/$ex.c" -lm
	echo "-- $ex"
	"$tmp/$ex"
done
