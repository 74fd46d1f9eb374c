#!/usr/bin/env bash
# The Neovim plugin's headless test suite (editors/nvim/test/): Debian's
# neovim (0.7.2 on bookworm) with only the plugin on the runtimepath drives
# the real accls binary through Neovim's LSP client.
# Usage: bash scripts/nvim-test.sh
#   ACCLS_BIN=path       the server to test (default: build bin/accls)
#   ACCLS_NVIM_FILTER=s  run only the tests whose name contains s
# Prints one line per test and `nvim: N passed, M failed` last; exits non-zero
# when a test failed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! command -v nvim >/dev/null 2>&1; then
	source "$root/scripts/setup.sh"
	apt_install_missing neovim
fi
if [ -z "${ACCLS_BIN:-}" ]; then
	if ! command -v go >/dev/null 2>&1; then
		source "$root/scripts/setup.sh"
		ensure_go
	fi
	go build -o bin/accls ./cmd/accls
	ACCLS_BIN="$root/bin/accls"
fi
export ACCLS_BIN ACCLS_ROOT="$root"
# Runs use the CPU device (PoCL) unless told otherwise.
export ACCLS_DEVICE="${ACCLS_DEVICE:-cpu}"

echo "== nvim $(nvim --version | head -n1 | sed 's/^NVIM //'), accls $("$ACCLS_BIN" version 2>/dev/null || echo '?')"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s%N)
rc=0
# A fresh HOME/XDG: no user configuration, no shada, no swap, no state left.
HOME="$tmp" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" \
	XDG_CACHE_HOME="$tmp/cache" TMPDIR="$tmp" \
	timeout "${ACCLS_NVIM_TIMEOUT:-600}" \
	nvim --headless -u NONE -i NONE -n \
	--cmd "set runtimepath^=$root/editors/nvim" \
	-c "luafile $root/editors/nvim/test/run.lua" </dev/null 2>&1 | tee "$tmp/log" || rc=${PIPESTATUS[0]}
ms=$((($(date +%s%N) - start) / 1000000))
summary=$(grep -E '^nvim: [0-9]+ passed, [0-9]+ failed' "$tmp/log" | tail -n1 || true)
if [ "$rc" = 124 ]; then
	echo "nvim-test: timed out after ${ACCLS_NVIM_TIMEOUT:-600} s" >&2
fi
if [ -z "$summary" ] || { [ "$rc" != 0 ] && ! grep -qE ', [1-9][0-9]* failed' <<<"$summary"; }; then
	echo "nvim-test: nvim exited with status $rc without a test summary" >&2
	summary="nvim: 0 passed, 1 failed"
	[ "$rc" != 0 ] || rc=1
fi
# A Lua error in a callback (a handler, an autocommand) does not fail the
# test that caused it; Neovim prints it: count it as one more failure.
if [ -n "$summary" ] && grep -qE '(Error executing|E5108:|Error detected while processing)' "$tmp/log"; then
	echo "nvim-test: Lua errors outside the tests (see the log above)" >&2
	summary=$(awk '{ for (i = 1; i <= NF; i++) if ($(i+1) ~ /^failed/) { $i = $i + 1; break } print }' <<<"$summary")
	[ "$rc" != 0 ] || rc=1
fi
# On failure, the end of Neovim's LSP log (the server's stderr is in it).
if [ "$rc" != 0 ] && [ -s "$tmp/cache/nvim/lsp.log" ]; then
	echo "== the last lines of Neovim's lsp.log"
	tail -n "${ACCLS_NVIM_LOG_LINES:-40}" "$tmp/cache/nvim/lsp.log" | cut -c1-400
fi
echo "== nvim tests took $((ms / 1000)).$(printf '%03d' $((ms % 1000))) s"
echo "$summary"
exit "$rc"
