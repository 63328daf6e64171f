#!/usr/bin/env bash
# verdicts.sh OUTDIR: the verdict (level, auto, findings) of every corpus
# line, one JSON object a line, for comparing two versions of the guard:
#
#   bash bench/verdicts.sh /tmp/before   # on the old commit
#   bash bench/verdicts.sh /tmp/after    # on the new one
#   diff /tmp/before/tldr.json /tmp/after/tldr.json
#
# It runs `guardsh --check --json`, which classifies and runs nothing, with
# HOME and the XDG directories in a temporary directory. The corpus sits
# beside the repository (../shared/corpus); nothing of it is executed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: verdicts.sh OUTDIR}
corpus=${CORPUS:-../shared/corpus}
mkdir -p "$out"
out=$(cd "$out" && pwd) corpus=$(cd "$corpus" && pwd)
# Fixed, empty directories, so that paths in reasons and globs are the same
# in every run; a lock keeps two runs from sharing them.
tmp=/tmp/guardsh-verdicts
exec 9>"$tmp.lock"
flock 9
rm -rf "$tmp"
mkdir -p "$tmp/home" "$tmp/work"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/guardsh" .
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_STATE_HOME=$tmp/home/.state
cd "$tmp/work"
cut -f1 "$corpus/tldr.tsv" | "$tmp/guardsh" --check --json >"$out/tldr.json"
"$tmp/guardsh" --check --json <"$corpus/nl2bash.txt" >"$out/nl2bash.json"
wc -l "$out"/*.json
