#!/usr/bin/env bash
# ccompare.sh: wall time of `guardsh -c CMD` against `bash -c CMD`, run
# side by side (alternating, so both see the same machine load).
#
#   bench/ccompare.sh [-n RUNS] [-b GUARDSH_BINARY] [-x] [CMD]
#
# Defaults: 100 runs each, CMD 'ls -la /usr/bin | head -5', and a guardsh
# built from this checkout into a temporary directory. Prints the median and
# mean per run of each and the ratios guardsh/bash. guardsh runs with its
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

# Timed with bash's $EPOCHREALTIME (microseconds, no process of its own):
# a `date` process on each side adds ~0.7 ms to both and hides the ratio.
declare -a gs=() bs=() xs=()
for ((i = 0; i < runs; i++)); do
	t0=${EPOCHREALTIME/[.,]/}
	"$bin" -c "$cmd" >/dev/null 2>&1 </dev/null
	t1=${EPOCHREALTIME/[.,]/}
	bash -c "$cmd" >/dev/null 2>&1 </dev/null
	t2=${EPOCHREALTIME/[.,]/}
	gs+=($((t1 - t0)))
	bs+=($((t2 - t1)))
	if [ -n "$withbash" ]; then
		"$bin" --config "$othercfg" -c "$cmd" >/dev/null 2>&1 </dev/null
		t3=${EPOCHREALTIME/[.,]/}
		xs+=($((t3 - t2)))
	fi
done

"$bin" --version | sed -n 's/^executor: /guardsh executor: /p'
{
	printf 'g %s\n' "${gs[@]}"
	printf 'b %s\n' "${bs[@]}"
	if [ ${#xs[@]} -gt 0 ]; then printf 'x %s\n' "${xs[@]}"; fi
} | sort -k1,1 -k2,2n | awk -v n="$runs" -v cmd="$cmd" -v other="$other" '
	{ v[$1, c[$1]++] = $2; sum[$1] += $2 }
	function med(k) { return (v[k, int((c[k] - 1) / 2)] + v[k, int(c[k] / 2)]) / 2 / 1000 }
	END {
		printf "command: %s (%d runs each, alternating; $EPOCHREALTIME)\n", cmd, n
		printf "guardsh -c: median %6.2f ms, mean %6.2f ms\n", med("g"), sum["g"] / 1000 / n
		printf "bash -c:    median %6.2f ms, mean %6.2f ms\n", med("b"), sum["b"] / 1000 / n
		if (c["x"] > 0)
			printf "guardsh -c, executor = %s: median %6.2f ms, mean %6.2f ms\n", other, med("x"), sum["x"] / 1000 / n
		printf "ratio guardsh/bash: median %.2f, mean %.2f\n", med("g") / med("b"), sum["g"] / sum["b"]
		if (c["x"] > 0)
			printf "ratio guardsh (executor = %s)/bash: median %.2f\n", other, med("x") / med("b")
	}'

