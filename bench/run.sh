#!/bin/sh
# Benchmarks: each program in three versions — plain C (the OpenACC source
# built without OpenACC), OpenACC translated by accls, and a hand-written
# OpenCL twin — timed by the programs themselves (best of BENCH_REPS runs
# after a warm-up that builds the kernels; data movement included).
#
#   bench/run.sh [--device SEL] [NAME...]    (default device: cpu, i.e. PoCL;
#                                            default: all ten programs)
#
# Environment: ACCLS (the accls binary; default: built from ./cmd/accls),
# CC (default cc), BENCH_REPS (default 5), sizes: GEMM_N, MM2_N, ATAX_N,
# BICG_N, MVT_N, GESUMMV_N, SYRK_N/SYRK_M, JACOBI_N/JACOBI_STEPS,
# HEAT3D_N/HEAT3D_STEPS, DOT_N.
#
# Columns: times in ms; acc/ocl = OpenACC time / twin time (<= 1: accls is
# as fast); MB in/out = bytes moved per run (accls: ACCLS_PROFILE's
# host->device, and device->host plus reduction partials, divided by the
# runs; the twins count their own); err = max |result - plain C reference|
# of the OpenACC version (each program checks itself).
set -e
cd "$(dirname "$0")"
DEVICE=cpu
if [ "$1" = "--device" ]; then DEVICE=$2; shift 2; fi
CC=${CC:-cc}
REPS=${BENCH_REPS:-5}
export BENCH_REPS=$REPS
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
if [ -z "$ACCLS" ]; then
	(cd .. && go build -o "$OUT/accls" ./cmd/accls)
	ACCLS=$OUT/accls
fi
export ACCLS_DEVICE=$DEVICE

args_gemm=${GEMM_N:-512}
args_2mm=${MM2_N:-512}
args_atax=${ATAX_N:-4096}
args_bicg=${BICG_N:-4096}
args_mvt=${MVT_N:-4096}
args_gesummv=${GESUMMV_N:-4096}
args_syrk="${SYRK_N:-1024} ${SYRK_M:-512}"
args_jacobi2d="${JACOBI_N:-1024} ${JACOBI_STEPS:-50}"
args_heat3d="${HEAT3D_N:-128} ${HEAT3D_STEPS:-40}"
args_dot=${DOT_N:-16777216}

BENCHES=${*:-gemm 2mm atax bicg mvt gesummv syrk jacobi2d heat3d dot}

field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" | head -1; }
row() { awk -v n="$2" '$1 == n { print $3 }' "$1"; }
mb() { awk "BEGIN{printf \"%.1f\", $1 / $2 / 1e6}"; }

printf '%-9s %-11s %9s %9s %9s %8s %13s %13s %9s\n' bench size "C ms" "acc ms" "ocl ms" "acc/ocl" "acc MB in/out" "ocl MB in/out" "acc err"
for b in $BENCHES; do
	eval args=\$args_$b
	$CC -O2 -w -o "$OUT/$b.plain" $b.c -lm
	$CC -O2 -w -o "$OUT/$b.ocl" ${b}_ocl.c -lOpenCL -lm
	$ACCLS translate $b.c -o "$OUT/$b.acc.d" >/dev/null
	$CC -O2 -w -D_OPENACC=202211 -I "$OUT/$b.acc.d" -I . -o "$OUT/$b.acc" "$OUT/$b.acc.d/$b.host.c" "$OUT/$b.acc.d/accrt.c" -lOpenCL -lm
	plain=$("$OUT/$b.plain" $args)
	acc=$(ACCLS_PROFILE="$OUT/$b.prof" "$OUT/$b.acc" $args)
	ocl=$("$OUT/$b.ocl" $args)
	tp=$(echo "$plain" | field time_ms); ta=$(echo "$acc" | field time_ms); to=$(echo "$ocl" | field time_ms)
	ea=$(echo "$acc" | field maxerr); eo=$(echo "$ocl" | field maxerr)
	cp=$(echo "$plain" | field check); ca=$(echo "$acc" | field check); co=$(echo "$ocl" | field check)
	if [ -z "$ea" ] && [ "$cp" != "$ca" ]; then
		echo "warning: $b checksums differ: plain $cp, OpenACC $ca, OpenCL $co" >&2
	fi
	runs=$((REPS + 1))
	ain=$(row "$OUT/$b.prof" "host->device"); aout=$(row "$OUT/$b.prof" "device->host"); ared=$(row "$OUT/$b.prof" "partials->host")
	oin=$(echo "$ocl" | field h2d); oout=$(echo "$ocl" | field d2h)
	printf '%-9s %-11s %9s %9s %9s %8s %13s %13s %9s\n' $b "$(echo $args | tr ' ' x)" $tp $ta $to \
		$(awk "BEGIN{printf \"%.2f\", $ta/$to}") \
		"$(mb $ain $runs)/$(mb $((aout + ${ared:-0})) $runs)" "$(mb $oin $runs)/$(mb $oout $runs)" "${ea:--}"
	if [ -n "$eo" ] && [ "$eo" != "0.000e+00" ]; then echo "  ($b twin: maxerr $eo)"; fi
done
