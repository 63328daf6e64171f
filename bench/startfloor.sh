#!/usr/bin/env bash
# startfloor.sh: how close `guardsh -c CMD` can come to `bash -c CMD` at
# all. Times, alternating (so that all see the same load), `bash -c`,
# bench/startfloor (a Go program that only runs bash and waits; with
# -exec, one that replaces itself with bash) and guardsh, and prints each
# one's mean and its ratio to bash's. The floor's ratio is what any Go
# program that runs the line in real bash pays before doing any work of
# its own; guardsh's figure less the floor's is guardsh's own.
#
#   bench/startfloor.sh [-n RUNS] [-b GUARDSH_BINARY] [CMD]
#
# Defaults: 200 runs, CMD 'ls -la /usr/bin | head -5', guardsh built from
# this checkout. Binaries are copied after the build (bench/ccompare.sh
# says why).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=200 bin=""
while getopts "n:b:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bin=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-b GUARDSH_BINARY] [CMD]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=${1:-'ls -la /usr/bin | head -5'}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CGO_ENABLED=0 go build -o "$tmp/floor.built" ./bench/startfloor
cp "$tmp/floor.built" "$tmp/floor"
if [ -z "$bin" ]; then
	CGO_ENABLED=0 go build -o "$tmp/guardsh.built" .
	bin=$tmp/guardsh.copy
	cp "$tmp/guardsh.built" "$bin"
fi
export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
names=(bash floor-exec floor guardsh)
one() {
	case $1 in
	bash) bash -c "$cmd" ;;
	floor-exec) "$tmp/floor" -exec -c "$cmd" ;;
	floor) "$tmp/floor" -c "$cmd" ;;
	guardsh) "$bin" -c "$cmd" ;;
	esac >/dev/null 2>&1 </dev/null
}
for n in "${names[@]}"; do one "$n"; one "$n"; done
declare -A tot
for n in "${names[@]}"; do tot[$n]=0; done
for ((i = 0; i < runs; i++)); do
	for n in "${names[@]}"; do
		t0=$EPOCHREALTIME
		one "$n"
		t1=$EPOCHREALTIME
		tot[$n]=$((tot[$n] + ${t1/./} - ${t0/./}))
	done
done
echo "command: $cmd ($runs runs each, alternating; load $(cut -d' ' -f1-3 /proc/loadavg))"
for n in "${names[@]}"; do
	awk -v n="$n" -v t="${tot[$n]}" -v b="${tot[bash]}" -v r="$runs" \
		'BEGIN { printf "%-11s %6.2f ms  %.2fx\n", n, t / r / 1000, t / b }'
done
