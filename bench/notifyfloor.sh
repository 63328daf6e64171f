#!/bin/sh
# bench/notifyfloor.sh: the floor of the supervisor's mechanism. The
# 330-file `make -j2` of bench/buildab.sh, run by `bash -c`, under
# bench/notifyfloor.c (a supervisor in C that answers every seccomp
# notification at once with CONTINUE, reading and deciding nothing) with
# the calls guardsh's filter reports, and by `guardsh -y -c` (executor =
# "bash"), alternating, so that all see the same moments of a shared
# machine's load:
#
#   floor-exec   only execve and execveat reported
#   floor        execs, opens for writing, unlink, rename, chmod and the
#                like, and the process-creating calls (guardsh's filter
#                when it counts processes, as it does by default)
#   floor-sync   the same, with the listener's SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP
#                (the supervisor woken on the calling process's CPU), as
#                guardsh's listener has
#
# No supervisor that does any work (reads a path, decides) can be faster
# than floor. Prints wall and CPU (user+sys of the whole tree) of each run,
# then the medians and the ratios to bash's medians.
#
# Usage: RUNS=5 [B=other-guardsh] bench/notifyfloor.sh [guardsh-binary]
# (needs gcc; B: a second guardsh binary, timed as guardsh-b; default:
# guardsh built from this checkout)
set -eu
runs=${RUNS:-5} n=${FILES:-330}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/buildlib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
gcc -O2 -o "$dir/floor" "$here/notifyfloor.c"
if [ $# -gt 0 ]; then
	cp "$1" "$dir/guardsh"
else
	(cd "$here/.." && go build -o "$dir/guardsh.new" .)
	cp "$dir/guardsh.new" "$dir/guardsh" # bench/ccompare.sh says why
fi
prepbuild "$dir" "$n"
uptime
cd "$dir/src"
bash -c "$build" >/dev/null
"$dir/guardsh" --config "$dir/cfg.toml" -y -c "$build" >/dev/null
i=0
while [ $i -lt "$runs" ]; do
	for who in bash floor-exec floor floor-sync guardsh ${B:+guardsh-b}; do
		case $who in
		bash) set -- bash -c "$build" ;;
		floor-exec) set -- "$dir/floor" exec -- bash -c "$build" ;;
		floor) set -- "$dir/floor" forks -- bash -c "$build" ;;
		floor-sync) set -- "$dir/floor" forks sync -- bash -c "$build" ;;
		guardsh) set -- "$dir/guardsh" --config "$dir/cfg.toml" -y -c "$build" ;;
		guardsh-b) set -- "$B" --config "$dir/cfg.toml" -y -c "$build" ;;
		esac
		bash -c 'TIMEFORMAT="$0 %3R %3U %3S"; time "$@" >/dev/null 2>&1' "$who" "$@" 2>>"$dir/times"
	done
	i=$((i + 1))
done
cat "$dir/times"
medians "$dir/times" floor-exec floor floor-sync guardsh guardsh-b
uptime
