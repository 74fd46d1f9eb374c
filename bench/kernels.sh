#!/bin/sh
# Kernels alone: the device time of every kernel of a benchmark run, summed,
# accls (ACCLS_PROFILE) against the hand-written twin (BENCH_PROFILE=1,
# bench/ocl.h), both over the same runs (a warm-up and BENCH_REPS). Copies
# and host overheads are left out: this is the quiet comparison of the
# generated kernels; bench/run.sh times the whole program.
#
#   BENCH_BIN=DIR bench/kernels.sh [--device SEL] [NAME...]
#   (DIR from bench/run.sh --build DIR; sizes as in run.sh)
set -e
cd "$(dirname "$0")"
DEVICE=cpu
if [ "$1" = "--device" ]; then DEVICE=$2; shift 2; fi
: "${BENCH_BIN:?set BENCH_BIN to a directory built by bench/run.sh --build}"
export ACCLS_DEVICE=$DEVICE BENCH_REPS=${BENCH_REPS:-5}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
. ./sizes.sh
printf '%-9s %12s %9s %12s %9s %8s\n' bench "acc kern ms" launches "ocl kern ms" launches acc/ocl
for b in ${*:-gemm 2mm atax bicg mvt gesummv syrk jacobi2d heat3d dot}; do
	eval args=\$args_$b
	ACCLS_PROFILE="$OUT/p.txt" "$BENCH_BIN/$b.acc" $args >/dev/null
	# kernel rows of the profile: name, launches, total ms, mean ms
	set -- $(kernel_ms "$OUT/p.txt")
	ak=$1 an=$2
	o=$(BENCH_PROFILE=1 "$BENCH_BIN/$b.ocl" $args)
	ok=$(echo "$o" | sed -n 's/.*kernel_ms=\([^ ]*\).*/\1/p') on=$(echo "$o" | sed -n 's/.*launches=\([^ ]*\).*/\1/p')
	printf '%-9s %12s %9s %12s %9s %8s\n' $b $ak $an $ok $on $(awk "BEGIN{printf \"%.2f\", $ak/$ok}")
done
