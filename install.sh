#!/usr/bin/env bash
# install.sh: build guardsh from source with the Go toolchain and install it.
#
#   ./install.sh                    build and install to $PREFIX/bin
#   ./install.sh --register-shell   the same, and add it to /etc/shells
#   ./install.sh --uninstall        remove the binary and its /etc/shells line
#
# PREFIX defaults to /usr/local as root and to ~/.local otherwise. The script
# downloads no binaries: it builds with the Go toolchain already installed
# (GOTOOLCHAIN=local), which fetches only the Go modules go.mod names. Run it
# again at any time: it replaces the binary and adds nothing twice.
# GUARDSH_SHELLS_FILE names another file than /etc/shells and
# GUARDSH_PASSWD_FILE another user list than the system's (for tests).
set -euo pipefail

usage() {
	cat <<'EOF'
usage: ./install.sh [--prefix DIR] [--register-shell]
       ./install.sh [--prefix DIR] --uninstall

Builds guardsh from this source tree with the installed Go toolchain and
installs it as $PREFIX/bin/guardsh (PREFIX: /usr/local as root, ~/.local
otherwise; the PREFIX environment variable or --prefix set it).

  --register-shell   also add $PREFIX/bin/guardsh to /etc/shells, so that
                     chsh -s accepts it as a login shell (needs root)
  --uninstall        remove $PREFIX/bin/guardsh and its /etc/shells line;
                     your config, history and audit log are kept
  -h, --help         this help
EOF
}

say() { printf 'install.sh: %s\n' "$*"; }
die() {
	printf 'install.sh: %s\n' "$*" >&2
	exit 1
}

register=false
uninstall=false
prefix="${PREFIX:-}"
while [ $# -gt 0 ]; do
	case "$1" in
	--register-shell) register=true ;;
	--uninstall) uninstall=true ;;
	--prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix="$2"; shift ;;
	--prefix=*) prefix="${1#--prefix=}" ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown argument: $1" ;;
	esac
	shift
done
if $register && $uninstall; then
	die "--register-shell and --uninstall do not go together"
fi

if [ -z "$prefix" ]; then
	if [ "$(id -u)" -eq 0 ]; then
		prefix=/usr/local
	else
		[ -n "${HOME:-}" ] || die "HOME is not set: give PREFIX=DIR"
		prefix="$HOME/.local"
	fi
fi
case "$prefix" in
/*) ;;
*) prefix="$PWD/$prefix" ;;
esac
prefix="${prefix%/}"
bindir="$prefix/bin"
target="$bindir/guardsh"
shells="${GUARDSH_SHELLS_FILE:-/etc/shells}"

# in_shells reports whether the shells file lists the target.
in_shells() { [ -f "$shells" ] && grep -qxF -- "$target" "$shells"; }

# login_users prints the users whose login shell is the target.
login_users() {
	if [ -n "${GUARDSH_PASSWD_FILE:-}" ]; then # for tests
		awk -F: -v s="$target" '$7 == s { print $1 }' "$GUARDSH_PASSWD_FILE"
	elif command -v getent >/dev/null 2>&1; then
		getent passwd | awk -F: -v s="$target" '$7 == s { print $1 }'
	elif [ -r /etc/passwd ]; then
		awk -F: -v s="$target" '$7 == s { print $1 }' /etc/passwd
	fi
}

if $uninstall; then
	users="$(login_users || true)"
	if [ -n "$users" ] && [ -z "${GUARDSH_FORCE_UNINSTALL:-}" ]; then
		die "$target is the login shell of: $(echo $users); change it first (chsh -s /bin/bash USER), or set GUARDSH_FORCE_UNINSTALL=1"
	fi
	if [ -e "$target" ] || [ -L "$target" ]; then
		rm -f -- "$target"
		say "removed $target"
	else
		say "$target is not installed"
	fi
	if in_shells; then
		[ -w "$shells" ] || die "cannot write $shells to remove $target from it: run as root"
		tmp="$(mktemp)"
		grep -vxF -- "$target" "$shells" >"$tmp" || true
		cat "$tmp" >"$shells" # keep the file's owner and mode
		rm -f -- "$tmp"
		say "removed $target from $shells"
	fi
	exit 0
fi

# The Go toolchain: present, and as new as the go directive of go.mod.
cd "$(dirname "$0")"
[ -f go.mod ] || die "run me from the guardsh source tree (no go.mod next to install.sh)"
want="$(awk '$1 == "go" { print $2; exit }' go.mod)"
if ! command -v go >/dev/null 2>&1; then
	hint=""
	if [ -n "${SUDO_USER:-}" ]; then
		hint="; sudo resets PATH, so try: sudo env \"PATH=\$PATH\" $0"
	fi
	die "Go is not installed (or not on PATH): guardsh is built from source and needs Go $want or newer; see https://go.dev/doc/install$hint"
fi
have="$(GOTOOLCHAIN=local go env GOVERSION 2>/dev/null || true)"
have="${have#go}"

# version_ge A B reports whether version A >= version B (1.22.3 style;
# a pre-release suffix such as rc1 counts as older than the release).
version_ge() {
	local a b i x y
	IFS=. read -r -a a <<<"$1"
	IFS=. read -r -a b <<<"$2"
	for i in 0 1 2; do
		x="${a[i]:-0}" y="${b[i]:-0}"
		x="${x%%[!0-9]*}" y="${y%%[!0-9]*}"
		x="${x:-0}" y="${y:-0}"
		if ((10#$x > 10#$y)); then return 0; fi
		if ((10#$x < 10#$y)); then return 1; fi
	done
	case "$1" in *[!0-9.]*) case "$2" in *[!0-9.]*) ;; *) return 1 ;; esac ;; esac
	return 0
}
case "$have" in
"" | devel*) ;; # a development toolchain: let the build decide
*)
	if ! version_ge "$have" "$want"; then
		die "Go $have is too old: guardsh needs Go $want or newer (go.mod); see https://go.dev/doc/install"
	fi
	;;
esac

version="$(git describe --tags --dirty 2>/dev/null || true)" # none without a tag
ldflags="-s -w"
if [ -n "$version" ]; then
	ldflags="$ldflags -X main.version=$version"
fi

mkdir -p -- "$bindir"
tmp="$(mktemp "$bindir/.guardsh.XXXXXX")"
build="$(mktemp -d)"
trap 'rm -f -- "$tmp"; rm -rf -- "$build"' EXIT
say "building guardsh with Go $have"
GOTOOLCHAIN=local GOFLAGS="${GOFLAGS:-} -buildvcs=false" \
	CGO_ENABLED=0 go build -trimpath -ldflags "$ldflags" -o "$build/guardsh" .
# Copied, not moved: the Go linker writes its output through a shared
# mapping, and a file written that way starts slower at every run than
# the same bytes written with write(2) (some 0.3-0.5 ms of each line,
# measured on Linux 6.18 and ext4; docs/how-it-works.md, "Cost of
# executor = bash").
cp -- "$build/guardsh" "$tmp"
chmod 0755 "$tmp"
mv -f -- "$tmp" "$target" # a rename: a running guardsh keeps its old file
trap - EXIT
say "installed $target"

if $register; then
	if in_shells; then
		say "$target is already in $shells"
	else
		if [ -e "$shells" ]; then
			[ -w "$shells" ] || die "cannot write $shells: run as root to register $target as a login shell"
		else
			[ -w "$(dirname "$shells")" ] || die "cannot create $shells: run as root to register $target as a login shell"
		fi
		if [ -s "$shells" ] && [ -n "$(tail -c1 "$shells")" ]; then
			echo >>"$shells"
		fi
		echo "$target" >>"$shells"
		say "added $target to $shells; make it your login shell with: chsh -s $target"
	fi
fi

case ":$PATH:" in
*":$bindir:"*) ;;
*) say "$bindir is not on your PATH; add it, e.g. export PATH=\"$bindir:\$PATH\"" ;;
esac
