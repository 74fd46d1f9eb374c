#!/usr/bin/env bash
# The GPU check, for a machine with NVIDIA's OpenCL driver (the device
# tool's H100/H200 machines; DESIGN.md §4): the execution corpus on the GPU
# (each program's output must equal the plain C build's), then bench/device.sh
# (the benchmark tables, GPU and PoCL).
#
# Here, first (needs go, cc and the OpenCL headers):
#   bash scripts/gpu-check.sh --prepare     builds bin/ (git-ignored): accls, the
#                                           compiler's test binary, bench/device.sh's
#                                           binaries; downloads the OpenCL ICD loader
#                                           and headers into .gpu/ (apt-get download)
# Then on the GPU machine (device tool, carry ["bin", ".gpu"]):
#   OUT=DIR bash scripts/gpu-check.sh [exec|bench|ttime]...   (default: exec bench)
# Results: $OUT/exec-gpu.txt, $OUT/bench-gpu.txt, $OUT/ttime-{cpu,gpu}.txt.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ "${1:-}" = "--prepare" ]; then
	set -e
	sh bench/device.sh --prepare
	go test -c -o bin/compiler.test ./compiler
	mkdir -p .gpu
	(cd .gpu && apt-get download ocl-icd-libopencl1 ocl-icd-opencl-dev opencl-c-headers opencl-headers >/dev/null 2>&1)
	exit 0
fi
out=${OUT:-$root/out/gpu}
mkdir -p "$out"
steps=${*:-exec bench}
# The OpenCL ICD loader and headers (the generated programs are C that
# includes CL/cl.h and links -lOpenCL), and NVIDIA's ICD entry.
if [ ! -e /usr/include/CL/cl.h ] || ! ldconfig -p | grep -q 'libOpenCL.so '; then
	for f in .gpu/*.deb; do dpkg -x "$f" /; done
	ldconfig
fi
mkdir -p /etc/OpenCL/vendors
if [ ! -e /etc/OpenCL/vendors/nvidia.icd ]; then
	lib=$(ls /usr/lib/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 2>/dev/null | head -1)
	echo "${lib:-/usr/lib/libnvidia-opencl.so.1}" >/etc/OpenCL/vendors/nvidia.icd
fi
bin/accls devices | tee "$out/devices.txt"
for step in $steps; do
	case $step in
	exec)
		# 8 programs at a time on the 16 cores; the device serializes them.
		(cd compiler && ACCLS_EXEC_BIN="$root/bin/accls" ACCLS_EXEC_DEVICE=gpu ACCLS_REQUIRE_OPENCL=1 \
			ACCLS_EXEC_JOBS=8 "$root/bin/compiler.test" -test.run 'TestExec$' -test.v -test.count=1) >"$out/exec-gpu.txt" 2>&1
		echo "exec on the GPU: exit $?; $(grep -c -- '--- PASS: TestExec/prog/' "$out/exec-gpu.txt") passed, $(grep -c -- '--- FAIL: TestExec/prog/' "$out/exec-gpu.txt") failed"
		grep -- '--- FAIL' "$out/exec-gpu.txt"
		# a kernel that faults on the GPU (an illegal address) is reported
		# once, naming its construct (light launches: accrt.h section 5)
		f=$(mktemp -d)
		bin/accls build compiler/testdata/gpu/fault.c -o "$f" >/dev/null 2>&1
		ACCLS_DEVICE=gpu timeout 60 "$f/fault" >"$out/fault.txt" 2>&1
		rc=$? n=$(grep -c "failed on the device.*main_L16" "$out/fault.txt")
		if [ $rc = 2 ] && [ "$n" = 1 ] && [ "$(wc -l <"$out/fault.txt")" = 1 ]; then
			echo "fault on the GPU: reported once, naming main_L16"
		else
			echo "fault on the GPU: FAIL (exit $rc):"; cat "$out/fault.txt"
		fi
		rm -rf "$f"
		# programs of several files (cmd/accls/testdata/{multi,routines}):
		# main.c and the others, against the plain C build, on the GPU and
		# on PoCL
		for prog in multi routines; do
			d=cmd/accls/testdata/$prog
			files="$d/main.c $(ls $d/*.c | grep -v '/main.c$' | tr '\n' ' ')"
			f=$(mktemp -d)
			cc -O2 -w -o "$f/plain" $files && "$f/plain" >"$f/want.txt"
			bin/accls build $files -o "$f" >"$f/build.txt" 2>&1
			for dev in gpu cpu; do
				ACCLS_DEVICE=$dev timeout 120 "$f/main" >"$f/got.txt" 2>&1
				if cmp -s "$f/want.txt" "$f/got.txt"; then
					echo "program $prog on $dev: PASS"
				else
					echo "program $prog on $dev: FAIL"; cat "$f/build.txt" "$f/got.txt"
				fi
			done
			rm -rf "$f"
		done
		;;
	bench)
		sh bench/device.sh >"$out/bench-gpu.txt" 2>&1
		echo "bench: exit $?"
		;;
	ttime)
		# translation time alone (bench/ttime.sh, no first runs): PoCL on
		# the host's cores, then the GPU; five alternating rounds each
		for dev in cpu gpu; do
			(cd bin && ACCLS=$root/bin/accls ACCLS_DEVICE=$dev TTIME_ROUNDS=${TTIME_ROUNDS:-5} TTIME_RUN=0 \
				sh "$root/bench/ttime.sh" "$root/bin") >"$out/ttime-$dev.txt" 2>&1
			echo "ttime on $dev: exit $?"
			cat "$out/ttime-$dev.txt"
		done
		;;
	esac
done
