#!/bin/sh
# Translation time: where the time of "translate and build" goes for the two
# generated 1000-line programs (compiler/translate_time_test.go), on PoCL.
#
#   bench/ttime.sh [DIR]      DIR holds gen1k.c and real1k.c (default bin/,
#                             generated there with go when missing)
#
# Environment: ACCLS (the accls binary; default bin/accls, built with go when
# missing), CC, ACCLS_DEVICE (default cpu), TTIME_ROUNDS (1: how many times
# the build lines run, alternating), TTIME_RUN=0 to skip the first
# runs (half a minute for gen1k on 2 cores).
#
# Each line is one step: wall time (and CPU time, see tm). "build" is `accls build`: the host program
# compiled (cc -O2 -c) and linked with the cached runtime object, and the
# kernels built for the device (kernel prebuild) at the same time. "cold" is
# an empty PoCL kernel cache (POCL_CACHE_DIR) and, for "everything cold", an
# empty accls cache too (XDG_CACHE_HOME: the runtime object and the prebuild
# driver compiled first). "no server" builds the kernels in a process of
# their own (ACCLS_KERNEL_SERVER_IDLE=0: the OpenCL platforms start and
# PoCL's compiler loads for this build alone); "warm server" sends them to
# a kernel build server that has built before (compiler/kernelserver.go),
# as in an edit-build-run cycle. The first run after the build finds its program
# build in PoCL's cache; PoCL then compiles each kernel at its first launch.
R=$(cd "$(dirname "$0")/.." && pwd)
D=${1:-$R/bin}
mkdir -p "$D"
ACCLS=${ACCLS:-$R/bin/accls}
if [ ! -x "$ACCLS" ]; then
	(cd "$R" && go build -o "$ACCLS" ./cmd/accls) || exit 2
fi
if [ ! -f "$D/gen1k.c" ] || [ ! -f "$D/real1k.c" ]; then
	(cd "$R/compiler" && ACCLS_GEN1K_OUT=$D/gen1k.c ACCLS_REAL1K_OUT=$D/real1k.c go test . -run 'TestTranslateTime1k' -count=1 >/dev/null) || exit 2
fi
export ACCLS_DEVICE=${ACCLS_DEVICE:-cpu}
CC=${CC:-cc}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# tm LABEL CMD...: CMD's wall time (the line goes to fd 3, the script's
# stdout, so that CMD's own output can be dropped with >/dev/null)
exec 3>&1
# (with GNU time also the CPU seconds, user + system, of CMD and its
# children: on a loaded machine the wall time of a step waits for others)
TIME="/usr/bin/time -q -f %U+%S -o $T/cpu"
$TIME true 2>/dev/null || TIME=
tm() {
	l=$1; shift; : >"$T/cpu"; s=$(date +%s.%N); $TIME "$@"; r=$?; e=$(date +%s.%N)
	awk -v s=$s -v e=$e -v l="$l" -v c="$(tail -1 "$T/cpu")" 'BEGIN{split(c, u, "+"); printf "  %-58s %7.3f s%s\n", l, e-s, c == "" ? "" : sprintf("  (cpu %.2f s)", u[1] + u[2])}' >&3
	return $r
}
# an empty kernel cache: PoCL's, and NVIDIA's (CUDA_CACHE_PATH) on a GPU
fresh() { rm -rf "$T/pocl" "$T/nv" && mkdir "$T/pocl" "$T/nv"; }
export CUDA_CACHE_PATH=$T/nv
# the kernel build servers started here leave soon after the script
SERVER_IDLE=${SERVER_IDLE:-20}
echo "ttime: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ACCLS_DEVICE=$ACCLS_DEVICE, $($CC --version | head -1)"
for p in gen1k real1k; do
	echo "== $p.c: $(wc -l <"$D/$p.c") lines, $(grep -c '#pragma acc \(parallel\|kernels\|serial\)' "$D/$p.c") compute constructs"
	o=$T/$p
	tm "translate" "$ACCLS" translate "$D/$p.c" -o "$o/t" >/dev/null
	tm "host cc -O2 -c" $CC -O2 -D_OPENACC=202211 -I "$o/t" -c "$o/t/$p.host.c" -o "$o/t/h.o"
	tm "host cc -O1 -c (for comparison)" $CC -O1 -D_OPENACC=202211 -I "$o/t" -c "$o/t/$p.host.c" -o "$o/t/h1.o"
	tm "runtime cc -O2 -c (cached by accls)" $CC -O2 -D_OPENACC=202211 -I "$o/t" -c "$o/t/accrt.c" -o "$o/t/rt.o"
	fresh
	# warm the runtime object (and the prebuild driver) once
	POCL_CACHE_DIR=$T/pocl ACCLS_KERNEL_SERVER_IDLE=$SERVER_IDLE "$ACCLS" build "$D/$p.c" -o "$o/w" >/dev/null
	for r in $(seq "${TTIME_ROUNDS:-1}"); do
		fresh
		tm "translate+build, no kernels (ACCLS_NO_KERNEL_PREBUILD=1)" env POCL_CACHE_DIR=$T/pocl ACCLS_NO_KERNEL_PREBUILD=1 "$ACCLS" build "$D/$p.c" -o "$o/n" >/dev/null
		tm "translate+build with kernels, cold PoCL cache, no server" env POCL_CACHE_DIR=$T/pocl ACCLS_KERNEL_SERVER_IDLE=0 "$ACCLS" build "$D/$p.c" -o "$o/b" >/dev/null
		# the edit-build-run cycle: a kernel build server that has built
		# before (the warm-up build above started it; the cache is emptied,
		# so that it builds the kernels again)
		fresh
		tm "translate+build with kernels, cold PoCL cache, warm server" env POCL_CACHE_DIR=$T/pocl ACCLS_KERNEL_SERVER_IDLE=$SERVER_IDLE "$ACCLS" build "$D/$p.c" -o "$o/s" >/dev/null
	done
	fresh
	mkdir -p "$T/xdg"
	tm "translate+build with kernels, everything cold" env XDG_CACHE_HOME=$T/xdg POCL_CACHE_DIR=$T/pocl ACCLS_KERNEL_SERVER_IDLE=0 "$ACCLS" build "$D/$p.c" -o "$o/c" >/dev/null
	rm -rf "$T/xdg"
	[ "${TTIME_RUN:-1}" = 0 ] && continue
	tm "first run after the build" env POCL_CACHE_DIR=$T/pocl ACCLS_PROFILE=$T/prof "$o/b/$p" >/dev/null
	echo "    $(grep 'program builds' "$T/prof")"
	tm "second run (PoCL cache warm)" env POCL_CACHE_DIR=$T/pocl "$o/b/$p" >/dev/null
	fresh
	tm "first run, no prebuild (cold PoCL cache)" env POCL_CACHE_DIR=$T/pocl ACCLS_PROFILE=$T/prof "$o/n/$p" >/dev/null
	echo "    $(grep 'program builds' "$T/prof")"
done
