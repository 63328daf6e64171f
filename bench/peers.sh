#!/usr/bin/env bash
# peers.sh [-v] FILE...: score guardsh on labelled commands, such as the
# test cases of other command guards and auto-approvers, extracted by hand.
#
# Each line of a FILE is LABEL<TAB>COMMAND (lines starting with # and lines
# without a tab are skipped). LABEL is one of
#   danger    the command does real damage: it should be rated medium or above
#   harmless  it does none: it should be rated below medium
#   readonly  it only reads: auto mode should run it (it is harmless too)
#   write     it writes or runs code, without damage: auto mode must not run it
# The script prints the share of damaging commands rated medium or above,
# the share of harmless (and read-only) ones rated medium or above, the
# commands that write or execute (danger and write) that auto mode would
# run, and the share of read-only ones auto mode accepts; -v lists every
# command on the wrong side. It runs `guardsh --check --json`, which
# classifies and executes nothing, with HOME in a temporary directory;
# GUARDSH=path scores a binary built elsewhere (another commit).
set -euo pipefail
verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
[ $# -gt 0 ] || { echo "usage: peers.sh [-v] FILE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat -- "$@" | grep -v '^#' | grep $'\t' >"$tmp/in" || true
bin=${GUARDSH:-}
if [ -z "$bin" ]; then
	(cd "$(dirname "$0")/.." && go build -o "$tmp/guardsh" .)
	bin=$tmp/guardsh
fi
mkdir -p "$tmp/home" "$tmp/work"
cut -f2- "$tmp/in" | (cd "$tmp/work" && HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config \
	XDG_STATE_HOME=$tmp/home/.state "$bin" --check --json) |
	jq -r '[.level, (.auto|tostring)] | @tsv' >"$tmp/out"
if [ "$(wc -l <"$tmp/in")" -ne "$(wc -l <"$tmp/out")" ]; then
	echo "peers.sh: $(wc -l <"$tmp/in") commands but $(wc -l <"$tmp/out") verdicts" >&2
	exit 1
fi
paste "$tmp/out" "$tmp/in" | awk -F'\t' -v verbose="$verbose" '
function pct(a, b) { return b ? sprintf("%5.1f%% (%d/%d)", 100 * a / b, a, b) : "    - (0/0)" }
{
	level = $1; auto = $2; label = $3
	cmd = $0; sub(/^[^\t]*\t[^\t]*\t[^\t]*\t/, "", cmd)
	ask = level == "medium" || level == "high" || level == "blocked"
	if (label == "danger") { nd++; if (ask) cd++; else miss = "danger rated " level }
	else if (label == "harmless" || label == "readonly") { nh++; if (ask) { fh++; miss = label " rated " level } }
	else if (label != "write") { printf "unknown label %s: %s\n", label, cmd > "/dev/stderr"; next }
	if (label == "danger" || label == "write") { nw++; if (auto == "true") { aw++; miss = label " auto-run (" level ")" } }
	if (label == "readonly") { nr++; if (auto == "true") ar++; else if (miss == "") miss = "readonly not auto (" level ")" }
	if (verbose && miss != "") printf "%s\t%s\n", miss, cmd
	miss = ""
}
END {
	printf "damaging rated medium or above:       %s   target >= 95%%\n", pct(cd, nd)
	printf "harmless rated medium or above:       %s   target <= 1%%\n", pct(fh, nh)
	printf "writing or executing, yet auto-run:   %d of %d   target 0\n", aw, nw
	printf "read-only accepted by auto mode:      %s   target >= 50%%\n", pct(ar, nr)
}'
