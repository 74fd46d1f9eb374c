# Shared by run.sh, kernels.sh and device.sh: the arguments of the ten
# benchmark programs (sizes from the environment, else the defaults) and
# kernel_ms, the kernels' device time in an ACCLS_PROFILE file.
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

# kernel_ms FILE: the kernel rows of a profile (name, launches, total ms,
# mean ms) summed: "MS LAUNCHES".
kernel_ms() {
	awk 'NR > 2 && $2 ~ /^[0-9]+$/ && $1 !~ /->/ && $1 != "program" { s += $3; n += $2 } END { print s + 0, n + 0 }' "$1"
}
