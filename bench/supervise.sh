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
#
# ns/op is wall time for the whole loop; on a shared machine the CPU
# columns say more: super-cpu-ms/op is the supervisor's CPU time,
# tree-cpu-ms/op the supervised processes'. Divide by the loop's count for
# the cost of one call.
#
# Usage: bench/supervise.sh [count]   (default 3 runs of each)
set -eu
cd "$(dirname "$0")/.."
count=${1:-3}
go test -run '^$' -bench . -benchtime 10x -count "$count" ./shell/supervise
