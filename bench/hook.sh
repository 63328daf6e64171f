#!/usr/bin/env bash
# hook.sh [N]: the time of one `guardsh --hook AGENT` call, as an agent
# makes it (a new process reading one event), averaged over N calls for
# each agent's safe, blocked and here-document fixtures. HOME and the XDG
# directories point into a temporary directory; nothing is run.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/guardsh" .
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_STATE_HOME=$tmp/home/.state
mkdir -p "$HOME"
for f in claude-code-safe claude-code-blocked claude-code-heredoc codex-medium gemini-cli-safe; do
	agent=${f%-*}
	agent=${agent%-code}
	case $f in claude-code-*) agent=claude-code ;; gemini-cli-*) agent=gemini-cli ;; esac
	ev=testdata/hooks/$f.json
	start=$(date +%s%N)
	for ((i = 0; i < n; i++)); do
		"$tmp/guardsh" --hook "$agent" <"$ev" >/dev/null
	done
	end=$(date +%s%N)
	printf '%-22s %6.2f ms per call\n' "$f" "$(echo "($end - $start) / $n / 1000000" | bc -l)"
done
