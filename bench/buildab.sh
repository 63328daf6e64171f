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
mkdir -p "$dir/src"
i=0
while [ $i -lt "$n" ]; do
	printf '#include <stdio.h>\nint f%d(int x) { return x * %d; }\n' $i $i >"$dir/src/f$i.c"
	i=$((i + 1))
done
printf 'int main(void) { return 0; }\n' >"$dir/src/main.c"
printf 'SRCS := $(wildcard *.c)\nprog: $(SRCS:.c=.o)\n\t$(CC) -o $@ $^\n%%.o: %%.c\n\t$(CC) -O1 -c -o $@ $<\n' >"$dir/src/Makefile"
echo 'executor = "bash"' >"$dir/cfg.toml"
export XDG_STATE_HOME="$dir/state"
build='rm -f *.o prog && make -s -j2'
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
awk '
{ w[$1] = w[$1] " " $2; c[$1] = c[$1] " " ($3 + $4) }
function med(s,   a, k, i, j, t) {
	k = split(s, a, " ")
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
}
END {
	bw = med(w["bash"]); bc = med(c["bash"])
	printf "median wall/CPU: bash %.3f/%.3f", bw, bc
	for (x in w) if (x != "bash") printf ", %s %.3f/%.3f (%.3f/%.3f)", x, med(w[x]), med(c[x]), med(w[x]) / bw, med(c[x]) / bc
	printf "\n"
}' "$dir/times"
uptime
