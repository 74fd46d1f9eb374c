#!/bin/sh
# Benchmarks: each program in three versions — plain C (the OpenACC source
# built without OpenACC), OpenACC translated by accls, and a hand-written
# OpenCL twin — timed by the programs themselves (best of BENCH_REPS runs
# after a warm-up that builds the kernels; data movement included).
#
#   bench/run.sh [--device SEL]        (default device: cpu, i.e. PoCL)
#
# Environment: ACCLS (the accls binary; default: built from ./cmd/accls),
# CC (default cc), BENCH_REPS (default 5), GEMM_N, JACOBI_N, JACOBI_STEPS, DOT_N.
set -e
cd "$(dirname "$0")"
DEVICE=cpu
if [ "$1" = "--device" ]; then DEVICE=$2; fi
CC=${CC:-cc}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
if [ -z "$ACCLS" ]; then
	(cd .. && go build -o "$OUT/accls" ./cmd/accls)
	ACCLS=$OUT/accls
fi
export ACCLS_DEVICE=$DEVICE

args_gemm=${GEMM_N:-512}
args_jacobi2d="${JACOBI_N:-1024} ${JACOBI_STEPS:-50}"
args_dot=${DOT_N:-16777216}

field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p"; }

printf '%-10s %-22s %12s %12s %12s %10s %10s\n' bench size "plain C ms" "OpenACC ms" "OpenCL ms" "acc/ocl" "C/acc"
for b in gemm jacobi2d dot; do
	eval args=\$args_$b
	$CC -O2 -w -o "$OUT/$b.plain" $b.c -lm
	$CC -O2 -w -o "$OUT/$b.ocl" ${b}_ocl.c -lOpenCL -lm
	$ACCLS translate $b.c -o "$OUT/$b.acc.d" >/dev/null
	$CC -O2 -w -D_OPENACC=202211 -I "$OUT/$b.acc.d" -I . -o "$OUT/$b.acc" "$OUT/$b.acc.d/$b.host.c" "$OUT/$b.acc.d/accrt.c" -lOpenCL -lm
	plain=$("$OUT/$b.plain" $args)
	acc=$("$OUT/$b.acc" $args)
	ocl=$("$OUT/$b.ocl" $args)
	tp=$(echo "$plain" | field time_ms); ta=$(echo "$acc" | field time_ms); to=$(echo "$ocl" | field time_ms)
	cp=$(echo "$plain" | field check); ca=$(echo "$acc" | field check); co=$(echo "$ocl" | field check)
	if [ "$cp" != "$ca" ] || [ "$cp" != "$co" ]; then
		echo "warning: $b checksums differ: plain $cp, OpenACC $ca, OpenCL $co" >&2
	fi
	printf '%-10s %-22s %12s %12s %12s %10s %10s\n' $b "$args" $tp $ta $to \
		$(awk "BEGIN{printf \"%.2f\", $ta/$to}") $(awk "BEGIN{printf \"%.2f\", $tp/$ta}")
done
