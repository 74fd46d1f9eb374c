#!/bin/sh
# The whole benchmark on the GPU machine in one `run` call.
#
# Here (with go, cc and the OpenCL headers):
#   sh bench/device.sh --prepare        builds everything into bin/ (git-ignored):
#                                       bin/bench (plain, twin, accls binaries),
#                                       bin/bench-fma (accls --fp-contract=on),
#                                       bin/variants (no transfers pass),
#                                       bin/cache (bench/cache staged and hint),
#                                       bin/gen1k, bin/real1k (the 1000-line
#                                       programs, bench/ttime.sh), bin/lib
# Then with the run tool, carry ["bin"]:
#   sh bench/device.sh                  GPU tables (default, --fp-contract=on),
#                                       PoCL table, kernels alone, group shape
#                                       and size sweeps, variants, cache
#                                       staging, translate/build/first-run
#                                       time (bench/ttime.sh, needs cc there)
set -e
R=$(cd "$(dirname "$0")/.." && pwd)
if [ "$1" = "--prepare" ]; then
	cd "$R"
	mkdir -p bin/bench bin/variants bin/lib
	go build -o bin/accls ./cmd/accls
	ACCLS=$R/bin/accls bench/run.sh --build "$R/bin/bench"
	T=$(mktemp -d)
	cd bench
	for b in bicg mvt heat3d; do
		ACCLS_NO_TRANSFER_OPT=1 ../bin/accls translate $b.c -o $T/no_$b >/dev/null
		cc -O2 -w -D_OPENACC=202211 -I $T/no_$b -I . -o ../bin/variants/$b.noopt $T/no_$b/$b.host.c $T/no_$b/accrt.c -lOpenCL -lm
	done
	ACCLS=$R/bin/accls ACCLS_FLAGS=--fp-contract=on ./run.sh --build "$R/bin/bench-fma"
	mkdir -p ../bin/cache
	for p in jacobi_cache matmul_cache; do
		../bin/accls translate --cache-stage cache/$p.c -o $T/s_$p >/dev/null
		../bin/accls translate cache/$p.c -o $T/h_$p >/dev/null
		cc -O2 -w -D_OPENACC=202211 -I $T/s_$p -o ../bin/cache/$p.staged $T/s_$p/$p.host.c $T/s_$p/accrt.c -lOpenCL -lm
		cc -O2 -w -D_OPENACC=202211 -I $T/h_$p -o ../bin/cache/$p.hint $T/h_$p/$p.host.c $T/h_$p/accrt.c -lOpenCL -lm
	done
	cd "$R/compiler" && ACCLS_GEN1K_OUT=$R/bin/gen1k.c ACCLS_REAL1K_OUT=$R/bin/real1k.c go test . -run TestTranslateTime1k -count=1 >/dev/null
	cd "$R/bin"
	for p in gen1k real1k; do
		./accls translate $p.c -o $T/$p >/dev/null
		cc -O2 -D_OPENACC=202211 -I $T/$p $T/$p/$p.host.c $T/$p/accrt.c -o $p -lOpenCL -lm
	done
	cp -L "$(ldconfig -p | sed -n 's/.*libOpenCL.so.1 .*=> //p' | head -1)" lib/ 2>/dev/null || true
	rm -rf $T
	exit 0
fi
set +e
tm() { l=$1; shift; s=$(date +%s.%N); "$@"; e=$(date +%s.%N); awk -v s=$s -v e=$e -v l="$l" 'BEGIN{printf "%s %.3f s\n", l, e-s}'; }
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo /usr/lib/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
nproc; nvidia-smi -L
ldconfig -p | grep -q libOpenCL.so.1 || export LD_LIBRARY_PATH=$R/bin/lib
cd "$R/bench"
. ./sizes.sh
export BENCH_BIN=$R/bin/bench
# The versions alternate (BENCH_ROUNDS) and medians are compared: H100
# ratios of single best-of-5 runs moved by up to 40 % between calls.
export BENCH_ROUNDS=${BENCH_ROUNDS:-5}
# Most wanted first: a call that runs out of time keeps what it printed.
echo "== gpu (BENCH_ROUNDS=$BENCH_ROUNDS, BENCH_REPS=${BENCH_REPS:-10})"; BENCH_REPS=${BENCH_REPS:-10} ./run.sh --device gpu
echo "== translation time on PoCL (bench/ttime.sh: translate, host cc, accls build with the kernels, first runs)"
command -v cc >/dev/null && (cd "$R/bin" && ACCLS=$R/bin/accls ACCLS_DEVICE=cpu sh "$R/bench/ttime.sh" "$R/bin")
for dev in gpu cpu; do
	echo "== kernels alone on $dev (bench/kernels.sh: device time summed over the runs)"
	./kernels.sh --device $dev
	echo "== kernels alone on $dev, accls --fp-contract=on (fma, as the twins' OpenCL C default)"
	BENCH_BIN=$R/bin/bench-fma ./kernels.sh --device $dev
done
echo "== cpu (PoCL, BENCH_ROUNDS=3)"; BENCH_ROUNDS=3 ./run.sh --device cpu
if [ -d "$R/bin/cache" ]; then
	for dev in gpu cpu; do
		echo "== cache staging on $dev (bench/cache: --cache-stage vs the hint)"
		for p in jacobi_cache matmul_cache; do
			for v in staged hint; do
				echo "$p.$v: $(ACCLS_DEVICE=$dev $R/bin/cache/$p.$v | tail -1)"
			done
		done
	done
fi
echo "== gpu, accls --fp-contract=on"; BENCH_BIN=$R/bin/bench-fma BENCH_REPS=${BENCH_REPS:-10} ./run.sh --device gpu
for dev in gpu; do
	echo "== 2-D/3-D group shape (ACCLS_GRID_X: lanes along the innermost loop; 0 = the default) on $dev: kernel ms, sum over the runs"
	for x in 0 8 16 32; do
		for b in gemm 2mm syrk jacobi2d heat3d; do
			ACCLS_GRID_X=$x ACCLS_DEVICE=$dev ACCLS_PROFILE=$R/bin/p.txt $R/bin/bench/$b.acc >/dev/null
			echo "x $x $b $(kernel_ms $R/bin/p.txt | cut -d' ' -f1)"
		done
	done
done
for dev in gpu; do
	echo "== variants on $dev"
	for v in bicg.noopt mvt.noopt heat3d.noopt; do
		b=${v%.*}
		eval a=\$args_$b
		echo "$v: $(ACCLS_DEVICE=$dev ACCLS_PROFILE=$R/bin/p.txt $R/bin/variants/$v $a) $(awk '$1=="host->device"{i=$3} $1=="device->host"{o=$3} END{print "h2d="i" d2h="o}' $R/bin/p.txt)"
	done
done
for dev in gpu; do
	echo "== work-group size (ACCLS_GROUP_SIZE) on $dev: kernel ms, sum over the runs"
	for g in 64 128 256; do
		for b in gemm gesummv heat3d; do
			ACCLS_GROUP_SIZE=$g ACCLS_DEVICE=$dev ACCLS_PROFILE=$R/bin/p.txt $R/bin/bench/$b.acc >/dev/null
			echo "group $g $b $(kernel_ms $R/bin/p.txt | cut -d' ' -f1)"
		done
	done
done
echo "== translation time on the GPU (bench/ttime.sh: translate, host cc, accls build with the kernels, first runs)"
cd "$R/bin"
if command -v cc >/dev/null; then
	ACCLS=$R/bin/accls ACCLS_DEVICE=gpu sh "$R/bench/ttime.sh" "$R/bin"
fi
for p in gen1k real1k; do
	for dev in cpu; do
		# (the program's output is dropped inside: tm's own line must show)
		tm "$p: first run on $dev (empty kernel caches, no prebuild)" sh -c "POCL_CACHE_DIR=$(mktemp -d) CUDA_CACHE_DISABLE=1 ACCLS_DEVICE=$dev ACCLS_PROFILE=/tmp/prof.$dev ./$p >/dev/null"
		grep "program builds" /tmp/prof.$dev
	done
done
