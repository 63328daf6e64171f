#!/bin/sh
# bench/supervise.sh: the cost of running under the seccomp supervisor
# (shell/supervise), against the same work run plainly.
#
#   Exec1000       bash running /bin/true 1000 times: the cost per exec
#   Fork1000       bash forking 1000 times without exec ($(:)): plain, under
#                  the filter, with the process limit as a cgroup, and with
#                  the supervisor counting forks
#   WriteOpen10000 one process opening a file for writing 10,000 times:
#                  plain, with the supervisor opening the file itself
#                  (ADDFD), and with the kernel opening it after the check
#                  (CONTINUE)
#   ReadOpen10000  the same for reading, which the filter lets through
#   MissingExec10000 one process executing a program that is not there
#                  10,000 times (gcc and execvp walking PATH): the cheapest
#                  round trip through the supervisor
#   Rename10000    one process renaming a file 10,000 times: plain, with the
#                  supervisor renaming it itself on the directory it checked,
#                  and with the kernel renaming it after the check (CONTINUE)
#   StartTrue      one /bin/true: the fixed cost of the helper and the filter
#
# ns/op is wall time for the whole loop; on a shared machine the CPU
# columns say more: super-cpu-ms/op is the supervisor's CPU time,
# tree-cpu-ms/op the supervised processes', super-cs/op the supervisor's
# context switches (its threads' sleeps and preemptions: one per call is
# the least). Divide by the loop's count for the cost of one call.
#
#   Command        a build of 60 C files with make -j2 (each compile starts
#                  gcc, cc1, as, and the link collect2 and ld: about 250
#                  processes, 60 of them heavy), from clean each time
#
#   Build          the same build, and one of 330 files (about a thousand
#                  processes), run by `bash -c` and by `guardsh -y -c`
#                  with executor = "bash" (real bash under the supervisor,
#                  every exec and write-open decided by the guard), one
#                  after the other: wall and CPU time (user+sys of the
#                  whole tree, guardsh included) of each
#
# Usage: bench/supervise.sh [count]   (default 3 runs of each)
set -eu
cd "$(dirname "$0")/.."
count=${1:-3}
go test -run '^$' -bench 'Exec|Fork|Open|Rename|StartTrue' -benchtime 10x -count "$count" ./shell/supervise

. bench/buildlib.sh

if command -v cc >/dev/null && command -v make >/dev/null; then
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	mkbuild "$dir/b60" 60
	SUPERVISE_BENCH_DIR=$dir/b60 SUPERVISE_BENCH_CMD='rm -f *.o prog && make -s -j2' \
		go test -run '^$' -bench Command -benchtime 5x -count "$count" ./shell/supervise

	bin=$dir/guardsh-bin
	# Built elsewhere and copied, as install.sh installs it: a file the Go
	# linker wrote starts slower at every run (bench/ccompare.sh).
	CGO_ENABLED=0 go build -o "$dir/guardsh-built" .
	cp "$dir/guardsh-built" "$bin"
	cfg=$dir/executor-bash.toml
	echo 'executor = "bash"' >"$cfg"
	export XDG_STATE_HOME="$dir/state"
	build='rm -f *.o prog && make -s -j2'
	# 60 files start about 250 processes (cc, cc1 and as for each, and
	# the link); 330 files about a thousand.
	for n in 60 330; do
		b=$dir/b$n
		[ -d "$b" ] || mkbuild "$b" $n
		echo "build of $n files:"
		(cd "$b" && bash -c "$build" && "$bin" --config "$cfg" -y -c "$build") # warm up
		i=0
		while [ $i -lt "$count" ]; do
			for who in bash guardsh; do
				if [ $who = bash ]; then
					set -- bash -c "$build"
				else
					set -- "$bin" --config "$cfg" -y -c "$build"
				fi
				# bash's time: the wall time, and the user and sys CPU of the
				# whole tree (guardsh's supervisor included).
				(cd "$b" && bash -c 'TIMEFORMAT="$0: wall %3R s, CPU %3U user + %3S sys"; time "$@" >/dev/null' "$who" "$@")
			done
			i=$((i + 1))
		done
	done
fi
