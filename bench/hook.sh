#!/usr/bin/env bash
# hook.sh [N]: the time of one `guardsh --hook AGENT` call, as an agent
# makes it (a new process reading one event), averaged over N calls for
# each agent's safe, blocked and here-document fixtures, and through
# guardsh's OpenCode plugin under node when node is there. HOME and the XDG
# directories point into a temporary directory; nothing is run.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/guardsh" .
export HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config XDG_STATE_HOME=$tmp/home/.state
mkdir -p "$HOME"
for f in claude-code-safe claude-code-blocked claude-code-heredoc codex-medium gemini-cli-safe opencode-safe opencode-blocked; do
	agent=${f%-*}
	agent=${agent%-code}
	case $f in claude-code-*) agent=claude-code ;; gemini-cli-*) agent=gemini-cli ;; opencode-*) agent=opencode ;; esac
	ev=testdata/hooks/$f.json
	start=$(date +%s%N)
	for ((i = 0; i < n; i++)); do
		"$tmp/guardsh" --hook "$agent" <"$ev" >/dev/null
	done
	end=$(date +%s%N)
	printf '%-22s %6.2f ms per call\n' "$f" "$(echo "($end - $start) / $n / 1000000" | bc -l)"
done

# OpenCode: guardsh's plugin under node, as OpenCode calls it (the plugin
# starts guardsh --hook opencode and reads its answer) for git status.
if command -v node >/dev/null; then
	mkdir -p "$tmp/oc"
	echo '{"type":"module"}' >"$tmp/oc/package.json"
	"$tmp/guardsh" --install-hook opencode >/dev/null
	cp "$XDG_CONFIG_HOME/opencode/plugin/guardsh.js" "$tmp/oc/guardsh.js"
	cat >"$tmp/oc/bench.js" <<'EOF'
import { GuardshPlugin } from "./guardsh.js"
const n = Number(process.argv[2])
const hooks = await GuardshPlugin({ directory: process.cwd(), worktree: process.cwd() })
const start = process.hrtime.bigint()
for (let i = 0; i < n; i++) {
  await hooks["tool.execute.before"]({ tool: "bash", sessionID: "s", callID: "c" }, { args: { command: "git status", description: "d" } })
}
console.log("opencode plugin (node) " + (Number(process.hrtime.bigint() - start) / n / 1e6).toFixed(2) + " ms per call")
EOF
	(cd "$tmp/oc" && node bench.js "$n")
fi
