#!/bin/sh
# bench/buildab.sh: the 330-file `make -j2` of bench/supervise.sh's Build,
# run by `bash -c` and by `guardsh -y -c` (executor = "bash") of several
# binaries (A a base, B...), alternating, so that all see the same
# moments of a shared machine's load. Prints wall and CPU (user+sys of
# the whole tree, guardsh included) of each run, then the medians and
# each binary's ratios to bash's medians, with uptime before and after.
#
# Usage: RUNS=5 FILES=330 bench/buildab.sh A-binary B-binary [C-binary...]
# Each binary is copied first (a file the Go linker just wrote starts
# slower: bench/ccompare.sh).
set -eu
. "$(dirname "$0")/buildlib.sh"
runs=${RUNS:-5} n=${FILES:-330}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
names=
for x in A B C D E; do
	[ $# -gt 0 ] || break
	cp "$1" "$dir/$x"
	names="$names $x"
	shift
done
prepbuild "$dir" "$n"
uptime
cd "$dir/src"
bash -c "$build" >/dev/null
for who in $names; do
	"$dir/$who" --config "$dir/cfg.toml" -y -c "$build" >/dev/null
done
i=0
while [ $i -lt "$runs" ]; do
	for who in bash $names; do
		if [ $who = bash ]; then
			set -- bash -c "$build"
		else
			set -- "$dir/$who" --config "$dir/cfg.toml" -y -c "$build"
		fi
		bash -c 'TIMEFORMAT="$0 %3R %3U %3S"; time "$@" >/dev/null' "$who" "$@" 2>>"$dir/times"
	done
	i=$((i + 1))
done
cat "$dir/times"
medians "$dir/times" $names
uptime
