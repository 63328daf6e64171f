#!/usr/bin/env bash
# ccompare.sh: wall time of `guardsh -c CMD` against `bash -c CMD`, run
# side by side (alternating, so both see the same machine load).
#
#   bench/ccompare.sh [-n RUNS] [-b GUARDSH_BINARY] [-x] [CMD]
#
# Defaults: 100 runs each, CMD 'ls -la /usr/bin | head -5', and a guardsh
# built from this checkout into a temporary directory. Prints the total and
# mean per run of each and the ratio guardsh/bash. guardsh runs with its
# default executor (real bash under the supervisor, where it can run).
# With -x, guardsh with the other executor runs alongside (executor =
# "interpreter", the fallback; for a binary whose default is the
# interpreter, executor = "bash"), and its ratio to bash is printed too.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=100
bin=""
withbash=""
while getopts "n:b:x" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bin=$OPTARG ;;
	x) withbash=1 ;;
	*) echo "usage: $0 [-n RUNS] [-b GUARDSH_BINARY] [-x] [CMD]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cmd=${1:-'ls -la /usr/bin | head -5'}
if [ "$runs" -lt 50 ]; then
	echo "ccompare: at least 50 runs" >&2
	exit 2
fi

if [ -z "$bin" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	bin=$tmp/guardsh
	# Built elsewhere and copied: a file the Go linker wrote (through a
	# shared mapping) starts slower at every run than the same bytes
	# written with write(2), as install.sh installs them.
	CGO_ENABLED=0 go build -o "$tmp/guardsh.built" .
	cp "$tmp/guardsh.built" "$bin"
fi
# Keep the user's config out of the measurement.
export XDG_CONFIG_HOME=$(mktemp -d)
trap 'rm -rf "${tmp:-}" "$XDG_CONFIG_HOME"' EXIT
othercfg=$XDG_CONFIG_HOME/executor-other.toml
if "$bin" --version | grep -q '^executor: guardsh.s interpreter'; then
	other=bash
else
	other=interpreter
fi
echo "executor = \"$other\"" >"$othercfg"

# Warm both up (page cache, binary loading).
for _ in 1 2 3; do
	"$bin" -c "$cmd" >/dev/null 2>&1 </dev/null
	bash -c "$cmd" >/dev/null 2>&1 </dev/null
done

now() { date +%s%N; }
g=0 b=0 x=0
for ((i = 0; i < runs; i++)); do
	t0=$(now)
	"$bin" -c "$cmd" >/dev/null 2>&1 </dev/null
	t1=$(now)
	bash -c "$cmd" >/dev/null 2>&1 </dev/null
	t2=$(now)
	g=$((g + t1 - t0))
	b=$((b + t2 - t1))
	if [ -n "$withbash" ]; then
		"$bin" --config "$othercfg" -c "$cmd" >/dev/null 2>&1 </dev/null
		x=$((x + $(now) - t2))
	fi
done

"$bin" --version | sed -n 's/^executor: /guardsh executor: /p'
awk -v g="$g" -v b="$b" -v x="$x" -v n="$runs" -v cmd="$cmd" -v other="$other" 'BEGIN {
	printf "command: %s (%d runs each, alternating)\n", cmd, n
	printf "guardsh -c: total %8.1f ms, mean %6.2f ms\n", g / 1e6, g / 1e6 / n
	printf "bash -c:    total %8.1f ms, mean %6.2f ms\n", b / 1e6, b / 1e6 / n
	if (x > 0)
		printf "guardsh -c, executor = %s: total %8.1f ms, mean %6.2f ms\n", other, x / 1e6, x / 1e6 / n
	printf "ratio guardsh/bash: %.2f\n", g / b
	if (x > 0)
		printf "ratio guardsh (executor = %s)/bash: %.2f\n", other, x / b
}'
