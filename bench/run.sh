#!/bin/sh
# Benchmarks: each program in three versions — plain C (the OpenACC source
# built without OpenACC), OpenACC translated by accls, and a hand-written
# OpenCL twin — timed by the programs themselves (best of BENCH_REPS runs
# after a warm-up that builds the kernels; data movement included).
#
#   bench/run.sh [--device SEL] [NAME...]    (default device: cpu, i.e. PoCL;
#                                            default: all ten programs)
#   bench/run.sh --build DIR [NAME...]       only build the binaries into DIR
#   BENCH_BIN=DIR bench/run.sh ...           run binaries built before (no cc,
#                                            go or OpenCL headers needed)
#
# Environment: ACCLS (the accls binary; default: built from ./cmd/accls),
# ACCLS_FLAGS (for accls translate, e.g. --fp-contract=on),
# CC (default cc), BENCH_ROUNDS (default 1: the OpenACC and OpenCL versions
# alternate that many times and their median times are compared; the rounds
# column is the range of the per-round ratios), BENCH_REPS (default 5; the plain C version runs once after
# its warm-up: its time is for reference only), sizes: GEMM_N, MM2_N, ATAX_N,
# BICG_N, MVT_N, GESUMMV_N, SYRK_N/SYRK_M, JACOBI_N/JACOBI_STEPS,
# HEAT3D_N/HEAT3D_STEPS, DOT_N.
#
# Columns: times in ms; acc/ocl = OpenACC time / twin time (<= 1: accls is
# as fast); MB in/out = bytes moved per run (accls: ACCLS_PROFILE's
# host->device, and device->host plus reduction partials, of a separate
# untimed run, divided by its runs; the twins count their own); err = max |result - plain C reference|
# of the OpenACC version (each program checks itself).
set -e
cd "$(dirname "$0")"
DEVICE=cpu
BUILD=
if [ "$1" = "--device" ]; then DEVICE=$2; shift 2; fi
if [ "$1" = "--build" ]; then BUILD=$2; shift 2; fi
CC=${CC:-cc}
REPS=${BENCH_REPS:-5}
ROUNDS=${BENCH_ROUNDS:-1}
export BENCH_REPS=$REPS
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
if [ -z "$ACCLS" ] && [ -z "$BENCH_BIN" ]; then
	(cd .. && go build -o "$OUT/accls" ./cmd/accls)
	ACCLS=$OUT/accls
fi
export ACCLS_DEVICE=$DEVICE

. ./sizes.sh

BENCHES=${*:-gemm 2mm atax bicg mvt gesummv syrk jacobi2d heat3d dot}

build() { # build bench $1 into directory $2
	$CC -O2 -w -o "$2/$1.plain" $1.c -lm
	$CC -O2 -w -o "$2/$1.ocl" ${1}_ocl.c -lOpenCL -lm
	$ACCLS translate $ACCLS_FLAGS $1.c -o "$OUT/$1.acc.d" >/dev/null
	$CC -O2 -w -D_OPENACC=202211 -I "$OUT/$1.acc.d" -I . -o "$2/$1.acc" "$OUT/$1.acc.d/$1.host.c" "$OUT/$1.acc.d/accrt.c" -lOpenCL -lm
}
if [ -n "$BUILD" ]; then
	mkdir -p "$BUILD"
	for b in $BENCHES; do build $b "$BUILD"; done
	exit 0
fi
BIN=${BENCH_BIN:-$OUT}

field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" | head -1; }
row() { awk -v n="$2" '$1 == n { print $3 }' "$1"; }
median() { echo "$@" | tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mb() { awk "BEGIN{printf \"%.1f\", $1 / $2 / 1e6}"; }

printf '%-9s %-11s %9s %9s %9s %8s %11s %13s %13s %9s\n' bench size "C ms" "acc ms" "ocl ms" "acc/ocl" "rounds" "acc MB in/out" "ocl MB in/out" "acc err"
for b in $BENCHES; do
	eval args=\$args_$b
	[ -n "$BENCH_BIN" ] || build $b "$OUT"
	plain=$(BENCH_REPS=1 "$BIN/$b.plain" $args)
	# timed without ACCLS_PROFILE (its profiling queues cost time on some
	# drivers; the twins do not profile), then one short run for the bytes
	# ROUNDS > 1: the two versions alternate (acc, ocl, acc, ...) and the
	# medians of their best-of-REPS times are compared, so that a drift of
	# the machine during the row hits both alike
	tas=; tos=; r=0
	while [ $r -lt "$ROUNDS" ]; do
		acc=$("$BIN/$b.acc" $args)
		ocl=$("$BIN/$b.ocl" $args)
		tas="$tas $(echo "$acc" | field time_ms)"; tos="$tos $(echo "$ocl" | field time_ms)"
		r=$((r + 1))
	done
	BENCH_REPS=1 ACCLS_PROFILE="$OUT/$b.prof" "$BIN/$b.acc" $args >/dev/null
	tp=$(echo "$plain" | field time_ms); ta=$(median $tas); to=$(median $tos)
	spread=$(echo "$tas|$tos" | awk -F'|' '{ n = split($1, a, " "); split($2, o, " "); lo = 1e30; hi = 0
		for (i = 1; i <= n; i++) { q = a[i] / o[i]; if (q < lo) lo = q; if (q > hi) hi = q }
		printf "%.2f-%.2f", lo, hi }')
	ea=$(echo "$acc" | field maxerr); eo=$(echo "$ocl" | field maxerr)
	cp=$(echo "$plain" | field check); ca=$(echo "$acc" | field check); co=$(echo "$ocl" | field check)
	# (a program that checks itself prints maxerr; the others are compared
	# by their checksums)
	if { [ -z "$ea" ] && [ "$cp" != "$ca" ]; } || { [ -z "$eo" ] && [ "$cp" != "$co" ]; }; then
		echo "warning: $b checksums differ: plain $cp, OpenACC $ca, OpenCL $co" >&2
	fi
	runs=2 # the profiled run: its warm-up and one timed repetition
	oruns=$((REPS + 1))
	ain=$(row "$OUT/$b.prof" "host->device"); aout=$(row "$OUT/$b.prof" "device->host"); ared=$(row "$OUT/$b.prof" "partials->host")
	oin=$(echo "$ocl" | field h2d); oout=$(echo "$ocl" | field d2h)
	printf '%-9s %-11s %9s %9s %9s %8s %11s %13s %13s %9s\n' $b "$(echo $args | tr ' ' x)" $tp $ta $to \
		$(awk "BEGIN{printf \"%.2f\", $ta/$to}") "$spread" \
		"$(mb $ain $runs)/$(mb $((aout + ${ared:-0})) $runs)" "$(mb $oin $oruns)/$(mb $oout $oruns)" "${ea:--}"
	if [ -n "$eo" ] && [ "$eo" != "0.000e+00" ]; then echo "  ($b twin: maxerr $eo)"; fi
done
