package guard

import (
	"strings"
	"testing"

	"guardsh/guard/internal/rules"
)

// testHookFiles are the places of the agents' hooks as main names them,
// for a home of /home/u.
var testHookFiles = []HookFile{
	{Agent: "Claude Code", Path: "/home/u/.claude/settings.json"},
	{Agent: "Claude Code", Path: "/home/u/.claude/settings.local.json"},
	{Agent: "Claude Code", Path: ".claude/settings.json"},
	{Agent: "Claude Code", Path: ".claude/settings.local.json"},
	{Agent: "Codex", Path: "/home/u/.codex/hooks.json"},
	{Agent: "Codex", Path: "/home/u/.codex/config.toml"},
	{Agent: "Codex", Path: ".codex/hooks.json"},
	{Agent: "Gemini CLI", Path: "/home/u/.gemini/settings.json"},
	{Agent: "Gemini CLI", Path: ".gemini/settings.json"},
	{Agent: "Cursor", Path: "/home/u/.cursor/hooks.json"},
	{Agent: "Cursor", Path: ".cursor/hooks.json"},
	{Agent: "GitHub Copilot CLI", Path: ".github/hooks", Dir: true},
	{Agent: "GitHub Copilot CLI", Path: "/home/u/.copilot/hooks", Dir: true},
	{Agent: "OpenCode", Path: "/home/u/.config/opencode/plugin", Dir: true},
	{Agent: "OpenCode", Path: ".opencode/plugin", Dir: true},
	{Agent: "OpenCode", Path: "opencode.json"},
}

func TestAgentHooks(t *testing.T) {
	tests := []struct {
		line, dir string
		hit       bool
	}{
		// The user's settings, in every spelling of a write.
		{"echo '{}' > ~/.claude/settings.json", "", true},
		{"echo '{}' > /home/u/.claude/settings.json", "", true},
		{"echo '{}' >> ~/.claude/settings.local.json", "", true},
		{"sed -i /guardsh/d ~/.claude/settings.json", "", true},
		{"perl -pi -e s/guardsh// /home/u/.gemini/settings.json", "", true},
		{"jq 'del(.hooks)' ~/.gemini/settings.json > /tmp/s && mv /tmp/s ~/.gemini/settings.json", "", true},
		{"jq 'del(.hooks)' ~/.gemini/settings.json > ~/.gemini/settings.json", "", true},
		{"cp /dev/null ~/.codex/hooks.json", "", true},
		{": > ~/.cursor/hooks.json", "", true},
		{"truncate -s 0 ~/.cursor/hooks.json", "", true},
		{"rm ~/.codex/hooks.json", "", true},
		{"rm -rf ~/.claude", "", true},
		{"mv ~/.claude/settings.json ~/.claude/settings.old", "", true},
		{"chmod 000 ~/.claude/settings.json", "", true},
		{"tee ~/.codex/config.toml", "", true},
		{"dd if=/dev/null of=/home/u/.codex/hooks.json", "", true},
		{"ln -sf /dev/null ~/.claude/settings.json", "", true},
		{"python3 -c 'open(\"/home/u/.claude/settings.json\", \"w\").write(\"{}\")'", "", true},
		{"vim ~/.claude/settings.json", "", true},
		{"rm ~/.config/opencode/plugin/guardsh.js", "", true},
		{"rm -r ~/.config/opencode/plugin", "", true},
		{"echo 'export default {}' > ~/.config/opencode/plugin/allow.js", "", true},
		// The project's, in the line's directory, a parent, or by a
		// relative name in an unknown one.
		{"echo '{}' > .claude/settings.json", "/home/u/proj", true},
		{"echo '{}' > ../.claude/settings.json", "/home/u/proj/sub", true},
		{"echo '{}' > settings.json", "/home/u/proj/.claude", true},
		{"rm hooks.json", "/home/u/proj/.codex", true},
		{"cd \"$X\" && echo '{}' > .claude/settings.json", "/home/u/proj", true},
		{"echo '{}' > /srv/other/.gemini/settings.json", "", true},
		{"echo '{\"hooks\":{}}' > .github/hooks/allow.json", "/home/u/proj", true},
		{"cp allow.json .github/hooks/", "/home/u/proj", true},
		{"rm -rf .github/hooks", "/home/u/proj", true},
		{"rm -rf .github", "/home/u/proj", true},
		{"rm -rf ~/.copilot", "", true},
		{"rm -rf .config", "/home/u", true},
		{"echo '{}' > hooks/x.json", "/srv/app/.github", true},
		{"echo '{}' > x.json", "/srv/app/.github/hooks", true},
		{"echo '{}' > .claude/settings.json.gz", "/home/u/proj", false},
		{"gunzip .claude/settings.json.gz", "/home/u/proj", true},
		{"tar -xf t.tar -C ~/.claude", "", true},
		{"unzip -o x.zip -d ~/.claude", "", true},
		{"cp -r dotfiles/.claude ~/", "", true},
		{"cp -a dotfiles/.claude /home/u", "", true},
		{"rsync -a dotfiles/.claude/ ~/.claude/", "", true},
		{"find ~/.claude -name settings.json -delete", "", true},
		{"find . -name '*.json' -delete", "/home/u/proj/.claude", true},
		{"tar -cf /tmp/b.tar ~/.claude", "", false},
		{"tar -xf t.tar -C ~/src", "", false},
		{"cp -r src build", "/home/u/proj", false},
		{"cp -r project ~/", "", false},
		{"cp -r project /home/u", "", false},
		{"cp -r $(ls -A) ~/", "", true},
		{"cp -r src ~/.claude", "", true},
		{"rsync -a ./ ~/", "/home/u/dotfiles", true},
		{"rsync -a ./ /srv/app/", "/home/u/proj", false},
		{"find ~/.claude -name '*.log'", "", false},
		{"find build -delete", "/home/u/proj", false},
		{"rm -rf .claude", "/home/u/proj", true},
		{"rm .claude/*", "/home/u/proj", true},
		{"rm -rf .opencode/plugin", "/home/u/proj", true},
		{"git checkout .claude/settings.json", "/home/u/proj", true},

		// Reads, and writes of other files.
		{"cat ~/.claude/settings.json", "", false},
		{"jq . ~/.claude/settings.json", "", false},
		{"grep guardsh ~/.gemini/settings.json .claude/settings.json", "/home/u/proj", false},
		{"cp ~/.claude/settings.json /tmp/backup.json", "", false},
		{"ls -la .github/hooks", "/home/u/proj", false},
		{"diff .claude/settings.json /tmp/x", "/home/u/proj", false},
		{"echo x > settings.json", "/home/u/proj", false},
		{"echo x > .claude/notes.md", "/home/u/proj", false},
		{"rm -rf build", "/home/u/proj", false},
		{"rm -rf /home/u/proj/build", "", false},
		{"echo x > hooks.json", "/home/u/proj", false},
		{"echo x > ~/.claude/CLAUDE.md", "", false},
		{"echo x > .github/workflows/ci.yml", "/home/u/proj", false},
		{"mkdir -p .claude", "/home/u/proj", false},
		{"rmdir *", "/home/u/proj", false},
		{"rm -f *.json", "/home/u/proj", false},
		{"rm -f opencode.json", "/home/u/proj", true},
		{"rm -rf .*", "/home/u/proj", false},
		{"chmod g+w .[^.]* ..?*", "/home/u/proj", false},
		{"mv wordpress/.* .", "/home/u/proj", false},
		{"rm -rf ~/.*", "", true},
		{"rm ~/.claude/*", "", true},
		{"git add .claude/settings.json", "/home/u/proj", false},
		{"git commit -m hooks .claude/settings.json .github/hooks/guardsh.json", "/home/u/proj", false},
		{"git diff .claude/settings.json", "/home/u/proj", false},
		{"git checkout -- .claude/settings.json", "/home/u/proj", true},
		{"git restore .claude/settings.json", "/home/u/proj", true},
	}
	g := mustGuard(t, WithAgentHooks(testHookFiles...))
	for _, tt := range tests {
		st := testState()
		st.Dir = tt.dir
		if st.Dir == "" {
			st.Dir = "/home/u/work"
		}
		v := g.Classify(tt.line, st)
		got := verdictHas(v, rules.RuleAgentHooks)
		if got != tt.hit {
			t.Errorf("%q in %s: %v, want agent_hooks=%v", tt.line, st.Dir, v.Findings, tt.hit)
			continue
		}
		if !got {
			continue
		}
		if v.Level < High || v.Auto {
			t.Errorf("%q: level %v auto %v, want high and not auto", tt.line, v.Level, v.Auto)
		}
		for _, f := range v.Findings {
			if f.Rule == rules.RuleAgentHooks && !strings.HasSuffix(f.Reason, "changes the hooks that guard coding agents; guardsh's hook could be removed") {
				t.Errorf("%q: reason %q", tt.line, f.Reason)
			}
		}
	}
}

// TestAgentHooksNone checks that a guard without agents' hooks files
// protects none.
func TestAgentHooksNone(t *testing.T) {
	g := mustGuard(t)
	st := testState()
	if v := g.Classify("echo '{}' > ~/.claude/settings.json", st); verdictHas(v, rules.RuleAgentHooks) {
		t.Errorf("no hook files given: %v", v.Findings)
	}
}

// TestAgentHooksEffect checks the run-time check of what a program does
// to the agents' hooks files, as the supervisor reports it.
func TestAgentHooksEffect(t *testing.T) {
	g := mustGuard(t, WithAgentHooks(testHookFiles...))
	st := State{Dir: "/home/u/proj", Var: MapVars(map[string]string{"HOME": "/home/u"})}
	tests := []struct {
		kind, p, p2 string
		hit         bool
	}{
		{EffectOpen, "/home/u/.claude/settings.json", "", true},
		{EffectTrunc, "/home/u/.gemini/settings.json", "", true},
		{EffectRemove, "/home/u/.codex/hooks.json", "", true},
		{EffectRename, "/home/u/.claude/.settings.json.tmp", "/home/u/.claude/settings.json", true},
		{EffectRename, "/home/u/.claude/settings.json", "/tmp/x", true},
		{EffectChmod, "/home/u/.cursor/hooks.json", "", true},
		{EffectLink, "/home/u/.claude/settings.json", "/tmp/l", true},
		{EffectOpen, "/home/u/proj/.claude/settings.local.json", "", true},
		{EffectOpen, "/srv/app/.github/hooks/x.json", "", true},
		{EffectOpen, "/home/u/.config/opencode/plugin/allow.js", "", true},
		{EffectOpen, "/home/u/.claude/CLAUDE.md", "", false},
		{EffectOpen, "/home/u/proj/settings.json", "", false},
		{EffectRemove, "/home/u/proj/build/out.o", "", false},
		{EffectOpen, "/home/u/.claude/.settings.json.tmp", "", false},
	}
	for _, tt := range tests {
		v := g.CheckEffect(tt.kind, tt.p, tt.p2, st)
		if verdictHas(v, rules.RuleAgentHooks) != tt.hit {
			t.Errorf("%s %s %s: %v, want agent_hooks=%v", tt.kind, tt.p, tt.p2, v.Findings, tt.hit)
		}
		if tt.hit && v.Level < High {
			t.Errorf("%s %s: level %v", tt.kind, tt.p, v.Level)
		}
	}
}

// TestAgentHooksAssignReason checks that NAME=PATH is reported as PATH.
func TestAgentHooksAssignReason(t *testing.T) {
	g := mustGuard(t, WithAgentHooks(testHookFiles...))
	v := g.Classify("env A=/home/u/.claude/settings.json prog", testState())
	var reasons []string
	for _, f := range v.Findings {
		if f.Rule == rules.RuleAgentHooks {
			reasons = append(reasons, f.Reason)
		}
	}
	if len(reasons) != 1 || !strings.Contains(reasons[0], "given /home/u/.claude/settings.json,") {
		t.Errorf("reasons %q, want one naming /home/u/.claude/settings.json", reasons)
	}
}

// BenchmarkClassifyTLDRHooks is BenchmarkClassifyTLDR with guardsh's own
// files protected, as main builds the guard, without and with the agents'
// hooks files: the cost of rule agent_hooks.
func BenchmarkClassifyTLDRHooks(b *testing.B) {
	lines := corpusLines(b, "tldr.tsv")
	for _, bc := range []struct {
		name string
		opts []Option
	}{
		{"self", []Option{WithProtected(selfCmd("").Protected...)}},
		{"self+hooks", []Option{WithProtected(selfCmd("").Protected...), WithAgentHooks(testHookFiles...)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			g := mustGuard(b, bc.opts...)
			st := testState()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, l := range lines {
					g.Classify(l, st)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*len(lines)), "µs/line")
		})
	}
}
