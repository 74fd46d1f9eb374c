#!/usr/bin/env bash
# Runs the C tests of the OpenACC Validation & Verification suite
# (github.com/OpenACCUserGroup/OpenACCV-V, not part of this repository: give
# its Tests directory) with accls on an OpenCL device, and prints one line
# per test and a summary (docs/conformance.md has the results):
#
#   bash scripts/vv.sh PATH/TO/OpenACCV-V/Tests [OUTDIR]
#
# A test passes when `accls run` exits 0 (the suite's tests return their
# failure bits). ACCLS_DEVICE picks the device (cpu by default: PoCL).
# JOBS runs that many tests at once (default: the number of cores).
set -uo pipefail
tests=${1:?usage: scripts/vv.sh PATH/TO/OpenACCV-V/Tests [OUTDIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${2:-$root/out/vv}
mkdir -p "$out/logs"
[ -x "$root/bin/accls" ] || (cd "$root" && go build -o bin/accls ./cmd/accls) || exit 1
export ACCLS_DEVICE=${ACCLS_DEVICE:-cpu} ACCLS_BIN=$root/bin/accls VV_OUT=$out
one() {
	local f=$1 b
	b=$(basename "$f" .c)
	(cd "$(dirname "$f")" && timeout 120 "$ACCLS_BIN" run "$(basename "$f")" >"$VV_OUT/logs/$b.txt" 2>&1)
	echo "$b $?"
}
export -f one
find "$tests" -maxdepth 1 -name '*.c' | sort |
	xargs -P "${JOBS:-$(nproc)}" -I{} bash -c 'one {}' | sort >"$out/results.txt"
total=$(wc -l <"$out/results.txt")
pass=$(awk '$2 == 0' "$out/results.txt" | wc -l)
echo "accls on ${ACCLS_DEVICE}: $pass of $total C tests pass (exit 0); logs in $out/logs"
awk '$2 != 0 {print "  " $1 ": exit " $2}' "$out/results.txt"
