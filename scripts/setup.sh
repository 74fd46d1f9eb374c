#!/usr/bin/env bash
# Installs what accls needs on a Debian machine and is missing, idempotently:
# a Go toolchain new enough for go.mod, and the Debian packages listed below.
# Sourced by demo.sh and test.sh; prints what it does, installs only what is missing.
set -euo pipefail

# Debian packages needed to build, test and run the demo.
ACCLS_APT_PACKAGES=(gcc libc6-dev make git ca-certificates ocl-icd-opencl-dev opencl-headers pocl-opencl-icd neovim chromium ripgrep libkrb5-dev g++ python3)

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

# --- npm workspace: the VS Code extension and its e2e test (scripts/vscode-test.sh) ---
# accls_npm_setup installs the npm workspace of package.json (the extension's
# build tools; code-server 4.100.3 and playwright-core for its e2e test) with
# `npm ci`, downloads cached in ~/.cache/accls-npm (ACCLS_NPM_CACHE). Nothing
# to do when node_modules was installed from the same package-lock.json and
# Node.js. npm ci builds native modules (~2 min on 2 cores), so the installed
# node_modules is also kept there as a tar, keyed by package-lock.json, Node.js
# and the machine, and a fresh clone (CI) unpacks it in seconds.
# code-server installs through npm only: its postinstall refuses root without
# unsafe-perm, builds native modules with node-gyp (libkrb5-dev, the Node.js
# headers in /usr/include/node rather than a download, `npx node-gyp` without
# a prompt), and @vscode/ripgrep would download rg from GitHub unless its cache
# ($TMPDIR/vscode-ripgrep-cache-VERSION) holds the archive: we make that
# archive from Debian's /usr/bin/rg.
accls_ripgrep_versions="1.15.11" # @vscode/ripgrep in code-server 4.100.3's VS Code
accls_ripgrep_asset="ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"

accls_npm_setup() {
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		apt_install_missing nodejs npm
	fi
	local major
	major=$(node -p 'process.versions.node.split(".")[0]')
	if [ "$major" != 20 ]; then
		echo "setup: code-server 4.100.3 needs Node.js 20; found $(node --version)" >&2
		return 1
	fi
	local cache="${ACCLS_NPM_CACHE:-$HOME/.cache/accls-npm}"
	local stamp="$accls_root/node_modules/.accls-npm-stamp"
	local want
	want="$(sha256sum "$accls_root/package-lock.json" | cut -d' ' -f1) node-$(node --version) $(uname -m)"
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
		return 0
	fi
	mkdir -p "$cache"
	local t0=$SECONDS
	local snap="$cache/node_modules-$(echo "$want" | sha256sum | cut -c1-16).tar"
	if [ -s "$snap" ]; then
		echo "setup: node_modules from $snap" >&2
		rm -rf "$accls_root/node_modules"
		if tar -xf "$snap" -C "$accls_root" && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
			echo "setup: node_modules unpacked in $((SECONDS - t0)) s" >&2
			return 0
		fi
		echo "setup: $snap is unusable; running npm ci" >&2
		rm -f "$snap"
	fi
	command -v rg >/dev/null 2>&1 || apt_install_missing ripgrep
	local v seed d
	for v in $accls_ripgrep_versions; do
		seed="$cache/tmp/vscode-ripgrep-cache-$v/$accls_ripgrep_asset"
		if [ ! -s "$seed" ]; then
			mkdir -p "$(dirname "$seed")"
			d=$(mktemp -d)
			cp "$(command -v rg)" "$d/rg"
			tar -czf "$seed" -C "$d" rg
			rm -rf "$d"
		fi
	done
	local nodedir=()
	[ -f /usr/include/node/node.h ] && nodedir=(npm_config_nodedir=/usr)
	echo "setup: npm ci (extension tools, code-server, playwright-core; cache $cache)" >&2
	(cd "$accls_root" && env "${nodedir[@]}" TMPDIR="$cache/tmp" npm_config_unsafe_perm=true \
		npm_config_yes=true npm_config_update_notifier=false \
		npm ci --cache "$cache" --prefer-offline --no-audit --no-fund --loglevel=error) >&2
	echo "$want" >"$stamp"
	echo "setup: npm ci took $((SECONDS - t0)) s" >&2
	# Keep this node_modules for the next clone; only the newest two.
	if tar -cf "$snap.tmp" -C "$accls_root" node_modules; then
		mv "$snap.tmp" "$snap"
		ls -t "$cache"/node_modules-*.tar 2>/dev/null | tail -n +3 | xargs -r rm -f
	else
		rm -f "$snap.tmp"
	fi
}
