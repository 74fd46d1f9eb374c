#!/usr/bin/env bash
# Installs what accls needs on a Debian machine and is missing, idempotently:
# a Go toolchain new enough for go.mod, and the Debian packages listed below.
# Sourced by demo.sh and test.sh; prints what it does, installs only what is missing.
set -euo pipefail

# Debian packages needed to build, test and run the demo.
ACCLS_APT_PACKAGES=(gcc libc6-dev make git ca-certificates ocl-icd-opencl-dev opencl-headers pocl-opencl-icd)

accls_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install_missing() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "setup: installing ${missing[*]}" >&2
	as_root apt-get update -qq
	DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# go_version_ok GO: true when GO runs and is at least the version go.mod asks for.
go_version_ok() {
	local want have
	want=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$accls_root/go.mod")
	have=$("$1" env GOVERSION 2>/dev/null | sed 's/^go//') || return 1
	[ -n "$have" ] && [ "$(printf '%s\n%s\n' "$want" "$have" | sort -V | head -n1)" = "$want" ]
}

# ensure_go puts a Go toolchain that satisfies go.mod first on PATH. Go ≥ 1.21
# fetches the toolchain go.mod names by itself (GOTOOLCHAIN=auto); an older Go
# (Debian's golang-go) downloads that toolchain as a module through the
# ordinary module client and runs it from the module cache.
ensure_go() {
	local g
	for g in "$(command -v go 2>/dev/null || true)" /usr/local/go/bin/go "$HOME/go/bin/go"; do
		if [ -n "$g" ] && [ -x "$g" ] && go_version_ok "$g"; then
			export PATH="$(dirname "$g"):$PATH"
			return 0
		fi
	done
	if ! command -v go >/dev/null 2>&1 && [ ! -x /usr/local/go/bin/go ]; then
		apt_install_missing golang-go
	fi
	g=$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)
	local want
	want=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$accls_root/go.mod")
	echo "setup: fetching the Go $want toolchain through the module proxy" >&2
	local mod="golang.org/toolchain@v0.0.1-go$want.linux-$(dpkg --print-architecture)"
	local dir
	dir=$(cd /tmp && GOFLAGS=-mod=mod GOTOOLCHAIN=local "$g" mod download -json "$mod" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
	[ -x "$dir/bin/go" ] || { echo "setup: could not fetch $mod" >&2; return 1; }
	export PATH="$dir/bin:$PATH"
	go_version_ok go
}

accls_setup() {
	apt_install_missing "${ACCLS_APT_PACKAGES[@]}"
	ensure_go
	export GOFLAGS="${GOFLAGS:-} -buildvcs=false"
	cd "$accls_root"
	go mod download
}
